import { act, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { notify } from '../lib/notify.tsx';
import { queryClient } from '../lib/query-client.ts';
import { clearSession, expireSession, signIn } from '../lib/session.ts';
import { mockFetchPerTest } from '../test/fetch-mock.ts';
import { fakeAuthSession, jsonResponse } from '../test/fixtures.ts';
import { renderPage } from '../test/render.tsx';
import { routeFetch } from '../test/route-fetch.ts';
import { wholeApp } from '../test/whole-app.tsx';

vi.mock('../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
afterEach(() => queryClient.clear());

/** Lazy pages load their chunk first; under load that takes more than the default second. */
const SLOW = { timeout: 8_000 };

describe('AppRoot', { timeout: 20_000 }, () => {
  it('reads out the new page when a move leaves one layout for another (public site to sign-in)', async () => {
    routeFetch(fetchMock, {
      'GET /api/plans': () => jsonResponse(200, { data: [], meta: { page: 1, limit: 100, total: 0 } }),
    });
    clearSession('none'); // a visitor: the restore found no session
    renderPage(wholeApp, '/pricing');
    const announcer = await screen.findByTestId('route-announcer', {}, SLOW);
    await screen.findByRole('heading', { name: /plan/i, level: 1 }, SLOW);
    // The first page of a visit is the browser's to announce.
    expect(announcer.textContent).toBe('');
    // The public site's navbar to the sign-in page: the public layout is gone, the announcer stays.
    within(screen.getByRole('navigation', { name: 'Main' }))
      .getByRole('link', { name: 'Log in' })
      .click();
    await screen.findByRole('button', { name: /sign in/i }, SLOW);
    await waitFor(() => expect(screen.getByTestId('route-announcer').textContent).toBe('Sign in'), SLOW);
    expect(screen.getAllByTestId('route-announcer')).toHaveLength(1);
  });

  it("says why a deactivated account's session ended, instead of 'sign in again', on the sign-in page", async () => {
    routeFetch(fetchMock, {
      'GET /api/plans': () => jsonResponse(200, { data: [], meta: { page: 1, limit: 100, total: 0 } }),
    });
    signIn(fakeAuthSession());
    renderPage(wholeApp, '/pricing');
    await screen.findByRole('heading', { name: /plan/i, level: 1 }, SLOW);
    const refused = new ApiError({
      status: 403,
      code: 'ACCOUNT_INACTIVE',
      message: messages.accountInactive,
    });
    act(() => expireSession(refused));
    await screen.findByRole('button', { name: /sign in/i }, SLOW);
    expect(notify.error).toHaveBeenCalledWith(messages.accountInactive);
    expect(notify.error).not.toHaveBeenCalledWith(messages.sessionExpired);
  });
});
