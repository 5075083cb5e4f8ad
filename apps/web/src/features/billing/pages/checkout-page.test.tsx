import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billingMessages } from '@workhub/shared/billing-messages';
import { messages } from '@workhub/shared/messages';
import type { CheckoutPreview, CheckoutResult } from '@workhub/shared/schemas/billing';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { getSession } from '../../../lib/session-store.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, fakeSubscription, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { CheckoutPage } from './checkout-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const preview: CheckoutPreview = {
  plan: { plan_id: 3, title: 'Professional', price: 49, month: 1 },
  amount: 49,
  currency: 'USD',
  period_start: '2026-11-22T10:00:00.000Z',
  period_end: '2026-12-22T10:00:00.000Z',
  provider: 'manual_invoice',
  due_at: '2026-12-22T10:00:00.000Z',
  usage: { workspaces: { used: 1, max: 3 }, members: { used: 2, max: null } },
};

const result: CheckoutResult = {
  subscription: {
    plan_id: 3,
    status: 'active',
    trial_ends_at: '2026-12-01T10:00:00.000Z',
    current_period_start: preview.period_start,
    current_period_end: preview.period_end,
    access: 'full',
    days_left: 30,
  },
  invoice: {
    invoice_id: 'i1',
    number: 'INV-2026-000001',
    plan_id: 3,
    plan_title: 'Professional',
    amount: 49,
    currency: 'USD',
    provider: 'manual_invoice',
    status: 'open',
    period_start: preview.period_start,
    period_end: preview.period_end,
    issued_at: preview.period_start,
    due_at: preview.due_at,
    paid_at: null,
  },
};

const renderCheckout = (path: string) =>
  renderWithData(
    <Routes>
      <Route path="/checkout/:id" element={<CheckoutPage />} />
      <Route path="/user/billing" element={<h1>Billing page</h1>} />
    </Routes>,
    path,
  );

describe('CheckoutPage', { timeout: 15_000 }, () => {
  it('shows the plan, price, period and provider, and Confirm buys it', async () => {
    const user = userEvent.setup();
    signIn(
      fakeAuthSession(
        {},
        {
          subscription: fakeSubscription({ access: 'read_only', days_left: 0 }),
        },
      ),
    );
    let body: unknown;
    routeFetch(fetchMock, {
      'GET /api/billing/checkout/3': () => jsonResponse(200, { data: preview }),
      'POST /api/billing/checkout': (init) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse(201, { message: messages.checkoutDone, data: result });
      },
    });
    renderCheckout('/checkout/3');
    expect(await screen.findByRole('heading', { name: 'Professional' })).toBeTruthy();
    expect(screen.getByText('$49.00 for 1 month')).toBeTruthy();
    expect(screen.getByText('22 Nov 2026 – 22 Dec 2026')).toBeTruthy();
    expect(screen.getByText(messages.manualInvoiceProvider)).toBeTruthy();
    // Within the plan's limits: nothing to warn of.
    expect(screen.queryByText("Your account is over this plan's limits")).toBeNull();

    await user.click(screen.getByRole('button', { name: messages.confirmCheckout }));
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeTruthy();
    // One idempotency key per visit: a retry of the same checkout is not bought twice.
    // With the price and months shown: a plan edited since is refused, not charged.
    expect(body).toEqual({
      plan_id: 3,
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      expected_amount: 49,
      expected_month: 1,
    });
    expect(notify.success).toHaveBeenCalledWith(messages.checkoutDone);
    const session = getSession();
    expect(session.status === 'signed_in' && session.user.subscription).toMatchObject({
      plan_id: 3,
      plan_title: 'Professional',
      access: 'full',
    });
  });

  it("says before the purchase what the account holds beyond a smaller plan's limits", async () => {
    signIn(fakeAuthSession());
    const starter: CheckoutPreview = {
      ...preview,
      plan: { plan_id: 2, title: 'Starter', price: 19, month: 1 },
      usage: { workspaces: { used: 2, max: 1 }, members: { used: 8, max: 5 } },
    };
    routeFetch(fetchMock, { 'GET /api/billing/checkout/2': () => jsonResponse(200, { data: starter }) });
    renderCheckout('/checkout/2');
    expect(await screen.findByText("Your account is over this plan's limits")).toBeTruthy();
    expect(
      screen.getByText(
        'You have 2 workspaces; Starter allows 1. Until you archive one, no new workspace can be created.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'You have 8 members and invitations; Starter allows 5. Until you remove 3, no one new can be invited.',
      ),
    ).toBeTruthy();
    // Still offered: the holder decides.
    expect(screen.getByRole('button', { name: messages.confirmCheckout })).toHaveProperty('disabled', false);
  });

  it("shows the server's reason when the plan cannot be bought", async () => {
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/billing/checkout/1': () =>
        jsonResponse(400, { error: { code: 'VALIDATION_FAILED', message: messages.checkoutFreePlan } }),
    });
    renderCheckout('/checkout/1');
    expect(await screen.findByText(messages.checkoutFreePlan)).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.confirmCheckout })).toBeNull();
    // A refusal that stays: asking again cannot help, so no 'Try again'.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999'])(
    'says "Not found." for /checkout/%s, an id no plan can have, without asking the API',
    async (id) => {
      signIn(fakeAuthSession());
      routeFetch(fetchMock, {});
      renderCheckout(`/checkout/${id}`);
      expect(await screen.findByText(messages.notFound)).toBeTruthy();
      expect(screen.queryByText('Some fields are not valid.')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/checkout/'))).toEqual([]);
    },
  );

  it('toasts the error when the purchase fails and stays on the page', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/billing/checkout/3': () => jsonResponse(200, { data: preview }),
      'POST /api/billing/checkout': () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: messages.checkoutInactivePlan } }),
    });
    renderCheckout('/checkout/3');
    await user.click(await screen.findByRole('button', { name: messages.confirmCheckout }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(messages.checkoutInactivePlan));
    expect(screen.getByRole('heading', { name: 'Professional' })).toBeTruthy();
  });

  it('shows the new price when the plan was edited while the page was open, and buys at it only when confirmed again', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    let edited = false;
    const bodies: unknown[] = [];
    routeFetch(fetchMock, {
      'GET /api/billing/checkout/3': () =>
        jsonResponse(200, {
          data: edited ? { ...preview, amount: 59, plan: { ...preview.plan, price: 59 } } : preview,
        }),
      'POST /api/billing/checkout': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        if (bodies.length === 1) {
          edited = true;
          return jsonResponse(409, {
            error: { code: 'CONFLICT', message: billingMessages.checkoutPlanChanged },
          });
        }
        return jsonResponse(201, { message: messages.checkoutDone, data: result });
      },
    });
    renderCheckout('/checkout/3');
    await user.click(await screen.findByRole('button', { name: messages.confirmCheckout }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(billingMessages.checkoutPlanChanged));
    expect(await screen.findByText('$59.00 for 1 month')).toBeTruthy();
    expect(notify.success).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: messages.confirmCheckout }));
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeTruthy();
    expect(bodies[1]).toMatchObject({ plan_id: 3, expected_amount: 59, expected_month: 1 });
  });
});
