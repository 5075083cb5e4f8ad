import { ACCESS_TOKEN_TTL_SECONDS } from '@workhub/shared/constants';
import { type AccessTokenClaims, accessTokenClaims } from '@workhub/shared/schemas/auth';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock.ts';

export type AccessTokens = {
  sign(claims: Omit<AccessTokenClaims, 'exp'>): Promise<{ token: string; expiresIn: number }>;
  verify(token: string): Promise<AccessTokenClaims | null>;
};

/** How many verified tokens are remembered (a few MB at most); the oldest is forgotten first. */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * HS256 access tokens carrying exactly the claims of `accessTokenClaims`, timed by the app's clock.
 *
 * A token's signature and claims are checked once: a client sends the same token with every
 * request for its 15 minutes, so the verified claims are remembered by the token's exact text
 * (nothing but the same bytes, signature included, finds them) and only its expiry is checked
 * again. Each call gets its own copy of the claims: one request's claims object is never another's.
 * Whether the session behind the token still holds is not remembered: plugins/auth.ts asks the
 * database on every request.
 */
export function createAccessTokens(secret: string, now: Clock): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, AccessTokenClaims>();
  // jose's rule: a token is expired from its `exp` second on.
  const unexpired = (claims: AccessTokenClaims) => Math.floor(now().getTime() / 1000) < claims.exp;
  return {
    async sign(claims) {
      const exp = Math.floor(now().getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (unexpired(known)) return { ...known };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        const claims = accessTokenClaims.safeParse(payload);
        if (!claims.success) return null;
        if (verified.size >= VERIFIED_TOKENS_KEPT) {
          const oldest = verified.keys().next();
          if (!oldest.done) verified.delete(oldest.value);
        }
        verified.set(token, claims.data);
        return { ...claims.data };
      } catch {
        return null;
      }
    },
  };
}
