import type { SignInProvider } from '@workhub/shared/schemas/sso';
import { requestJson } from '../../../lib/http.ts';

/** GET /api/auth/providers: the sign-in provider buttons and whether each is configured. */
export const getProviders = (signal?: AbortSignal) =>
  requestJson<{ data: SignInProvider[] }>('/api/auth/providers', signal ? { signal } : {});
