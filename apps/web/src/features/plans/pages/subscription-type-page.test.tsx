import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { Plan } from '@workhub/shared/schemas/plans';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, fakePlan, jsonResponse } from '../../../test/fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { expectWrapping } from '../../../test/wrapping.ts';
import { SubscriptionTypePage } from './subscription-type-page.tsx';

const fetchMock = mockFetchPerTest();

const plan = (id: number, title: string): Plan =>
  fakePlan(id, title, { subscription: 'per month', price: id === 1 ? 0 : id * 10, button_text: 'Choose' });

const plans = [plan(1, 'Free Trial'), plan(2, 'Starter'), plan(3, 'Professional')];

/** A holder just verified, whose sign-up attempt carried plan `planId` onto the account. */
const holderOn = (planId: number) =>
  fakeAuthSession(
    { role: 'owner', accounts: 1 },
    {
      role: 'owner',
      accounts: 1,
      plan_chosen: false,
      subscription: {
        plan_id: planId,
        plan_title: plans.find((p) => p.subscription_id === planId)?.title ?? 'Free Trial',
        status: 'trialing',
        trial_ends_at: '2026-12-24T10:00:00.000Z',
        current_period_end: null,
        access: 'full',
        days_left: 30,
      },
    },
  );

const renderChooser = (path = '/subscription_type') =>
  renderPage(
    <Routes>
      <Route path="/subscription_type" element={<SubscriptionTypePage />} />
      <Route path="/workspace" element={<h1>Workspaces</h1>} />
    </Routes>,
    path,
  );

describe('SubscriptionTypePage', { timeout: 15_000 }, () => {
  it('preselects the plan chosen on /pricing before signing up, and saves it', async () => {
    const user = userEvent.setup();
    signIn(holderOn(3));
    let body: unknown;
    routeFetch(fetchMock, {
      'GET /api/plans': () => jsonResponse(200, { data: plans, meta: { page: 1, limit: 100, total: 3 } }),
      'PUT /api/account/subscription': (init) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse(200, {
          message: messages.planPicked,
          data: {
            subscription_id: 3,
            plan_title: 'Professional',
            status: 'trialing',
            trial_ends_at: null,
            current_period_end: null,
            plan_chosen: true,
          },
        });
      },
    });
    renderChooser();
    const chosen = await screen.findByRole('button', { name: 'Continue with Professional' });
    expect(screen.getByRole('button', { name: 'Choose Starter' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Starter' })).toBeNull();
    // 'Continue with' and 'Choose' before a plan title of up to 100 characters: the words wrap.
    expectWrapping(chosen);
    expectWrapping(screen.getByRole('button', { name: 'Choose Starter' }));
    // Just verified: the page says so, and there are no workspaces to go back to yet.
    expect(screen.getByText(/Your e-mail is verified/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'My workspaces' })).toBeNull();
    await user.click(chosen);
    expect(await screen.findByRole('heading', { name: 'Workspaces' })).toBeTruthy();
    expect(body).toEqual({ subscription_id: 3 });
  });

  it('tells a holder who picked a plan already that they change it, with a way back to their workspaces', async () => {
    const user = userEvent.setup();
    const session = holderOn(2);
    signIn({ ...session, user: { ...session.user, plan_chosen: true } });
    routeFetch(fetchMock, {
      'GET /api/plans': () => jsonResponse(200, { data: plans, meta: { page: 1, limit: 100, total: 3 } }),
    });
    renderChooser();
    await screen.findByRole('button', { name: 'Continue with Starter' });
    expect(screen.getByText(/Change the plan of your free trial/)).toBeTruthy();
    expect(screen.queryByText(/Your e-mail is verified/)).toBeNull();
    await user.click(screen.getByRole('link', { name: 'My workspaces' }));
    expect(await screen.findByRole('heading', { name: 'Workspaces' })).toBeTruthy();
  });

  it('takes ?id= when the account is still on the default plan, and preselects nothing without either', async () => {
    signIn(holderOn(1));
    routeFetch(fetchMock, {
      'GET /api/plans': () => jsonResponse(200, { data: plans, meta: { page: 1, limit: 100, total: 3 } }),
    });
    const view = renderChooser('/subscription_type?id=2');
    const starter = await screen.findByRole('article', { name: 'Starter' });
    expect(within(starter).getByRole('button', { name: 'Continue with Starter' })).toBeTruthy();
    view.unmount();

    renderChooser('/subscription_type');
    expect(await screen.findByRole('button', { name: 'Choose Starter' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Continue with/ })).toBeNull();
  });
});
