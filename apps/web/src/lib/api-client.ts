import { ApiError } from './api-error.ts';
import { type HttpMethod, requestFile, requestJson } from './http.ts';
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
  /** Sent as `Prefer`: `return=minimal` where the API can leave out what the page reads elsewhere. */
  prefer?: 'return=minimal';
  /** The record's `updated_at` the edit was made against, sent as `If-Match` (http.ts). */
  ifMatch?: string | undefined;
};

/**
 * `call` with the session's access token; a READ_ONLY answer marks the session read-only, and a
 * 401 refreshes once and retries once with the new token.
 */
const withAccessToken = async <T>(call: (token: string | null) => Promise<T>): Promise<T> => {
  try {
    return await call(getAccessToken());
  } catch (error) {
    if (error instanceof ApiError && error.code === 'READ_ONLY') markAccountReadOnly();
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    let token: string;
    try {
      token = (await refreshSession()).access_token;
    } catch (refused) {
      expireSession(refused);
      throw error;
    }
    return call(token);
  }
};

const OBJECT_URL_LIFETIME_MS = 30_000;

export const apiRequest = async <T>(path: string, options: ApiRequest = {}): Promise<T> => {
  const { auth = true, ...rest } = options;
  if (!auth) return requestJson<T>(path, rest);
  return withAccessToken((token) => requestJson<T>(path, { ...rest, token }));
};

/**
 * GETs a file (a CSV export) like apiRequest (token, refresh on a 401) and has the browser save
 * it: under the name the API gives, else `filename`. Answers where an export stopped short, if it did.
 */
export const download = async (path: string, filename: string): Promise<{ truncatedAt: number | null }> => {
  const file = await withAccessToken((token) => requestFile(path, { token }));
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns: free it a while later, not at once.
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  return { truncatedAt: file.truncatedAt };
};
