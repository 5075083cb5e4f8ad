import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BarberService, BarberStaff } from '@workhub/shared/schemas/barber';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { captureDownloads } from '../../../test/downloads.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { expectEmptyThenErrorAndRetry } from '../page-states.test-support.tsx';
import { StaffPage } from './staff-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
const saved = captureDownloads();
afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const ID = '00000000-0000-4000-8000-000000000001';
const cut: BarberService = {
  id: 'sv-cut',
  name: 'Haircut',
  duration_minutes: 30,
  price: '800.0000',
  category: null,
  active: true,
  created_at: '2026-01-01T00:00:00.000Z',
};
const amina: BarberStaff = {
  id: ID,
  name: 'Amina',
  user_id: null,
  active: true,
  service_ids: ['sv-cut'],
  hours: [{ weekday: 1, start_minute: 540, end_minute: 1080 }],
  breaks: [],
  days_off: [],
  created_at: '2026-01-01T00:00:00.000Z',
};
const base = {
  'GET /api/barber/settings': () => jsonResponse(200, { data: { timezone: 'Africa/Nairobi' } }),
  'GET /api/barber/services': () =>
    jsonResponse(200, { data: [cut], meta: { page: 1, limit: 100, total: 1 } }),
  'GET /api/barber/staff': () => jsonResponse(200, { data: [amina] }),
};

describe('StaffPage', { timeout: 20_000 }, () => {
  it('shows Loading, then each member with services and hours', async () => {
    signIn(fakeWorkspaceAuthSession('barber', 'member'));
    let answer: (r: Response) => void = () => {};
    routeFetch(fetchMock, {
      ...base,
      'GET /api/barber/staff': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithData(<StaffPage />, '/barber/staff');
    expect(await screen.findByRole('status')).toBeTruthy();
    answer(jsonResponse(200, { data: [amina] }));
    await screen.findByRole('table', { name: 'Staff' });
    await waitFor(() => expect(rowWith('Amina').getByText('Haircut')).toBeTruthy());
    expect(rowWith('Amina').getByText('Mon 09:00–18:00')).toBeTruthy();
    // A member sees no time zone form, no Add and no Edit.
    expect(screen.queryByRole('button', { name: 'Add staff member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Amina' })).toBeNull();
  });

  it('shows the empty state, and the error with a retry', async () => {
    signIn(fakeWorkspaceAuthSession('barber', 'owner'));
    await expectEmptyThenErrorAndRetry(
      fetchMock,
      { element: <StaffPage />, path: '/barber/staff', routes: base, list: 'GET /api/barber/staff' },
      { empty: { data: [] }, full: { data: [amina] } },
      { empty: 'No staff yet', errorTitle: 'The staff could not be loaded', table: 'Staff' },
    );
  });

  it('adds a staff member with services, hours and a break; a bad time is refused before sending', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('barber', 'admin'));
    const bodies: Record<string, unknown>[] = [];
    routeFetch(fetchMock, {
      ...base,
      'POST /api/barber/staff': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, { message: 'Staff member added', data: { ...amina, name: 'Baraka' } });
      },
    });
    renderWithData(<StaffPage />, '/barber/staff');
    await screen.findByRole('table', { name: 'Staff' });
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff member' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Baraka');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Haircut' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sat' }));
    await user.clear(within(dialog).getByLabelText('Mon start'));
    await user.click(within(dialog).getByRole('button', { name: 'Save staff member' }));
    expect(await within(dialog).findByText('Mon: hours as HH:MM')).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByLabelText('Mon start'), '08:00');
    await user.type(within(dialog).getByLabelText('Mon breakStart'), '13:00');
    await user.type(within(dialog).getByLabelText('Mon breakEnd'), '14:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save staff member' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Staff member added'));
    expect(bodies[0]).toMatchObject({
      name: 'Baraka',
      active: true,
      service_ids: ['sv-cut'],
      breaks: [{ weekday: 1, start_minute: 780, end_minute: 840 }],
      days_off: [],
    });
    // Monday to Friday (Saturday unticked), 09:00-18:00 but Monday from 08:00.
    const hours = (bodies[0]?.hours ?? []) as { weekday: number; start_minute: number }[];
    expect(hours.map((h) => h.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(hours[0]?.start_minute).toBe(480);
  });

  it('asks before deactivating a staff member', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('barber', 'owner'));
    const bodies: unknown[] = [];
    routeFetch(fetchMock, {
      ...base,
      [`PATCH /api/barber/staff/${ID}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { message: 'Staff member saved', data: { ...amina, active: false } });
      },
    });
    renderWithData(<StaffPage />, '/barber/staff');
    await user.click(await screen.findByRole('button', { name: 'Edit Amina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit staff member' });
    await user.click(within(dialog).getByRole('switch', { name: /Active/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save staff member' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Amina?' });
    expect(within(confirm).getByText(/leave the calendar/)).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Staff member saved'));
    expect(bodies).toEqual([expect.objectContaining({ name: 'Amina', active: false })]);
  });

  it('searches the staff, and exports the list as searched (CSV)', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('barber', 'worker'));
    routeFetch(fetchMock, {
      ...base,
      'GET /api/barber/staff/export': () =>
        new Response('Name\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="salon-staff.csv"',
          },
        }),
    });
    renderWithData(<StaffPage />, '/barber/staff');
    await screen.findByRole('table', { name: 'Staff' });
    await user.type(screen.getByLabelText('Search'), 'am');
    await waitFor(() => expect(calledUrls(fetchMock)).toContain('/api/barber/staff?q=am'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['salon-staff.csv blob:csv']));
    expect(calledUrls(fetchMock)).toContain('/api/barber/staff/export?q=am');
  });
});
