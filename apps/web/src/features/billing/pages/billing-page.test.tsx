import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { BillingOverview, Invoice } from '@workhub/shared/schemas/billing';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, fakePlan, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { expectWrapping } from '../../../test/wrapping.ts';
import { BillingPage } from './billing-page.tsx';

const fetchMock = mockFetchPerTest();

const trialing: BillingOverview = {
  plan: { plan_id: 2, title: 'Starter', price: 19, month: 1 },
  usage: { workspaces: { used: 1, max: 1 }, members: { used: 3, max: 5 } },
  subscription: {
    status: 'trialing',
    trial_ends_at: '2026-12-12T10:00:00.000Z',
    current_period_start: null,
    current_period_end: null,
    access: 'full',
    days_left: 12,
  },
};

const invoice: Invoice = {
  invoice_id: 'i1',
  number: 'INV-2026-004217',
  plan_id: 3,
  plan_title: 'Professional',
  amount: 49,
  currency: 'USD',
  provider: 'manual_invoice',
  status: 'open',
  period_start: '2026-11-22T10:00:00.000Z',
  period_end: '2026-12-22T10:00:00.000Z',
  issued_at: '2026-11-22T10:00:00.000Z',
  due_at: '2026-12-22T10:00:00.000Z',
  paid_at: null,
};

const page = (data: Invoice[]) => ({ data, meta: { page: 1, limit: 14, total: data.length } });

