import { TOKEN_REFRESH_MARGIN_SECONDS } from '@workhub/shared/constants';

/**
 * How long to wait before refreshing a token that expires at `expSeconds` (JWT `exp`, seconds since
 * the epoch): 120 s before expiry (spec section 9), never negative, so an almost-expired token is
 * refreshed at once.
 */
export const refreshDelayMs = (expSeconds: number, nowMs: number = Date.now()): number =>
  Math.max(0, expSeconds * 1000 - TOKEN_REFRESH_MARGIN_SECONDS * 1000 - nowMs);

/** The `exp` to plan with: the token's claim, else `expires_in` seconds from now. */
export const expiryFrom = (claimExp: number | undefined, expiresIn: number, nowMs: number = Date.now()) =>
  claimExp ?? Math.floor(nowMs / 1000) + expiresIn;

type Timer = ReturnType<typeof setTimeout>;

/** One pending refresh at a time: planning a new one cancels the previous. */
export const createRefreshScheduler = (run: () => void) => {
  let timer: Timer | undefined;
  return {
    schedule(expSeconds: number, nowMs: number = Date.now()) {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(
        () => {
          timer = undefined;
          run();
        },
        refreshDelayMs(expSeconds, nowMs),
      );
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
};
