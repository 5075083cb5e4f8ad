import { z } from 'zod';
import { messages } from '../messages.ts';
import { contactFields, contactValues, requiredString } from './common.ts';
import {
  confirmPasswordField,
  newPasswordField,
  PASSWORD_MAX,
  withPasswordConfirmation,
} from './passwords.ts';

/**
 * The profile form (spec section 3). A PATCH may leave a name out (it stays), but a name sent
 * must not be blank: the user menu, the team list and task assignees show it, and a nameless
 * user shows as nothing. The form always sends both.
 */
export const profileBody = z.object({
  first_name: requiredString(messages.firstNameRequired, 100).optional(),
  last_name: requiredString(messages.lastNameRequired, 100).optional(),
  ...contactFields,
});
export type ProfileBody = z.input<typeof profileBody>;

export const profile = z.object({
  user_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  ...contactValues,
  /** The plan of the account the user holds (own profile only), or null. */
  subscription_type: z.string().nullable(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profile>;

export const changePasswordBody = withPasswordConfirmation(
  z.object({
    current_password: z
      .string({ error: messages.passwordRequired })
      .min(1, { error: messages.passwordRequired })
      .max(PASSWORD_MAX),
    password: newPasswordField,
    confirm_password: confirmPasswordField,
  }),
).refine((v) => v.password !== v.current_password, {
  error: messages.passwordUnchanged,
  path: ['password'],
  when: (payload) => typeof payload.value === 'object' && payload.value !== null,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** One signed-in device: a refresh-token family that is not revoked or expired. */
export const activeSession = z.object({
  session_id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSession>;
