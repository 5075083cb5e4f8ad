import { CODE_RESEND_SECONDS } from '@workhub/shared/constants';

/** Whole seconds until `availableAtMs`, rounded up, never below zero. */
export const secondsLeft = (availableAtMs: number, nowMs: number = Date.now()): number =>
  Math.max(0, Math.ceil((availableAtMs - nowMs) / 1000));

/** The resend button's text: 'Resend code in 42s' while counting down, then 'Resend code'. */
export const resendLabel = (seconds: number): string =>
  seconds > 0 ? `Resend code in ${seconds}s` : 'Resend code';

/**
 * When a new code may be asked for: the server's `resend_available_at` when we have it, else the
 * server's default countdown (60 s) from `fallbackFromMs` (the page load).
 */
export const resendAvailableAt = (
  serverValue: string | number | null | undefined,
  fallbackFromMs: number,
): number => {
  if (typeof serverValue === 'number' && Number.isFinite(serverValue)) return serverValue;
  if (typeof serverValue === 'string') {
    const parsed = Date.parse(serverValue);
    if (Number.isFinite(parsed)) return parsed;
  }
  return fallbackFromMs + CODE_RESEND_SECONDS * 1000;
};

/** A 429's `retry_after` (seconds) as the moment the countdown ends. */
export const availableAfter = (retryAfterSeconds: number | undefined, nowMs: number = Date.now()): number =>
  nowMs + (retryAfterSeconds ?? CODE_RESEND_SECONDS) * 1000;
