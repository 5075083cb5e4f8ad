import { screen, within } from '@testing-library/react';
import type { AdminDashboard, Subscriber } from '@workhub/shared/schemas/admin';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { AdminDashboardPage } from './admin-dashboard-page.tsx';

const BUSY = 'The server is busy: try again shortly.';

const fetchMock = mockFetchPerTest();

const staff = () =>
  fakeAuthSession(
    { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
    { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
  );

const weeks = Array.from({ length: 12 }, (_, i) => ({
  week_start: new Date(Date.UTC(2026, 0, 5 + i * 7)).toISOString().slice(0, 10),
  signups: i === 11 ? 4 : i,
}));

const figures = (patch: Partial<AdminDashboard> = {}): AdminDashboard => ({
  accounts: { total: 42, active: 40, inactive: 2 },
  signups_per_week: weeks,
  active_subscriptions: [
    { subscription_id: 1, title: 'Free trial', count: 9 },
    { subscription_id: 2, title: 'Team', count: 3 },
  ],
  trials_ending: {
    count: 1,
    rows: [
      {
        account_id: 'a1',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        plan_title: 'Free trial',
        trial_ends_at: '2026-03-30T12:00:00.000Z',
      },
    ],
  },
  plans: [
    { subscription_id: 1, title: 'Free trial', price: 0 },
    { subscription_id: 2, title: 'Team', price: 19.5 },
  ],
  ...patch,
});

const holder: Subscriber = {
  account_id: 'a9',
  user_id: 'u9',
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  email_verified: true,
  subscription_id: 2,
  plan_title: 'Team',
  subscription_status: 'active',
  trial_ends_at: null,
  current_period_end: '2026-04-30T00:00:00.000Z',
  access: 'full',
  status: 'active',
  workspaces: 1,
  created_at: '2026-03-01T00:00:00.000Z',
};

const stat = (label: string) => within(screen.getByRole('group', { name: label }));
const panel = (title: string) => within(screen.getByRole('region', { name: title }));

describe('AdminDashboardPage', { timeout: 15_000 }, () => {
  it('shows the real figures, both charts, the trials ending and the two panels', async () => {
    signIn(staff());
    routeFetch(fetchMock, {
      'GET /api/admin/dashboard': () => jsonResponse(200, { data: figures() }),
      'GET /api/admin/subscribers': () =>
        jsonResponse(200, { data: [holder], meta: { page: 1, limit: 5, total: 1 } }),
    });
    renderWithData(<AdminDashboardPage />, '/dashboard_admin');

    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Account holders' })).toBeTruthy();
    expect(stat('Account holders').getByText('42')).toBeTruthy();
    expect(stat('Account holders').getByText('40 active, 2 inactive')).toBeTruthy();
    expect(stat('New this week').getByText('4')).toBeTruthy();
    expect(stat('Running subscriptions').getByText('12')).toBeTruthy();
    expect(stat('Trials ending soon').getByText('1')).toBeTruthy();

    // The charts' figures, as the screen-reader tables give them.
    const signups = await screen.findByRole('table', { name: 'Sign-ups per week' });
    expect(within(signups).getAllByRole('row')).toHaveLength(13);
    expect(within(signups).getByRole('row', { name: '23 Mar 4' })).toBeTruthy();
    const perPlan = await screen.findByRole('table', { name: 'Active subscriptions per plan' });
    expect(within(perPlan).getByRole('row', { name: 'Free trial 9' })).toBeTruthy();
    expect(within(perPlan).getByRole('row', { name: 'Team 3' })).toBeTruthy();

    expect(panel('Trials ending soon').getByText('Ada Lovelace')).toBeTruthy();
    expect(panel('Trials ending soon').getByText('ada@example.com · Free trial')).toBeTruthy();
    expect(panel('Trials ending soon').getByText('30 Mar 2026')).toBeTruthy();

    expect(await panel('Subscribers').findByText('Grace Hopper')).toBeTruthy();
    expect(panel('Subscribers').getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/team');

    const plans = panel('Subscriptions');
    expect(plans.getByRole('columnheader', { name: 'Price($)' })).toBeTruthy();
    expect(plans.getByRole('row', { name: 'Team 19.50 Edit' })).toBeTruthy();
    expect(plans.getAllByRole('link', { name: 'Edit' })[1]?.getAttribute('href')).toBe('/subscription/2');
    expect(calledUrls(fetchMock)).toEqual(
      expect.arrayContaining(['/api/admin/dashboard', '/api/admin/subscribers?page=1&limit=5']),
    );
  });

  it('says so when there is nothing yet', async () => {
    signIn(staff());
    routeFetch(fetchMock, {
      'GET /api/admin/dashboard': () =>
        jsonResponse(200, {
          data: figures({ trials_ending: { count: 0, rows: [] }, plans: [], active_subscriptions: [] }),
        }),
      'GET /api/admin/subscribers': () =>
        jsonResponse(200, { data: [], meta: { page: 1, limit: 5, total: 0 } }),
    });
    renderWithData(<AdminDashboardPage />, '/dashboard_admin');
    expect(await screen.findByText('No trial ends in the next 7 days.')).toBeTruthy();
    expect(await screen.findByText('No subscribers yet.')).toBeTruthy();
    expect(screen.getAllByText('No plans yet.')).toHaveLength(2);
  });

  it("shows the server's error with Try again", async () => {
    signIn(staff());
    routeFetch(fetchMock, {
      // A failure that may pass (a refusal, a 4xx, stays: no Try again for it, data-states.tsx).
      'GET /api/admin/dashboard': () => jsonResponse(503, { error: { code: 'INTERNAL', message: BUSY } }),
    });
    renderWithData(<AdminDashboardPage />, '/dashboard_admin');
    expect(await screen.findByText(BUSY)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
