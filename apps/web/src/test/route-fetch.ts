import { messages } from '@workhub/shared/messages';
import type { vi } from 'vitest';
import { jsonResponse } from './fixtures.ts';

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/**
 * Answers a mocked fetch by method and path (the query string is ignored), for pages that make
 * several calls at once: `routeFetch(fetchMock, { 'GET /api/team': () => jsonResponse(200, ...) })`.
 * A call with no handler fails the test with a 599.
 */
export const routeFetch = (
  fetchMock: ReturnType<typeof vi.fn<typeof fetch>>,
  routes: Record<string, Handler>,
) => {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const handler = routes[key];
    if (!handler)
      return new Response(JSON.stringify({ error: { code: 'INTERNAL', message: `no mock: ${key}` } }), {
        status: 599,
      });
    return handler(init, url);
  });
};

/** The `If-Match` a mocked call sent ('' when none). */
export const ifMatchOf = (init: RequestInit | undefined): string =>
  new Headers(init?.headers).get('If-Match') ?? '';

/** A record's GET answered `opened` the first time, `theirs` after (someone saved in between). */
export const readTwice = <T>(opened: T, theirs: T): Handler => {
  let reads = 0;
  return () => {
    reads += 1;
    return jsonResponse(200, { data: reads === 1 ? opened : theirs });
  };
};

/**
 * A save made against a version someone saved over: records each call's If-Match in `ifMatches`,
 * answers the first 412 EDIT_CONFLICT, and the next ones `saved` (200), or 412 again without it.
 */
export const refusedOnce =
  (ifMatches: string[], saved?: object): Handler =>
  (init) => {
    ifMatches.push(ifMatchOf(init));
    return ifMatches.length > 1 && saved
      ? jsonResponse(200, saved)
      : jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
  };
