import type { IdentityProvider } from '@workhub/shared/enums';

/** What a provider says about the person who signed in there. */
export type ProviderProfile = {
  provider: IdentityProvider;
  /** For 'oidc' `<issuer>#<sub>`, for 'github' the numeric user id (user_identities.subject). */
  subject: string;
  email: string;
  /** The provider vouches for the address (OIDC email_verified, GitHub's verified primary e-mail). */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

/** The secrets of one sign-in attempt, kept in the browser's encrypted state cookie until the callback. */
export type SignInChecks = { state: string; codeVerifier: string; nonce: string | undefined };

/** One configured provider: where to send the browser, and what its callback proves. */
export type ProviderClient = {
  start(): Promise<{ url: URL; checks: SignInChecks }>;
  /** `callbackUrl` is the redirect URL with the query the provider sent back. Throws on any mismatch. */
  finish(callbackUrl: URL, checks: SignInChecks): Promise<ProviderProfile>;
};

/** A provider answer that cannot sign anyone in (wrong state, no e-mail, a refused exchange). */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
}

/** First and last name from a display name, when the provider has no separate ones. */
export function splitName(name: string | undefined, email: string): { firstName: string; lastName: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = parts;
  if (!first) return { firstName: email.split('@')[0]?.slice(0, 100) || email, lastName: '' };
  return { firstName: first.slice(0, 100), lastName: rest.join(' ').slice(0, 100) };
}
