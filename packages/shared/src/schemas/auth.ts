import { z } from 'zod';
import { CODE_LENGTH, DEFAULT_PLAN_ID } from '../constants.ts';
import { CODE_PURPOSES, PLATFORM_ROLES, TEMPLATES, TOKEN_ROLES, WORKSPACE_ROLES } from '../enums.ts';
import { messages } from '../messages.ts';
import { sessionSubscription } from './billing.ts';
import { emailField, int32, requiredString } from './common.ts';
import {
  confirmPasswordField,
  newPasswordField,
  PASSWORD_MAX,
  withPasswordConfirmation,
} from './passwords.ts';

/** Six letters or digits; compared without regard to case. */
export const codeField = z
  .string({ error: messages.codeRequired })
  .trim()
  .min(1, { error: messages.codeRequired })
  .min(CODE_LENGTH, { error: messages.codeMin })
  .max(CODE_LENGTH, { error: `Code must be exactly ${CODE_LENGTH} characters` })
  .regex(/^[A-Za-z0-9]+$/, { error: messages.codeAlphanumeric })
  .toUpperCase();

/** A consent checkbox: the spec sends 1, a form sends true; anything else is refused. */
const acknowledgement = z.literal([true, 1], { error: messages.acknowledge });

export const registerBody = withPasswordConfirmation(
  z.object({
    subscription_id: int32().default(DEFAULT_PLAN_ID),
    first_name: requiredString(messages.firstNameRequired, 100),
    last_name: requiredString(messages.lastNameRequired, 100),
    email: emailField,
    password: newPasswordField,
    confirm_password: confirmPasswordField,
    terms_of_service: acknowledgement,
    privacy_policy: acknowledgement,
  }),
);
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, { error: messages.passwordRequired })
    .max(PASSWORD_MAX, { error: messages.loginFailed }),
});
export type LoginBody = z.input<typeof loginBody>;

/**
 * The sign-up attempt a verify page holds (register answers it): the code must then be one mailed
 * for that attempt. Without it (a device that did not register), the code activates the attempt it
 * was mailed for. Any other value is an attempt that does not exist.
 */
const attemptIdField = z
  .string({ error: messages.attemptInvalid })
  .trim()
  .max(64, { error: messages.attemptInvalid })
  .optional();

export const verifyEmailBody = z.object({ email: emailField, code: codeField, attempt_id: attemptIdField });
export type VerifyEmailBody = z.input<typeof verifyEmailBody>;

export const resendCodeBody = z.object({
  email: emailField,
  purpose: z.enum(CODE_PURPOSES).default('verify_email'),
  /** For verify_email: the attempt whose code is sent again (no mail without a known one). */
  attempt_id: attemptIdField,
});
export type ResendCodeBody = z.input<typeof resendCodeBody>;

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const newPasswordBody = withPasswordConfirmation(
  z.object({
    email: emailField,
    code: codeField,
    password: newPasswordField,
    confirm_password: confirmPasswordField,
  }),
);
export type NewPasswordBody = z.input<typeof newPasswordBody>;

/**
 * The claims of an access token (spec section 3: exp, user_id, role, accounts). `account_id` is
 * the tenant the token acts in: the user's own account after sign-in, the workspace's account once
 * a workspace is chosen (POST /api/auth/workspace-session); `role` is the role held there.
 */
export const accessTokenClaims = z.object({
  user_id: z.string(),
  role: z.enum(TOKEN_ROLES),
  platform_role: z.enum(PLATFORM_ROLES).nullable().default(null),
  /** How many accounts the user holds: 1 or more means an account holder. */
  accounts: z.number().int().min(0),
  account_id: z.string().nullable(),
  workspace_id: z.string().nullable().default(null),
  template: z.enum(TEMPLATES).nullable().default(null),
  /**
   * The sign-in (refresh-token family) the token was issued for: `session_id` of GET
   * /api/me/sessions. Optional so tokens issued before it existed still verify.
   */
  sid: z.string().optional(),
  exp: z.number().int(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaims>;

export const sessionUser = z.object({
  user_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(TOKEN_ROLES),
  platform_role: z.enum(PLATFORM_ROLES).nullable(),
  account_id: z.string().nullable(),
  accounts: z.number().int(),
  email_verified: z.boolean(),
  /** False until the account holder has picked a plan on /subscription_type. */
  plan_chosen: z.boolean(),
  /** The workspace the session acts in, once one is chosen. */
  workspace: z
    .object({
      workspace_id: z.string(),
      workspace_name: z.string(),
      template: z.enum(TEMPLATES),
      role: z.enum(WORKSPACE_ROLES),
      /**
       * The name of the workspace's public pages (a salon's /book/:slug, a queue's /q/:slug/...),
       * set at creation and never changed: every member may share them.
       */
      public_slug: z.string(),
    })
    .nullable()
    .default(null),
  /**
   * The subscription of the account the session acts in (the held account at home, the
   * workspace's account in a workspace); null for platform staff and members with no account.
   */
  subscription: sessionSubscription.nullable().default(null),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** What sign-in, verify, new-password, refresh and session restore answer. */
/** Why a device's session was put out of the workspace it acted in (see AuthSession.left_workspace). */
export const LEFT_WORKSPACE_REASONS = ['removed', 'inactive', 'archived', 'account_inactive'] as const;
export type LeftWorkspaceReason = (typeof LEFT_WORKSPACE_REASONS)[number];

export const authSession = z.object({
  access_token: z.string(),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
  user: sessionUser,
  /**
   * On a refresh or restore only: the workspace the device acted in until now, which it can no
   * longer open (the member removed or made inactive, the workspace archived, its account made
   * inactive), so the session came back home. Once: the new refresh token remembers no workspace.
   */
  left_workspace: z.object({ workspace_name: z.string(), reason: z.enum(LEFT_WORKSPACE_REASONS) }).optional(),
});
export type AuthSession = z.infer<typeof authSession>;

/** What register, resend, forgot-password answer: when the next code may be requested. */
export const codeSentResponse = z.object({
  message: z.string(),
  data: z.object({
    email: z.string(),
    resend_available_at: z.string(),
    /** Register and verify_email resend: the sign-up attempt the verify page keeps and sends back. */
    attempt_id: z.string().optional(),
  }),
});
export type CodeSentResponse = z.infer<typeof codeSentResponse>;
