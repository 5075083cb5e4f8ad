import type { CodeSentResponse, ResendCodeBody } from '@workhub/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/resend-code: a new code, or 429 while the countdown has not run out. */
export const resendCode = (body: ResendCodeBody) =>
  apiRequest<CodeSentResponse>('/api/auth/resend-code', { method: 'POST', body, auth: false });
