import type {
  forgotPasswordBody,
  loginBody,
  newPasswordBody,
  registerBody,
  verifyEmailBody,
} from '@workhub/shared/schemas/auth';
import type { z } from 'zod';
import { lazyResolver } from '../../lib/lazy-resolver.ts';

/** The auth forms' values before (input) and after (output) the shared schemas parse them. */
export type LoginInput = z.input<typeof loginBody>;
export type LoginValues = z.output<typeof loginBody>;
export type RegisterInput = z.input<typeof registerBody>;
export type RegisterValues = z.output<typeof registerBody>;
export type VerifyEmailInput = z.input<typeof verifyEmailBody>;
export type VerifyEmailValues = z.output<typeof verifyEmailBody>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordBody>;
export type ForgotPasswordValues = z.output<typeof forgotPasswordBody>;
export type NewPasswordInput = z.input<typeof newPasswordBody>;
export type NewPasswordValues = z.output<typeof newPasswordBody>;

const resolvers = () => import('./form-resolvers.ts');

export const loginForm = lazyResolver<LoginInput, LoginValues>(async () => (await resolvers()).loginResolver);
export const registerForm = lazyResolver<RegisterInput, RegisterValues>(
  async () => (await resolvers()).registerResolver,
);
export const verifyEmailForm = lazyResolver<VerifyEmailInput, VerifyEmailValues>(
  async () => (await resolvers()).verifyEmailResolver,
);
export const forgotPasswordForm = lazyResolver<ForgotPasswordInput, ForgotPasswordValues>(
  async () => (await resolvers()).forgotPasswordResolver,
);
export const newPasswordForm = lazyResolver<NewPasswordInput, NewPasswordValues>(
  async () => (await resolvers()).newPasswordResolver,
);
