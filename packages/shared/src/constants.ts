/** Business constants of spec section 9, and the limits the server enforces. */
export const PAGE_SIZE_DEFAULT = 14;
export const PAGE_SIZE_MAX = 100;
/** The longest name search (`q`) the project and task lists take, and the search boxes allow. */
export const SEARCH_TEXT_MAX = 100;
/** The most rows a CSV export holds (the first ones in the list's order; docs/api.md). */
export const EXPORT_ROWS_MAX = 10_000;
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
/** How long an invitation link is valid (re-sending it starts a new period). */
export const INVITATION_TTL_DAYS = 7;
/** An address is mailed an invitation to a workspace at most once in this many seconds (invite or re-send). */
export const INVITATION_RESEND_SECONDS = 60;
/** A workspace logo: at most 1 MB, PNG, JPEG, WebP or GIF. */
export const LOGO_MAX_BYTES = 1024 * 1024;
/** The logo of a workspace with none uploaded; the web app serves it from its public folder. */
export const DEFAULT_WORKSPACE_LOGO = '/default-workspace-logo.svg';
