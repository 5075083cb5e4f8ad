import type { AuthSession, LoginBody } from '@workhub/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';

// The auth calls are plain fetchers: the sign-in and sign-up screens are the first route a visitor
// loads, so they keep TanStack Query off it (bundle budget); react-hook-form's isSubmitting is the
// pending state of the call.

export type LoginResponse = { data: AuthSession; message?: string };

/** POST /api/auth/login: tokens, or 401 'Invalid email or password.' / 403 EMAIL_NOT_VERIFIED. */
export const login = (body: LoginBody) =>
  apiRequest<LoginResponse>('/api/auth/login', { method: 'POST', body, auth: false });
