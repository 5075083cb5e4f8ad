/** Business constants of spec section 9, and the limits the server enforces. */
export const PAGE_SIZE_DEFAULT = 14;
export const PAGE_SIZE_MAX = 100;
export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 15 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_SECONDS = 60;
export const PASSWORD_MIN = 6;
export const PLAN_DESCRIPTION_MIN = 10;
export const TRIAL_DAYS = 30;
export const DEFAULT_PLAN_ID = 1;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const TOKEN_REFRESH_MARGIN_SECONDS = 120;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const REFRESH_COOKIE = 'refresh_token';
