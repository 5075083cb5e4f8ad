import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { Plan } from '@workhub/shared/schemas/plans';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, fakePlan, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { PlanAdminPage } from './plan-admin-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const staff = () =>
  fakeAuthSession(
    { role: 'super_admin', platform_role: 'admin', accounts: 0, account_id: null },
    { role: 'super_admin', platform_role: 'admin', accounts: 0, account_id: null },
  );

const plan = (id: number, title: string, patch: Partial<Plan> = {}): Plan =>
  fakePlan(id, title, { description: 'A plan for testing the list.', ...patch });

describe('PlanAdminPage', { timeout: 15_000 }, () => {
  it("lists every plan, active or not, and toggles a plan's status with 'Cool !!!'", async () => {
    const user = userEvent.setup();
    signIn(staff());
    routeFetch(fetchMock, {
      'GET /api/admin/plans': () =>
        jsonResponse(200, {
          data: [plan(1, 'Free'), plan(2, 'Pro'), plan(3, 'Legacy', { status: 'inactive', month: 12 })],
          meta: { page: 1, limit: 100, total: 3 },
        }),
      'PATCH /api/admin/plans/2/status': () =>
        jsonResponse(200, { message: messages.statusToggled, data: plan(2, 'Pro', { status: 'inactive' }) }),
    });
    renderWithData(<PlanAdminPage />, '/subscription_type');

    expect(screen.getByRole('heading', { name: 'Plans' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add plan' }).getAttribute('href')).toBe('/subscription/new');
    expect(await screen.findByText('Legacy')).toBeTruthy();
    for (const header of ['Title', 'Price($)', 'Months', 'Status', 'Edit'])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(rowWith('Legacy').getByText('Inactive')).toBeTruthy();
    expect(rowWith('Legacy').getByText('12')).toBeTruthy();
    // Prices with their cents, as the admin dashboard and /pricing show them (29.00, not 29).
    expect(rowWith('Pro').getByText('29.00')).toBeTruthy();
    expect(rowWith('Free').getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/subscription/1');

    // The free plan every sign-up starts on cannot be switched off.
    expect((screen.getByRole('switch', { name: 'Active: Free' }) as HTMLInputElement).disabled).toBe(true);
    const toggle = screen.getByRole('switch', { name: 'Active: Pro' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    // It asks first; Cancel changes nothing.
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Make this plan inactive?' });
    expect(within(dialog).getByText(/Pro leaves the pricing page/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await user.click(toggle);
    await user.click(await screen.findByRole('button', { name: 'Make inactive' }));

    expect(await rowWith('Pro').findByText('Inactive')).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(messages.statusToggled);
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: '0' });
    expect((screen.getByRole('switch', { name: 'Active: Pro' }) as HTMLInputElement).checked).toBe(false);
  });

  it('says so when there is no plan, and shows a failed load', async () => {
    signIn(staff());
    routeFetch(fetchMock, { 'GET /api/admin/plans': () => jsonResponse(200, { data: [] }) });
    const { unmount } = renderWithData(<PlanAdminPage />, '/subscription_type');
    expect(await screen.findByText(messages.noRecord)).toBeTruthy();
    unmount();

    routeFetch(fetchMock, {
      'GET /api/admin/plans': () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: messages.forbidden } }),
    });
    renderWithData(<PlanAdminPage />, '/subscription_type');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(messages.forbidden)).toBeTruthy();
  });
});
