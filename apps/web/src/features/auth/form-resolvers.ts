import { zodResolver } from '@hookform/resolvers/zod';
import {
  forgotPasswordBody,
  loginBody,
  newPasswordBody,
  registerBody,
  verifyEmailBody,
} from '@workhub/shared/schemas/auth';

// The shared schemas the API validates with; loaded lazily through forms.ts.
export const loginResolver = zodResolver(loginBody);

export const registerResolver = zodResolver(registerBody);
export const verifyEmailResolver = zodResolver(verifyEmailBody);
export const forgotPasswordResolver = zodResolver(forgotPasswordBody);
export const newPasswordResolver = zodResolver(newPasswordBody);
