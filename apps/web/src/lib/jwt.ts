import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';

/**
 * Reads the claims of an access token. The browser never verifies the signature (the API does);
 * it only needs `exp` to schedule the refresh and the role/template for what it shows.
 */
export const decodeClaims = (token: string): AccessTokenClaims | null => {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    if (
      typeof claims !== 'object' ||
      claims === null ||
      typeof (claims as { exp?: unknown }).exp !== 'number'
    ) {
      return null;
    }
    return claims as AccessTokenClaims;
  } catch {
    return null;
  }
};
