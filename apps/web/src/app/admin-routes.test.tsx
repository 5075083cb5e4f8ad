import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client.ts';
import { signIn } from '../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../test/fetch-mock.ts';
import { fakeAuthSession, fakeWorkspaceAuthSession, jsonResponse } from '../test/fixtures.ts';
import { renderPage } from '../test/render.tsx';
import { routeFetch } from '../test/route-fetch.ts';
import { wholeApp } from '../test/whole-app.tsx';

vi.mock('../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
afterEach(() => queryClient.clear());

const app = wholeApp;

const staff = () =>
  fakeAuthSession(
    { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
    { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
  );

const SLOW = { timeout: 8_000 };
const adminCalls = () => calledUrls(fetchMock).filter((url) => url.startsWith('/api/admin/'));
const emptyList = () => jsonResponse(200, { data: [], meta: { page: 1, limit: 14, total: 0 } });

const answerAll = () =>
  routeFetch(fetchMock, {
    'GET /api/admin/dashboard': () =>
      jsonResponse(200, {
        data: {
          accounts: { total: 0, active: 0, inactive: 0 },
          signups_per_week: [],
          active_subscriptions: [],
          trials_ending: { count: 0, rows: [] },
          plans: [],
        },
      }),
    'GET /api/admin/subscribers': emptyList,
    'GET /api/team': emptyList,
  });

describe('admin routes', { timeout: 15_000 }, () => {
  it('gives platform staff the admin dashboard on /dashboard_admin', async () => {
    signIn(staff());
    answerAll();
    renderPage(app, '/dashboard_admin');
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(adminCalls()).toContain('/api/admin/dashboard'));
  });

  it('gives platform staff the Subscribers table on /team', async () => {
    signIn(staff());
    answerAll();
    renderPage(app, '/team');
    expect(await screen.findByRole('heading', { name: 'Subscribers' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(adminCalls()).toContain('/api/admin/subscribers?page=1&limit=14'));
  });

  it.each([
    ['an account holder', fakeAuthSession()],
    ['a workspace owner', fakeWorkspaceAuthSession('workspace', 'owner')],
  ])('refuses /dashboard_admin to %s', async (_who, session) => {
    signIn(session);
    answerAll();
    renderPage(app, '/dashboard_admin');
    expect(await screen.findByText('You cannot open this page', {}, SLOW)).toBeTruthy();
    expect(adminCalls()).toEqual([]);
  });
});
