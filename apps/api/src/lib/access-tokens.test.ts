import { describe, expect, it } from 'vitest';
import { createAccessTokens, VERIFIED_TOKENS_KEPT } from './access-tokens.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const claims = {
  user_id: '6f1c2d9e-1111-4222-8333-444455556666',
  role: 'owner' as const,
  platform_role: null,
  accounts: 1,
  account_id: '6f1c2d9e-1111-4222-8333-444455557777',
  workspace_id: null,
  template: null,
  sid: '6f1c2d9e-1111-4222-8333-444455558888',
};

function clock(start = Date.UTC(2026, 10, 24, 12)) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

describe('access tokens', () => {
  it('verifies a token again and again, each time as a copy of its own', async () => {
    const c = clock();
    const tokens = createAccessTokens(SECRET, c.now);
    const { token } = await tokens.sign(claims);
    const first = await tokens.verify(token);
    const second = await tokens.verify(token);
    expect(first).toMatchObject(claims);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
  });

  it('refuses a token once expired, though it was verified before', async () => {
    const c = clock();
    const tokens = createAccessTokens(SECRET, c.now);
    const { token, expiresIn } = await tokens.sign(claims);
    expect(await tokens.verify(token)).not.toBeNull();
    c.advance(expiresIn * 1000 - 1000);
    expect(await tokens.verify(token)).not.toBeNull();
    c.advance(1000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a tampered copy of a token it verified, and one signed with another secret', async () => {
    const c = clock();
    const tokens = createAccessTokens(SECRET, c.now);
    const { token } = await tokens.sign(claims);
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    forged.role = 'admin';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect(await tokens.verify(tampered)).toBeNull();
    const other = await createAccessTokens('another-secret-of-at-least-thirty-two-chars', c.now).sign(claims);
    expect(await tokens.verify(other.token)).toBeNull();
  });

  it('remembers a bounded number of tokens and still verifies the ones it forgot', async () => {
    const c = clock();
    const tokens = createAccessTokens(SECRET, c.now);
    const { token: oldest } = await tokens.sign(claims);
    await tokens.verify(oldest);
    for (let i = 0; i < VERIFIED_TOKENS_KEPT; i += 1) {
      const { token } = await tokens.sign({ ...claims, accounts: i });
      await tokens.verify(token);
    }
    // Forgotten, then verified from scratch.
    expect(await tokens.verify(oldest)).toMatchObject(claims);
  }, 60_000);
});
