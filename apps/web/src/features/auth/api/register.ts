import type { CodeSentResponse, RegisterBody } from '@workhub/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/register: 201 and a code by e-mail; 409 when the e-mail is taken. */
export const register = (body: RegisterBody) =>
  apiRequest<CodeSentResponse>('/api/auth/register', { method: 'POST', body, auth: false });
