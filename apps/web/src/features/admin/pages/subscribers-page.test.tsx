import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { Subscriber } from '@workhub/shared/schemas/admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { SubscribersPage } from './subscribers-page.tsx';

const BUSY = 'The server is busy: try again shortly.';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const staff = () =>
  fakeAuthSession(
    { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
    { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
  );

const subscriber = (id: string, first: string, patch: Partial<Subscriber> = {}): Subscriber => ({
  account_id: id,
  user_id: `u-${id}`,
  first_name: first,
  last_name: 'Holder',
  email: `${first.toLowerCase()}@example.com`,
  email_verified: true,
  subscription_id: 2,
  plan_title: 'Team',
  subscription_status: 'trialing',
  trial_ends_at: '2026-03-31T10:00:00.000Z',
  current_period_end: null,
  access: 'full',
  status: 'active',
  workspaces: 3,
  created_at: '2026-03-01T10:00:00.000Z',
  ...patch,
});

const rows = [
  subscriber('a1', 'Ada'),
  subscriber('a2', 'Bob', { status: 'inactive', workspaces: 0 }),
  // Paid since its trial: the old trial date is no deadline, the paid period's end is.
  subscriber('a3', 'Cy', {
    subscription_status: 'active',
    trial_ends_at: '2026-01-15T10:00:00.000Z',
    current_period_end: '2026-06-30T10:00:00.000Z',
  }),
  subscriber('a4', 'Di', {
    subscription_status: 'expired',
    trial_ends_at: '2026-01-20T10:00:00.000Z',
    access: 'read_only',
  }),
  // Signed up, never entered the code.
  subscriber('a5', 'Eve', { email_verified: false }),
  // The trial is over (the stored status stays 'trialing'), and a paid period has ended.
  subscriber('a6', 'Fay', { trial_ends_at: '2026-02-28T10:00:00.000Z', access: 'read_only' }),
  subscriber('a7', 'Gus', {
    subscription_status: 'active',
    current_period_end: '2026-02-15T10:00:00.000Z',
    access: 'read_only',
  }),
];

describe('SubscribersPage', { timeout: 15_000 }, () => {
  it('lists every holder with plan, trial end, status and workspaces, 14 a page', async () => {
    signIn(staff());
    routeFetch(fetchMock, {
      'GET /api/admin/subscribers': () =>
        jsonResponse(200, { data: rows, meta: { page: 1, limit: 14, total: 16 } }),
    });
    renderWithData(<SubscribersPage />, '/team');

    expect(screen.getByText('Loading')).toBeTruthy();
    await screen.findByText('ada@example.com');
    for (const header of ['Name', 'E-mail', 'Plan', 'Ends', 'Status', 'Workspaces']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
    expect(rowWith('ada@example.com').getByText('Ada Holder')).toBeTruthy();
    expect(rowWith('ada@example.com').getByText('Team')).toBeTruthy();
    expect(rowWith('ada@example.com').getByText('31 Mar 2026')).toBeTruthy();
    expect(rowWith('ada@example.com').getByText('Trial ends')).toBeTruthy();
    expect(rowWith('cy@example.com').getByText('30 Jun 2026')).toBeTruthy();
    expect(rowWith('cy@example.com').getByText('Period ends')).toBeTruthy();
    expect(rowWith('cy@example.com').queryByText('15 Jan 2026')).toBeNull();
    expect(rowWith('cy@example.com').queryByText('Trial ends')).toBeNull();
    expect(rowWith('di@example.com').queryByText('20 Jan 2026')).toBeNull();
    // Whose access is over says so: the trial ended, the paid period ended, read-only.
    expect(rowWith('ada@example.com').getByText('Trial')).toBeTruthy();
    expect(rowWith('fay@example.com').getByText('Trial ended')).toBeTruthy();
    expect(rowWith('fay@example.com').getByText('Read-only')).toBeTruthy();
    expect(rowWith('fay@example.com').queryByText('Trial ends')).toBeNull();
    expect(rowWith('gus@example.com').getByText('Period ended')).toBeTruthy();
    expect(rowWith('gus@example.com').getByText('Read-only')).toBeTruthy();
    expect(rowWith('gus@example.com').queryByText('Period ends')).toBeNull();
    expect(rowWith('ada@example.com').getByText('3')).toBeTruthy();
    expect(rowWith('ada@example.com').getByRole('switch', { name: 'Active: Ada Holder' })).toHaveProperty(
      'checked',
      true,
    );
    expect(rowWith('bob@example.com').getByText('Inactive')).toBeTruthy();
    expect(rowWith('bob@example.com').getByRole('switch')).toHaveProperty('checked', false);
    expect(rowWith('eve@example.com').getByText('Not verified')).toBeTruthy();
    expect(rowWith('ada@example.com').queryByText('Not verified')).toBeNull();
    expect(screen.getByRole('button', { name: '2' })).toBeTruthy();
    expect(calledUrls(fetchMock)).toContain('/api/admin/subscribers?page=1&limit=14');
  });

  it("switches an account off, says 'Cool !!!' and puts the server's row in place", async () => {
    const user = userEvent.setup();
    signIn(staff());
    routeFetch(fetchMock, {
      'GET /api/admin/subscribers': () =>
        jsonResponse(200, { data: rows, meta: { page: 1, limit: 14, total: 2 } }),
      'PATCH /api/admin/subscribers/a1/status': () =>
        jsonResponse(200, {
          message: messages.subscriberStatusChanged,
          data: subscriber('a1', 'Ada', { status: 'inactive', plan_title: 'Team (server)' }),
        }),
    });
    renderWithData(<SubscribersPage />, '/team');
    await screen.findByText('ada@example.com');
    // It asks first, naming whom; Cancel leaves the account as it was.
    await user.click(rowWith('ada@example.com').getByRole('switch'));
    const dialog = await screen.findByRole('dialog', { name: 'Make this account inactive?' });
    expect(within(dialog).getByText(/Ada Holder \(ada@example.com\) and every member/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calledUrls(fetchMock).some((url) => url.endsWith('/status'))).toBe(false);
    await user.click(rowWith('ada@example.com').getByRole('switch'));
    await user.click(await screen.findByRole('button', { name: 'Make inactive' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.subscriberStatusChanged));
    expect(await screen.findByText('Team (server)')).toBeTruthy();
    expect(rowWith('ada@example.com').getByText('Inactive')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/subscribers/a1/status');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ status: 'inactive' });
    expect(calledUrls(fetchMock).filter((url) => url.startsWith('/api/admin/subscribers?'))).toHaveLength(1);
  });

  it('makes an inactive account active again without asking', async () => {
    const user = userEvent.setup();
    signIn(staff());
    routeFetch(fetchMock, {
      'GET /api/admin/subscribers': () =>
        jsonResponse(200, { data: rows, meta: { page: 1, limit: 14, total: 2 } }),
      'PATCH /api/admin/subscribers/a2/status': () =>
        jsonResponse(200, {
          message: messages.subscriberStatusChanged,
          data: subscriber('a2', 'Bob', { status: 'active' }),
        }),
    });
    renderWithData(<SubscribersPage />, '/team');
    await screen.findByText('bob@example.com');
    await user.click(rowWith('bob@example.com').getByRole('switch'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.subscriberStatusChanged));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("searches by name or e-mail and says 'No Record Found!' when nobody matches", async () => {
    const user = userEvent.setup();
    signIn(staff());
    routeFetch(fetchMock, {
      'GET /api/admin/subscribers': (_init, url) =>
        url.includes('q=')
          ? jsonResponse(200, { data: [], meta: { page: 1, limit: 14, total: 0 } })
          : jsonResponse(200, { data: rows, meta: { page: 1, limit: 14, total: 2 } }),
    });
    renderWithData(<SubscribersPage />, '/team');
    await screen.findByText('ada@example.com');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zed');

    expect(await screen.findByText(messages.noRecord)).toBeTruthy();
    expect(calledUrls(fetchMock)).toContain('/api/admin/subscribers?page=1&limit=14&q=zed');
  });

  it('keeps a pasted search to the 200 characters the API takes, never an error the list cannot leave', async () => {
    const user = userEvent.setup();
    signIn(staff());
    routeFetch(fetchMock, {
      'GET /api/admin/subscribers': (_init, url) => {
        const q = new URL(url, 'http://localhost').searchParams.get('q');
        if (q === null) return jsonResponse(200, { data: rows, meta: { page: 1, limit: 14, total: 5 } });
        return q.length > 200
          ? jsonResponse(400, {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Some fields are not valid.',
                fields: { q: 'Must be at most 200 characters' },
              },
            })
          : jsonResponse(200, { data: [], meta: { page: 1, limit: 14, total: 0 } });
      },
    });
    renderWithData(<SubscribersPage />, '/team');
    await screen.findByText('ada@example.com');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.click(search);
    await user.paste('x'.repeat(250));

    expect(await screen.findByText(messages.noRecord)).toBeTruthy();
    expect((search as HTMLInputElement).value).toHaveLength(200);
    expect(calledUrls(fetchMock)).toContain(`/api/admin/subscribers?page=1&limit=14&q=${'x'.repeat(200)}`);
  });

  it("shows the server's message when the toggle fails, and an error state when the list does", async () => {
    const user = userEvent.setup();
    signIn(staff());
    routeFetch(fetchMock, {
      'GET /api/admin/subscribers': () =>
        jsonResponse(200, { data: rows, meta: { page: 1, limit: 14, total: 2 } }),
      'PATCH /api/admin/subscribers/a1/status': () =>
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: messages.notFound } }),
    });
    renderWithData(<SubscribersPage />, '/team');
    await screen.findByText('ada@example.com');
    await user.click(rowWith('ada@example.com').getByRole('switch'));
    await user.click(await screen.findByRole('button', { name: 'Make inactive' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(messages.notFound));
    expect(rowWith('ada@example.com').getByText('Active')).toBeTruthy();
  });

  it('shows an error with Try again when the list cannot be loaded', async () => {
    signIn(staff());
    routeFetch(fetchMock, {
      // A failure that may pass (a refusal, a 4xx, stays: no Try again for it, data-states.tsx).
      'GET /api/admin/subscribers': () => jsonResponse(503, { error: { code: 'INTERNAL', message: BUSY } }),
    });
    renderWithData(<SubscribersPage />, '/team');
    expect(await screen.findByText(BUSY)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
