import { z } from 'zod';
import { messages } from '../messages.ts';
import { contactFields, contactValues, optionalString } from './common.ts';

/** The profile form (spec section 3; spec section 5: no validation beyond lengths). */
export const profileBody = z.object({
  first_name: optionalString(100),
  last_name: optionalString(100),
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

export const changePasswordBody = z
  .object({
    current_password: z
      .string({ error: messages.passwordRequired })
      .min(1, { error: messages.passwordRequired })
      .max(200),
    password: z
      .string({ error: messages.registerPasswordRequired })
      .min(1, { error: messages.registerPasswordRequired })
      .min(6, { error: messages.registerPasswordMin })
      .max(200),
    confirm_password: z
      .string({ error: messages.confirmPasswordRequired })
      .min(1, { error: messages.confirmPasswordRequired }),
  })
  .refine((v) => v.password === v.confirm_password, {
    error: messages.passwordsMustMatch,
    path: ['confirm_password'],
    when: () => true,
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
