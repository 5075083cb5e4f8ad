import { ACCESS_TOKEN_TTL_SECONDS } from '@workhub/shared/constants';
import { type AccessTokenClaims, accessTokenClaims } from '@workhub/shared/schemas/auth';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock.ts';

export type AccessTokens = {
  sign(claims: Omit<AccessTokenClaims, 'exp'>): Promise<{ token: string; expiresIn: number }>;
  verify(token: string): Promise<AccessTokenClaims | null>;
};

/** HS256 access tokens carrying exactly the claims of `accessTokenClaims`, timed by the app's clock. */
export function createAccessTokens(secret: string, now: Clock): AccessTokens {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        const claims = accessTokenClaims.safeParse(payload);
        return claims.success ? claims.data : null;
      } catch {
        return null;
      }
    },
  };
}
