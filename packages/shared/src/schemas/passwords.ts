import { z } from 'zod';
import { PASSWORD_MIN } from '../constants.ts';
import { messages } from '../messages.ts';

export const PASSWORD_MAX = 200;

/** A password being chosen: sign-up, reset, an invitation, the signed-in change. */
export const newPasswordField = z
  .string({ error: messages.registerPasswordRequired })
  .min(1, { error: messages.registerPasswordRequired })
  .min(PASSWORD_MIN, { error: messages.registerPasswordMin })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` });

export const confirmPasswordField = z
  .string({ error: messages.confirmPasswordRequired })
  .min(1, { error: messages.confirmPasswordRequired });

/**
 * The one password-and-confirmation rule: `confirm_password` must equal `password`, the mismatch
 * shown under the confirmation. The check runs even while other fields are still wrong (`when`),
 * so a form shows every message at once instead of this one only after the rest are fixed.
 */
export const withPasswordConfirmation = <T extends z.ZodType<{ password: string; confirm_password: string }>>(
  schema: T,
) =>
  schema.refine((v) => v.password === v.confirm_password, {
    error: messages.passwordsMustMatch,
    path: ['confirm_password'],
    when: () => true,
  });
