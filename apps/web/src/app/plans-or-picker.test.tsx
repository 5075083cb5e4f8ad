import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signIn } from '../lib/session.ts';
import { mockFetchPerTest } from '../test/fetch-mock.ts';
import { fakeAuthSession, fakeSubscription } from '../test/fixtures.ts';
import { renderPage } from '../test/render.tsx';
import { PlansOrPicker } from './plans-or-picker.tsx';

mockFetchPerTest();

const open = () =>
  renderPage(
    <Routes>
      <Route
        path="/subscription_type"
        element={<PlansOrPicker staff={<p>plan administration</p>} picker={<p>pick a plan</p>} />}
      />
      <Route path="/user/billing" element={<p>billing page</p>} />
      <Route path="/workspace" element={<p>home</p>} />
    </Routes>,
    '/subscription_type',
  );

describe('/subscription_type', () => {
  it('lets an account holder pick a plan while the trial runs, chosen or not', async () => {
    signIn(fakeAuthSession({}, { plan_chosen: false, subscription: fakeSubscription() }));
    open();
    expect(await screen.findByText('pick a plan')).toBeTruthy();
  });

  it.each([
    ['the trial is over', fakeSubscription({ access: 'read_only', days_left: 0 })],
    [
      'a plan is paid for',
      fakeSubscription({ plan_id: 2, status: 'active', current_period_end: '2027-01-01T00:00:00.000Z' }),
    ],
    ['a paid period has ended', fakeSubscription({ plan_id: 2, status: 'active', access: 'read_only' })],
  ])('sends an account holder to billing once %s', async (_when, subscription) => {
    signIn(fakeAuthSession({}, { plan_chosen: true, subscription }));
    open();
    expect(await screen.findByText('billing page')).toBeTruthy();
    expect(screen.queryByText('pick a plan')).toBeNull();
  });

  it('sends someone who holds no account home: there is no plan of theirs to pick', async () => {
    signIn(
      fakeAuthSession(
        { role: 'member', accounts: 0, account_id: null },
        { role: 'member', accounts: 0, account_id: null, subscription: null },
      ),
    );
    open();
    expect(await screen.findByText('home')).toBeTruthy();
  });

  it("sends a holder acting in another account's workspace home: that plan is not theirs", async () => {
    signIn(
      fakeAuthSession(
        { role: 'worker', accounts: 1, workspace_id: 'w-other', template: 'workspace' },
        {
          role: 'worker',
          accounts: 1,
          plan_chosen: false,
          subscription: fakeSubscription(),
          workspace: {
            workspace_id: 'w-other',
            workspace_name: 'Acme',
            template: 'workspace',
            role: 'worker',
            public_slug: 'acme-a1b2c3',
          },
        },
      ),
    );
    open();
    expect(await screen.findByText('home')).toBeTruthy();
    expect(screen.queryByText('pick a plan')).toBeNull();
  });

  it('shows platform staff the plan administration', async () => {
    signIn(
      fakeAuthSession(
        { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
        { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
      ),
    );
    open();
    expect(await screen.findByText('plan administration')).toBeTruthy();
  });
});