describe('BillingPage', { timeout: 15_000 }, () => {
  it('shows the plan, the trial end with days left, and no invoices yet', async () => {
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/billing': () => jsonResponse(200, { data: trialing }),
      'GET /api/billing/invoices': () => jsonResponse(200, page([])),
    });
    renderWithData(<BillingPage />, '/user/billing');
    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeTruthy();
    expect(screen.getByText(/Trial ends 12 Dec 2026 · 12 days left/)).toBeTruthy();
    expect(screen.getByText('$19.00 for 1 month')).toBeTruthy();
    expect(await screen.findByText(messages.noInvoices)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the usage against the plan limits: "1 of 1", "3 of 5", unlimited', async () => {
    signIn(fakeAuthSession());
    const unlimited: BillingOverview = {
      ...trialing,
      usage: { workspaces: { used: 4, max: null }, members: { used: 3, max: 5 } },
    };
    routeFetch(fetchMock, {
      'GET /api/billing': () => jsonResponse(200, { data: trialing }),
      'GET /api/billing/invoices': () => jsonResponse(200, page([])),
    });
    const view = renderWithData(<BillingPage />, '/user/billing');
    expect(await screen.findByText(messages.planUsageOf(1, 1))).toBeTruthy();
    expect(screen.getByText(messages.planUsageOf(3, 5))).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Workspaces: 1 of 1' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Members: 3 of 5' })).toBeTruthy();
    view.unmount();

    routeFetch(fetchMock, {
      'GET /api/billing': () => jsonResponse(200, { data: unlimited }),
      'GET /api/billing/invoices': () => jsonResponse(200, page([])),
    });
    renderWithData(<BillingPage />, '/user/billing');
    expect(await screen.findByText('4 (unlimited)')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: /Workspaces/ })).toBeNull();
    expect(screen.queryByText(/Over the plan's limit/)).toBeNull();
  });

  it('says what an account over a limit cannot do until it is within it (a plan chosen below its usage)', async () => {
    signIn(fakeAuthSession());
    const over: BillingOverview = {
      ...trialing,
      usage: { workspaces: { used: 3, max: 1 }, members: { used: 3, max: 2 } },
    };
    routeFetch(fetchMock, {
      'GET /api/billing': () => jsonResponse(200, { data: over }),
      'GET /api/billing/invoices': () => jsonResponse(200, page([])),
    });
    renderWithData(<BillingPage />, '/user/billing');
    expect(await screen.findByText(messages.planUsageOf(3, 2))).toBeTruthy();
    expect(
      screen.getByText(
        "Over the plan's limit by 1: no one new can be invited until you remove one or change plan.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "Over the plan's limit by 2: no new workspace can be created until you archive 2 or change plan.",
      ),
    ).toBeTruthy();
  });

  it('"Change plan" opens an in-app chooser of the paid plans, each leading to its checkout', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    const plan = (id: number, title: string, max_members: number | null) => ({
      subscription_id: id,
      title,
      subscription: 'per month',
      subheader: null,
      price: id * 10,
      description: 'A plan for the chooser.',
      button_text: 'Choose',
      button_variant: 'filled',
      month: 1,
      status: 'active',
      max_workspaces: id === 2 ? 1 : null,
      max_members,
    });
    routeFetch(fetchMock, {
      'GET /api/billing': () => jsonResponse(200, { data: trialing }),
      'GET /api/billing/invoices': () => jsonResponse(200, page([])),
      'GET /api/plans': () =>
        jsonResponse(200, {
          data: [plan(1, 'Free Trial', null), plan(2, 'Starter', 5), plan(3, 'Professional', 25)],
          meta: { page: 1, limit: 100, total: 3 },
        }),
    });
    renderWithData(<BillingPage />, '/user/billing');
    await user.click(await screen.findByRole('button', { name: messages.changePlan }));
    const chooser = await screen.findByRole('region', { name: messages.choosePlan });
    expect(within(chooser).queryByRole('article', { name: 'Free Trial' })).toBeNull();
    const starter = within(chooser).getByRole('article', { name: 'Starter' });
    expect(within(starter).getByText(messages.currentPlan)).toBeTruthy();
    expect(within(starter).getByText('1 workspace · 5 members')).toBeTruthy();
    // Picked in the trial, never bought: 'Buy', not 'Renew'.
    expect(within(starter).getByRole('link', { name: 'Buy Starter' }).getAttribute('href')).toBe(
      '/checkout/2',
    );
    expect(within(starter).queryByRole('link', { name: 'Renew Starter' })).toBeNull();
    const pro = within(chooser).getByRole('article', { name: 'Professional' });
    expect(within(pro).getByText('Unlimited workspaces · 25 members')).toBeTruthy();
    expect(within(pro).getByRole('link', { name: 'Choose Professional' }).getAttribute('href')).toBe(
      '/checkout/3',
    );
    expect(screen.queryByRole('link', { name: /pricing/i })).toBeNull();
    // A button's words wrap: 'Choose Professional for large schools and clinics' read
    // 'Choose Professional for large' on a phone, the rest cut.
    for (const link of within(chooser).getAllByRole('link')) expectWrapping(link);
  });

  it('lists the invoices with number, plan, period, amount, status, issued and due', async () => {
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/billing': () =>
        jsonResponse(200, {
          data: {
            plan: { plan_id: 3, title: 'Professional', price: 49, month: 1 },
            usage: trialing.usage,
            subscription: {
              ...trialing.subscription,
              status: 'active',
              current_period_start: invoice.period_start,
              current_period_end: invoice.period_end,
              days_left: 30,
            },
          },
        }),
      'GET /api/billing/invoices': () => jsonResponse(200, page([invoice])),
    });
    renderWithData(<BillingPage />, '/user/billing');
    expect(await screen.findByText('INV-2026-004217')).toBeTruthy();
    for (const header of ['Number', 'Plan', 'Period', 'Amount', 'Status', 'Issued', 'Due'])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    const row = rowWith('INV-2026-004217');
    expect(row.getByText('$49.00')).toBeTruthy();
    expect(row.getByText('Open')).toBeTruthy();
    expect(row.getByText('22 Nov 2026 – 22 Dec 2026')).toBeTruthy();
    expect(screen.getByText(/Period ends 22 Dec 2026 · 30 days left/)).toBeTruthy();
  });

  it('offers to renew the plan once it has been bought', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    const paid: BillingOverview = {
      ...trialing,
      subscription: {
        ...trialing.subscription,
        status: 'active',
        current_period_start: '2026-11-22T10:00:00.000Z',
        current_period_end: '2026-12-22T10:00:00.000Z',
      },
    };
    routeFetch(fetchMock, {
      'GET /api/billing': () => jsonResponse(200, { data: paid }),
      'GET /api/billing/invoices': () => jsonResponse(200, page([])),
      'GET /api/plans': () =>
        jsonResponse(200, {
          data: [fakePlan(2, 'Starter', { price: 19 })],
          meta: { page: 1, limit: 100, total: 1 },
        }),
    });
    renderWithData(<BillingPage />, '/user/billing');
    await user.click(await screen.findByRole('button', { name: messages.changePlan }));
    const chooser = await screen.findByRole('region', { name: messages.choosePlan });
    expect(within(chooser).getByRole('link', { name: 'Renew Starter' })).toBeTruthy();
  });

  it('shows the read-only alert with Upgrade once the trial is over', async () => {
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/billing': () =>
        jsonResponse(200, {
          data: {
            ...trialing,
            subscription: { ...trialing.subscription, access: 'read_only', days_left: 0 },
          },
        }),
      'GET /api/billing/invoices': () => jsonResponse(200, page([])),
    });
    renderWithData(<BillingPage />, '/user/billing');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(messages.readOnlyAccount)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: messages.upgrade }).getAttribute('href')).toBe(
      '/user/billing?plans=1',
    );
    expect(screen.getByText(/Trial ended 12 Dec 2026/)).toBeTruthy();
  });

  it('shows the error with Try again when the plan cannot be loaded, and no Try again for a refusal', async () => {
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/billing': () => jsonResponse(503, { error: { code: 'INTERNAL', message: 'Try later' } }),
      'GET /api/billing/invoices': () => jsonResponse(200, page([])),
    });
    const shown = renderWithData(<BillingPage />, '/user/billing');
    expect(await screen.findByText('Try later')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    shown.unmount();
    // Refused (403): asking again answers the same.
    routeFetch(fetchMock, {
      'GET /api/billing': () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: messages.forbidden } }),
      'GET /api/billing/invoices': () => jsonResponse(200, page([])),
    });
    renderWithData(<BillingPage />, '/user/billing');
    expect(await screen.findByText(messages.forbidden)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
