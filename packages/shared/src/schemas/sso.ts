import { z } from 'zod';
import { IDENTITY_PROVIDERS } from '../enums.ts';
import { plainText } from './common.ts';

/** One sign-in provider button: disabled (with its hint) until the server has it configured. */
export const signInProvider = z.object({
  id: z.enum(IDENTITY_PROVIDERS),
  label: z.string(),
  enabled: z.boolean(),
});
export type SignInProvider = z.infer<typeof signInProvider>;

export const providerParams = z.object({ provider: z.enum(IDENTITY_PROVIDERS) });

/** `next`: where to land once signed in; only a path of this site is kept (no open redirect). */
export const providerStartQuery = z.object({ next: plainText(500).optional() });

/** The provider sends the code and state back, or an error (the user cancelled). */
export const providerCallbackQuery = z.looseObject({
  code: plainText(2000).optional(),
  state: plainText(500).optional(),
  error: plainText(500).optional(),
});
