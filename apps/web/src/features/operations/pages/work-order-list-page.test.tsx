import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { operationsMessages } from '@workhub/shared/operations-messages';
import type { WorkOrder } from '@workhub/shared/schemas/operations-orders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { listOf, opsIds } from '../testing/fixtures.ts';
import { WorkOrderListPage } from './work-order-list-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const woIds = {
  planned: '00000000-0000-4000-8000-000000000a11',
  released: '00000000-0000-4000-8000-000000000a12',
  completed: '00000000-0000-4000-8000-000000000a13',
} as const;

const at = '2026-01-01T00:00:00.000Z';
const workOrder = (patch: Partial<WorkOrder> = {}): WorkOrder => ({
  id: woIds.planned,
  number: 3,
  number_label: 'WO-00003',
  product_id: opsIds.bicycle,
  product_name: 'Bicycle',
  uom_name: 'pcs',
  quantity: '3.0000',
  need_date: '2026-03-10',
  release_date: '2026-03-08',
  status: 'planned',
  late: false,
  mrp_run_id: opsIds.run,
  mrp_proposal_id: opsIds.bicycleProposal,
  notes: null,
  released_at: null,
  completed_at: null,
  cancelled_at: null,
  created_at: at,
  updated_at: at,
  ...patch,
});

/** WO-00003 planned (Bicycle), WO-00004 released and late (Wheel), WO-00005 completed (Frame). */
const orders = () => [
  workOrder(),
  workOrder({
    id: woIds.released,
    number: 4,
    number_label: 'WO-00004',
    product_id: opsIds.wheel,
    product_name: 'Wheel',
    quantity: '6.0000',
    status: 'released',
    late: true,
  }),
  workOrder({
    id: woIds.completed,
    number: 5,
    number_label: 'WO-00005',
    product_id: opsIds.frame,
    product_name: 'Frame',
    quantity: '1.0000',
    status: 'completed',
  }),
];

const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({ url: String(url), body: init?.body }));

const steps = (label: string) =>
  rowWith(label)
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('WorkOrderListPage', { timeout: 20_000 }, () => {
  it('lists the work orders, flags late ones, and offers only the steps each status allows', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, { 'GET /api/work-orders': () => jsonResponse(200, listOf(orders())) });
    const { unmount } = renderWithData(<WorkOrderListPage />, '/operations/work-orders');
    await screen.findByRole('table', { name: 'Work orders' });
    expect(calledUrls(fetchMock)).toContain('/api/work-orders?page=1&limit=14');
    expect(rowWith('WO-00003').getByText('3 pcs')).toBeTruthy();
    expect(rowWith('WO-00003').getByRole('link', { name: 'Bicycle' }).getAttribute('href')).toBe(
      `/operations/products/${opsIds.bicycle}`,
    );
    expect(rowWith('WO-00004').getByText('Late')).toBeTruthy();
    expect(rowWith('WO-00003').queryByText('Late')).toBeNull();
    // Whole in a squeezed table: the number never breaks at its hyphen, the badge is never 'LA…'.
    expect(rowWith('WO-00004').getByText('WO-00004').closest('td')?.className).toMatch(/nowrap/);
    const late = rowWith('WO-00004').getByText('Late').closest('.mantine-Badge-root') as HTMLElement;
    expect(late.style.minWidth).toBe('max-content');

    expect(steps('WO-00003')).toEqual(['Release', 'Cancel']);
    expect(steps('WO-00004')).toEqual(['Complete', 'Cancel']);
    expect(steps('WO-00005')).toEqual([]);
    unmount();

    signIn(fakeWorkspaceAuthSession('mrp', 'worker'));
    renderWithData(<WorkOrderListPage />, '/operations/work-orders');
    await screen.findByRole('table', { name: 'Work orders' });
    expect(steps('WO-00003')).toEqual([]);
    expect(steps('WO-00004')).toEqual([]);
  });

  it('asks before releasing: Cancel sends nothing, confirming posts the step', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'GET /api/work-orders': () => jsonResponse(200, listOf(orders())),
      [`POST /api/work-orders/${woIds.planned}/release`]: () =>
        jsonResponse(200, {
          message: operationsMessages.workOrderReleased,
          data: workOrder({ status: 'released' }),
        }),
    });
    renderWithData(<WorkOrderListPage />, '/operations/work-orders');
    await screen.findByRole('table', { name: 'Work orders' });

    await user.click(screen.getByRole('button', { name: 'Release WO-00003' }));
    let dialog = await screen.findByRole('dialog', { name: 'Release WO-00003?' });
    expect(within(dialog).getByText(/^3 Bicycle\. Released work is on the floor/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Release WO-00003?' })).toBeNull());
    expect(posts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Release WO-00003' }));
    dialog = await screen.findByRole('dialog', { name: 'Release WO-00003?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release work order' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(operationsMessages.workOrderReleased));
    expect(posts()).toEqual([{ url: `/api/work-orders/${woIds.planned}/release`, body: null }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Release WO-00003?' })).toBeNull());
  });

  it('completes a released order after asking, and shows the 409 when a component lacks stock', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    const lacking = operationsMessages.notEnoughStock('Spoke', '12', '216');
    routeFetch(fetchMock, {
      'GET /api/work-orders': () => jsonResponse(200, listOf(orders())),
      [`POST /api/work-orders/${woIds.released}/complete`]: () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: lacking } }),
    });
    renderWithData(<WorkOrderListPage />, '/operations/work-orders');
    await screen.findByRole('table', { name: 'Work orders' });

    await user.click(screen.getByRole('button', { name: 'Complete WO-00004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete WO-00004?' });
    expect(within(dialog).getByText(/^6 Wheel\. Its components leave stock/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Complete work order' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(lacking));
    expect(notify.success).not.toHaveBeenCalled();
    expect(posts()).toEqual([{ url: `/api/work-orders/${woIds.released}/complete`, body: null }]);
  });

  it('cancels after asking, says it cannot be undone, and sends nothing when the question is closed', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'GET /api/work-orders': () => jsonResponse(200, listOf(orders())),
      [`POST /api/work-orders/${woIds.released}/cancel`]: () =>
        jsonResponse(200, {
          message: operationsMessages.workOrderCancelled,
          data: orders()[1],
        }),
    });
    renderWithData(<WorkOrderListPage />, '/operations/work-orders');
    await screen.findByRole('table', { name: 'Work orders' });

    await user.click(screen.getByRole('button', { name: 'Cancel WO-00004' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel WO-00004?' });
    expect(within(dialog).getByText(/This cannot be undone\.$/)).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel WO-00004?' })).toBeNull());
    expect(posts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel WO-00004' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel WO-00004?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel work order' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(operationsMessages.workOrderCancelled));
    expect(posts()).toEqual([{ url: `/api/work-orders/${woIds.released}/cancel`, body: null }]);
  });
});
