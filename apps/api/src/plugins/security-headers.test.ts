import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helpers.ts';
import { helmetHeaders } from './security-headers.ts';

const t = useTestApp();

describe('security headers', () => {
  it('are sent on an answer, a 404 and a refusal alike', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      t.app.inject({ method: 'GET', url: '/api/projects' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 401]);
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy']).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      // Plain HTTP (no secure cookies): no HSTS, no upgrade of requests.
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    }
  });

  it('are exactly what helmet sets on a response for the same options', () => {
    const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } };
    const set = new Map<string, string>();
    helmet(options)(
      {} as never,
      { setHeader: (n: string, v: string) => set.set(n.toLowerCase(), v), removeHeader: () => {} } as never,
      () => {},
    );
    expect(new Map(helmetHeaders(options))).toEqual(set);
    expect(set.size).toBeGreaterThan(8);
  });

  it('add HSTS and upgrade-insecure-requests when told to', () => {
    const headers = new Map(
      helmetHeaders({
        contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] } },
        strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
      }),
    );
    expect(headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
    expect(headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('refuses options helmet refuses, at start-up rather than per request', () => {
    expect(() =>
      helmetHeaders({
        contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ['self'] } },
      }),
    ).toThrow();
  });
});
