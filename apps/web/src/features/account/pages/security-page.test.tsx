import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { ActiveSession } from '@workhub/shared/schemas/account';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { SecurityPage } from './security-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WIN_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const sessions: ActiveSession[] = [
  {
    session_id: 's-here',
    user_agent: MAC_CHROME,
    ip: '203.0.113.7',
    created_at: '2026-03-01T09:00:00.000Z',
    last_used_at: '2026-03-02T10:00:00.000Z',
    current: true,
  },
  {
    session_id: 's-other',
    user_agent: WIN_FIREFOX,
    ip: '198.51.100.4',
    created_at: '2026-02-20T09:00:00.000Z',
    last_used_at: '2026-02-21T10:00:00.000Z',
    current: false,
  },
];

describe('SecurityPage', { timeout: 15_000 }, () => {
  it('lists the sessions and signs one out', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    let list = sessions;
    routeFetch(fetchMock, {
      'GET /api/me/sessions': () => jsonResponse(200, { data: list }),
      'DELETE /api/me/sessions/s-other': () => {
        list = [sessions[0] as ActiveSession];
        return jsonResponse(200, { message: messages.sessionRevoked });
      },
      'DELETE /api/me/sessions': () => jsonResponse(200, { message: messages.sessionsRevoked }),
    });
    renderWithData(<SecurityPage />, '/user/security');

    expect(screen.getByRole('heading', { name: 'Security' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Active sessions' })).toBeTruthy();
    expect(await screen.findByText('Chrome on macOS')).toBeTruthy();
    for (const header of ['Device', 'IP', 'Signed in', 'Last used'])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(rowWith('Chrome on macOS').getByText('This device')).toBeTruthy();
    expect(rowWith('Chrome on macOS').queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(rowWith('Firefox on Windows').getByText('198.51.100.4')).toBeTruthy();
    expect(rowWith('Firefox on Windows').queryByText('This device')).toBeNull();

    await user.click(rowWith('Firefox on Windows').getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.sessionRevoked));
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
    expect(calledUrls(fetchMock)).toContain('/api/me/sessions/s-other');
  });

  it("after a device's Sign out, gives the focus to the next device's Sign out, then to the heading", async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    const third: ActiveSession = {
      ...(sessions[1] as ActiveSession),
      session_id: 's-third',
      ip: '192.0.2.9',
    };
    let list = [...sessions, third];
    const revoke = (id: string) => () => {
      list = list.filter((session) => session.session_id !== id);
      return jsonResponse(200, { message: messages.sessionRevoked });
    };
    routeFetch(fetchMock, {
      'GET /api/me/sessions': () => jsonResponse(200, { data: list }),
      'DELETE /api/me/sessions/s-other': revoke('s-other'),
      'DELETE /api/me/sessions/s-third': revoke('s-third'),
    });
    renderWithData(<SecurityPage />, '/user/security');
    await screen.findByText('192.0.2.9');
    rowWith('198.51.100.4').getByRole('button', { name: 'Sign out' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('198.51.100.4')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(rowWith('192.0.2.9').getByRole('button', { name: 'Sign out' })),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('192.0.2.9')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Active sessions' })),
    );
  });

  it('after Sign out all other sessions, whose button is then off, gives the focus to the heading', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    let list = sessions;
    routeFetch(fetchMock, {
      'GET /api/me/sessions': () => jsonResponse(200, { data: list }),
      'DELETE /api/me/sessions': () => {
        list = [sessions[0] as ActiveSession];
        return jsonResponse(200, { message: messages.sessionsRevoked });
      },
    });
    renderWithData(<SecurityPage />, '/user/security');
    await screen.findByText('Firefox on Windows');
    screen.getByRole('button', { name: 'Sign out all other sessions' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all others' }));
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Active sessions' })),
    );
  });

  it('signs out every other session', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/me/sessions': () => jsonResponse(200, { data: sessions }),
      'DELETE /api/me/sessions': () => jsonResponse(200, { message: messages.sessionsRevoked }),
    });
    renderWithData(<SecurityPage />, '/user/security');
    expect(await screen.findByText('Firefox on Windows')).toBeTruthy();
    const deletes = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) => init?.method === 'DELETE' && String(url) === '/api/me/sessions',
      );
    // Asked first: Cancel signs nobody out.
    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    const asked = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    expect(asked.textContent).toContain(
      'The other device signed in to your account will have to sign in again',
    );
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all others' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.sessionsRevoked));
    expect(deletes()).toHaveLength(1);
    const revokeAll = fetchMock.mock.calls.find(
      ([url, init]) => init?.method === 'DELETE' && String(url) === '/api/me/sessions',
    );
    expect(revokeAll).toBeTruthy();
  });

  it('refuses a new password that is the current one, before asking the server', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    routeFetch(fetchMock, { 'GET /api/me/sessions': () => jsonResponse(200, { data: sessions }) });
    renderWithData(<SecurityPage />, '/user/security');
    await user.type(field('Current password'), 'same-one-1');
    await user.type(field('New password'), 'same-one-1');
    await user.type(field('Confirm password'), 'same-one-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.passwordUnchanged)).toBeTruthy();
    expect(calledUrls(fetchMock).filter((url) => url.includes('/api/me/password'))).toEqual([]);
  });

  it('changes the password with the server message and shows the form messages', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/me/sessions': () => jsonResponse(200, { data: sessions }),
      'POST /api/me/password': (init) => {
        const body = JSON.parse(String(init?.body));
        if (body.current_password !== 'old')
          return jsonResponse(400, {
            error: {
              code: 'VALIDATION_FAILED',
              message: messages.currentPasswordWrong,
              fields: { current_password: messages.currentPasswordWrong },
            },
          });
        return jsonResponse(200, { message: messages.passwordChanged });
      },
    });
    renderWithData(<SecurityPage />, '/user/security');

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.passwordRequired)).toBeTruthy();
    expect(screen.getByText(messages.registerPasswordRequired)).toBeTruthy();
    expect(screen.getByText(messages.confirmPasswordRequired)).toBeTruthy();

    await user.type(field('Current password'), 'wrong');
    await user.type(field('New password'), 'secret');
    await user.type(field('Confirm password'), 'secreX');
    await user.tab();
    expect(await screen.findByText(messages.passwordsMustMatch)).toBeTruthy();
    await user.clear(field('Confirm password'));
    await user.type(field('Confirm password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.currentPasswordWrong)).toBeTruthy();
    expect(notify.error).toHaveBeenCalledWith(messages.currentPasswordWrong);

    await user.clear(field('Current password'));
    await user.type(field('Current password'), 'old');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.passwordChanged));
    expect(field('New password').value).toBe('');
  });
});
