import type { CodeSentResponse, ForgotPasswordBody } from '@workhub/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/forgot-password: the same answer whether or not the address exists. */
export const forgotPassword = (body: ForgotPasswordBody) =>
  apiRequest<CodeSentResponse>('/api/auth/forgot-password', { method: 'POST', body, auth: false });
