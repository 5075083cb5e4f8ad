import type { CodeSentResponse, RegisterBody } from '@workhub/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/register: 201 and the attempt's id, the same for a new and a taken address (the
 * code, or a notice to a taken address's owner, goes by e-mail).
 */
export const register = (body: RegisterBody) =>
  apiRequest<CodeSentResponse>('/api/auth/register', { method: 'POST', body, auth: false });
