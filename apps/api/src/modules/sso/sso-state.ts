import { createHash } from 'node:crypto';
import { IDENTITY_PROVIDERS, type IdentityProvider } from '@workhub/shared/enums';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import type { SignInChecks } from './sso-clients.ts';

export const SSO_STATE_COOKIE = 'sso_state';
/** Path of the start and callback routes only. */
export const SSO_STATE_COOKIE_PATH = '/api/auth/oauth';
/** Time to sign in at the provider. */
export const SSO_STATE_TTL_SECONDS = 10 * 60;

export type SsoState = SignInChecks & { provider: IdentityProvider; next: string };

const payload = z.object({
  provider: z.enum(IDENTITY_PROVIDERS),
  state: z.string(),
  code_verifier: z.string(),
  nonce: z.string().optional(),
  next: z.string(),
});

/**
 * The sign-in attempt's secrets (state, PKCE verifier, nonce, where to go after) in an encrypted
 * JWT (dir + A256GCM) under a key derived from JWT_SECRET: the browser holds them, cannot read or
 * change them, and nothing is stored server-side, so any instance can take the callback.
 */
export function createSsoStateCodec(jwtSecret: string, now: Clock) {
  const key = createHash('sha256').update(`workhub sso state\0${jwtSecret}`).digest();

  async function seal(value: SsoState): Promise<string> {
    const issuedAt = Math.floor(now().getTime() / 1000);
    return new EncryptJWT({
      provider: value.provider,
      state: value.state,
      code_verifier: value.codeVerifier,
      ...(value.nonce ? { nonce: value.nonce } : {}),
      next: value.next,
    })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + SSO_STATE_TTL_SECONDS)
      .encrypt(key);
  }

  /** The attempt, or undefined when the cookie is missing, forged, expired or of another provider. */
  async function open(cookie: string | undefined, provider: IdentityProvider): Promise<SsoState | undefined> {
    if (!cookie) return undefined;
    try {
      const { payload: raw } = await jwtDecrypt(cookie, key, { currentDate: now() });
      const parsed = payload.safeParse(raw);
      if (!parsed.success || parsed.data.provider !== provider) return undefined;
      const { state, code_verifier, nonce, next } = parsed.data;
      return { provider, state, codeVerifier: code_verifier, nonce, next };
    } catch {
      return undefined;
    }
  }

  return { seal, open };
}

export type SsoStateCodec = ReturnType<typeof createSsoStateCodec>;
