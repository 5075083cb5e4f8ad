import { z } from 'zod';
import { IDENTITY_PROVIDERS } from '../enums.ts';

/** One sign-in provider button: disabled (with its hint) until the server has it configured. */
export const signInProvider = z.object({
  id: z.enum(IDENTITY_PROVIDERS),
  label: z.string(),
  enabled: z.boolean(),
});
export type SignInProvider = z.infer<typeof signInProvider>;

export const providerParams = z.object({ provider: z.enum(IDENTITY_PROVIDERS) });

/** `next`: where to land once signed in; only a path of this site is kept (no open redirect). */
export const providerStartQuery = z.object({ next: z.string().max(500).optional() });

/** The provider sends the code and state back, or an error (the user cancelled). */
export const providerCallbackQuery = z.looseObject({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
});
