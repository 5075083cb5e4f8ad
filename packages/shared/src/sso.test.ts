import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { providerStartPath, SSO_ERRORS, safeNextPath, ssoErrorMessage } from './sso.ts';

describe('safeNextPath', () => {
  it('keeps a path of this site', () => {
    expect(safeNextPath('/project/list?page=2')).toBe('/project/list?page=2');
  });

  it.each([undefined, '', 'project', 'https://evil.example/', '//evil.example', '/\\evil.example', '/a\nb'])(
    'sends %j to /workspace',
    (next) => {
      expect(safeNextPath(next)).toBe('/workspace');
    },
  );
});

describe('ssoErrorMessage', () => {
  it('has a message for every code, and the generic one for anything else', () => {
    expect(SSO_ERRORS.map(ssoErrorMessage)).toEqual([
      messages.providerFailed,
      messages.providerEmailUnverified,
      messages.loginInactive,
      messages.providerNotConfigured,
      messages.tooManyRequests,
    ]);
    expect(ssoErrorMessage('whatever')).toBe(messages.providerFailed);
    expect(ssoErrorMessage(null)).toBeNull();
  });
});

it('providerStartPath carries next encoded', () => {
  expect(providerStartPath('github')).toBe('/api/auth/oauth/github/start');
  expect(providerStartPath('oidc', '/a b')).toBe('/api/auth/oauth/oidc/start?next=%2Fa%20b');
});
