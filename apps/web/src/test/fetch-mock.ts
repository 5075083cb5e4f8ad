import { afterEach, beforeEach, vi } from 'vitest';
import { clearSession } from '../lib/session.ts';
import { resetSessionForTests } from '../lib/session-store.ts';

/**
 * For a test file that talks to the API: a fresh session and a mocked `fetch` before each test,
 * and no timer or stub left behind after it.
 */
export const mockFetchPerTest = () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetSessionForTests();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    clearSession('none');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return fetchMock;
};

/** The URLs a fetch mock was called with, in order. */
export const calledUrls = (fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) =>
  fetchMock.mock.calls.map((call) => String(call[0]));
