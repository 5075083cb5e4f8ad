import type { IdentityProvider } from './enums.ts';
import { messages } from './messages.ts';

// Kept apart from schemas/sso.ts: the sign-in screen uses these, and must not load zod for them.

/**
 * Why a provider sign-in failed: the callback sends the browser to
 * /auth/login?sso_error=<code>, and the sign-in screen shows the message.
 */
export const SSO_ERRORS = [
  'failed',
  'email_unverified',
  'inactive',
  'not_configured',
  'rate_limited',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

export const ssoErrorMessage = (code: string | null): string | null => {
  switch (code) {
    case null:
      return null;
    case 'email_unverified':
      return messages.providerEmailUnverified;
    case 'inactive':
      return messages.loginInactive;
    case 'not_configured':
      return messages.providerNotConfigured;
    case 'rate_limited':
      return messages.tooManyRequests;
    default:
      return messages.providerFailed;
  }
};

/** The page a provider sign-in lands on by default: the workspace picker (or the plan choice). */
export const SSO_DEFAULT_NEXT = '/workspace';

/** A same-site path, or the default: `//evil.example`, `/\evil` and absolute URLs are refused. */
export function safeNextPath(next: string | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return SSO_DEFAULT_NEXT;
  return [...next].some((c) => c.charCodeAt(0) < 0x20) ? SSO_DEFAULT_NEXT : next;
}

export const providerStartPath = (provider: IdentityProvider, next?: string): string =>
  `/api/auth/oauth/${provider}/start${next ? `?next=${encodeURIComponent(next)}` : ''}`;
