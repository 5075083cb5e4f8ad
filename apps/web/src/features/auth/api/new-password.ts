import type { AuthSession, NewPasswordBody } from '@workhub/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export type NewPasswordResponse = { data: AuthSession; message?: string };

/** POST /api/auth/new-password: tokens and 'Welcome!', or a code error. */
export const newPassword = (body: NewPasswordBody) =>
  apiRequest<NewPasswordResponse>('/api/auth/new-password', { method: 'POST', body, auth: false });
