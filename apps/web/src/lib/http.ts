import { messages } from '@workhub/shared/messages';
import { ApiError, toApiError } from './api-error.ts';
import { localToday } from './local-date.ts';
import { lostWorkspaceWords } from './lost-workspace.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RawRequest = {
  method?: HttpMethod;
  body?: unknown;
  /** Bearer token to send, if any. */
  token?: string | null;
  signal?: AbortSignal;
  /** Sent as `Prefer` (RFC 7240): `return=minimal` asks for an answer without what is read elsewhere. */
  prefer?: 'return=minimal';
  /**
   * The version of the record an edit was made against (its `updated_at`), sent as `If-Match`: the
   * API refuses the edit (412 EDIT_CONFLICT) when someone has saved the record since.
   */
  ifMatch?: string | undefined;
};

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The answer header that says the token's workspace role or membership no longer holds. */
export const STALE_SESSION_HEADER = 'X-Session-Stale';

/** `refusal`: the words of a 403 that came with it (removed from the workspace, say), else null. */
type StaleSessionHandler = (refusal: string | null) => void;
let onStaleSession: StaleSessionHandler = () => {};

/** What to do when an answer says the session's claims are stale (lib/session.ts: refresh it). */
export const setStaleSessionHandler = (handler: StaleSessionHandler): void => {
  onStaleSession = handler;
};

/** Public GETs started before the page that reads them had loaded (prefetchPublic), by path. */
const early = new Map<string, Promise<Response>>();

/**
 * Starts a public GET now, without a token, that the page about to load reads first: it goes out
 * beside the page's scripts instead of after them (routes.tsx preloadRoute: /pricing's plans).
 * The first request for the same path that sends no token takes its answer instead of asking
 * again; any request after it asks anew.
 */
export const prefetchPublic = (path: string): void => {
  const response = fetch(path, { headers: { Accept: 'application/json' }, credentials: 'include' });
  response.catch(() => {});
  early.set(path, response);
};

/** The prefetched answer for a GET of `path` with no token and no body, taken once. */
const takeEarly = (path: string, init: RawRequest): Promise<Response> | undefined => {
  if ((init.method ?? 'GET') !== 'GET' || init.token || init.body !== undefined) return undefined;
  const response = early.get(path);
  early.delete(path);
  return response;
};

/** fetch with the token and the refresh cookie; a network failure is an ApiError (status 0). */
const send = async (path: string, init: RawRequest, accept: string): Promise<Response> => {
  const prefetched = accept === 'application/json' ? takeEarly(path, init) : undefined;
  if (prefetched) {
    try {
      return await prefetched;
    } catch {
      throw new ApiError({ status: 0, code: 'NETWORK', message: messages.serverError });
    }
  }
  const headers: Record<string, string> = { Accept: accept };
  // A FormData body (a file upload) goes as multipart; the browser writes its boundary header.
  const multipart = init.body instanceof FormData;
  if (init.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (init.token) {
    headers.Authorization = `Bearer ${init.token}`;
    // The user's own day: what "overdue" is measured against (the API's lib/viewer-date.ts).
    headers['X-Local-Date'] = localToday();
  }
  if (init.prefer) headers.Prefer = init.prefer;
  if (init.ifMatch) headers['If-Match'] = `"${init.ifMatch}"`;
  try {
    const response = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? null : multipart ? (init.body as FormData) : JSON.stringify(init.body),
      credentials: 'include',
      signal: init.signal ?? null,
    });
    return response;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'NETWORK', message: messages.serverError });
  }
};

/**
 * One call to the API at the same origin: JSON in (or multipart for a FormData body) and out, the refresh cookie sent along
 * (`credentials: 'include'`), a failed status turned into an ApiError. No retry here.
 */
export const requestJson = async <T>(path: string, init: RawRequest = {}): Promise<T> => {
  const response = await send(path, init, 'application/json');
  const body = await readBody(response);
  const error = response.ok ? undefined : toApiError(response.status, body);
  noteStale(response, error);
  if (error) throw error;
  return body as T;
};

/** Tells lib/session.ts of an answer whose session claims are stale, with the reason's words. */
const noteStale = (response: Response, error: ApiError | undefined) => {
  const stale = response.headers.get(STALE_SESSION_HEADER);
  if (!stale) return;
  // The reason in words for a session it puts out of its workspace; `changed` (a new role) says nothing.
  onStaleSession(error?.status === 403 ? error.message : lostWorkspaceWords(stale));
};

/** A file the API answered: its bytes and the name its content-disposition gives, if any. */
/** A downloaded file; `truncatedAt`: the export stopped at that many rows (x-export-truncated). */
export type DownloadedFile = { blob: Blob; filename: string | null; truncatedAt: number | null };

const FILENAME = /filename="([^"]+)"/;

/** Like requestJson, for an answer that is a file (a CSV export); an error is still JSON. */
export const requestFile = async (path: string, init: RawRequest = {}): Promise<DownloadedFile> => {
  const response = await send(path, init, 'text/csv, application/json');
  const error = response.ok ? undefined : toApiError(response.status, await readBody(response));
  noteStale(response, error);
  if (error) throw error;
  const filename = FILENAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  const truncated = Number(response.headers.get('x-export-truncated'));
  return { blob: await response.blob(), filename, truncatedAt: truncated > 0 ? truncated : null };
};
