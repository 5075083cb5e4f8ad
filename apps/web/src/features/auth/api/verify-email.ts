import type { AuthSession, VerifyEmailBody } from '@workhub/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export type VerifyEmailResponse = { data: AuthSession; message?: string };

/** POST /api/auth/verify-email: tokens and 'Welcome!', or a code error (wrong, expired, dead). */
export const verifyEmail = (body: VerifyEmailBody) =>
  apiRequest<VerifyEmailResponse>('/api/auth/verify-email', { method: 'POST', body, auth: false });
