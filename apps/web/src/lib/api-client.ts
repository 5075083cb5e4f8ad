import { ApiError } from './api-error.ts';
import { type HttpMethod, requestJson } from './http.ts';
import { expireSession, refreshSession } from './session.ts';
import { getAccessToken } from './session-store.ts';
import { markAccountReadOnly } from './use-account-access.ts';

export type ApiRequest = {
  method?: HttpMethod;
  body?: unknown;
  /**
   * Send the bearer token and, on a 401, refresh once and retry once (default). Public calls
   * (sign-in, register, the plan list...) set it to false: their 401 is an answer, not an expiry.
   */
  auth?: boolean;
  signal?: AbortSignal;
};

export const apiRequest = async <T>(path: string, options: ApiRequest = {}): Promise<T> => {
  const { auth = true, ...rest } = options;
  if (!auth) return requestJson<T>(path, rest);
  try {
    return await requestJson<T>(path, { ...rest, token: getAccessToken() });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'READ_ONLY') markAccountReadOnly();
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    let token: string;
    try {
      token = (await refreshSession()).access_token;
    } catch {
      expireSession();
      throw error;
    }
    return requestJson<T>(path, { ...rest, token });
  }
};
