import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { openTestDb, testApp, useTestApp } from '../test/helpers.ts';
import { helmetHeaders } from './security-headers.ts';

const t = useTestApp();

/** The CSP's directives by name, each with its sources. */
function directives(csp: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  it("are a strict policy: scripts of the app's own origin only, no inline script or eval, never framed", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // No 'unsafe-inline', no 'unsafe-eval', no data: or other host: an injected <script> never runs.
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    // Inline styles only (Mantine sets style attributes); styles cannot run script.
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-eval');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('add HSTS (180 days, subdomains) and upgrade-insecure-requests behind HTTPS (an https PUBLIC_URL)', async () => {
    const https = await testApp(await openTestDb(), { PUBLIC_URL: 'https://app.example.com' });
    try {
      const response = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
      expect(
        directives(response.headers['content-security-policy']).get('upgrade-insecure-requests'),
      ).toEqual([]);
      expect(response.headers['x-frame-options']).toBe('DENY');
    } finally {
      await https.app.close();
      await https.db.close();
    }
  });

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
      expect(response.headers['x-frame-options']).toBe('DENY');
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
