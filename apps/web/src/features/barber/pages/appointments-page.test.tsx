import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment } from '@workhub/shared/schemas/barber';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { calledUrls } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { onPhone } from '../../../test/phone.ts';
import { rowWith } from '../../../test/table.ts';
import { AppointmentsPage } from './appointments-page.tsx';
import { appointmentOf, barberPageKit, nairobiTime } from './barber-test-kit.ts';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const appointment = (id: string, name: string, status: Appointment['status']) =>
  appointmentOf({
    id,
    customer: { id: `c-${id}`, name, phone: null, email: null },
    status,
    source: 'public',
    services: [{ service_id: 'x', name: 'Haircut', duration_minutes: 30, price: '800.0000' }],
    created_at: '2026-12-01T00:00:00.000Z',
  });

const rows = [
  appointment('00000000-0000-4000-8000-000000000001', 'Njeri', 'booked'),
  appointment('00000000-0000-4000-8000-000000000002', 'Otieno', 'checked_in'),
  appointment('00000000-0000-4000-8000-000000000003', 'Wambui', 'done'),
  {
    ...appointment('00000000-0000-4000-8000-000000000004', 'Future', 'booked'),
    start_at: '2099-01-05T06:00:00.000Z',
    end_at: '2099-01-05T06:30:00.000Z',
  },
];

const steps = (name: string) =>
  rowWith(name)
    .queryAllByRole('button')
    .map((b) => b.textContent);

const base = {
  ...nairobiTime,
  'GET /api/barber/staff': () => jsonResponse(200, { data: [] }),
  'GET /api/barber/appointments': () =>
    jsonResponse(200, { data: rows, meta: { page: 1, limit: 14, total: 4 } }),
};

const { fetchMock, signInAs, open } = barberPageKit({
  element: <AppointmentsPage />,
  path: '/barber/appointments',
  routes: base,
});

afterEach(() => vi.restoreAllMocks());

describe('AppointmentsPage', { timeout: 20_000 }, () => {
  it('lists appointments in the shop time with the steps each status allows', async () => {
    signInAs('worker');
    open({}, '/barber/appointments?status=booked&q=nj');
    await screen.findByRole('table', { name: 'Appointments' });
    expect(calledUrls(fetchMock)).toContain('/api/barber/appointments?limit=14&q=nj&status=booked&page=1');
    expect(rowWith('Njeri').getByText('5 Jan 2026, 09:00')).toBeTruthy();
    expect(rowWith('Njeri').getByText('Booking page')).toBeTruthy();
    expect(steps('Njeri')).toEqual(['Check in', 'No-show', 'Cancel']);
    expect(steps('Otieno')).toEqual(['Done']);
    expect(steps('Wambui')).toEqual([]);
    // No no-show before its time has come.
    expect(steps('Future')).toEqual(['Check in', 'Cancel']);
  });

  it('asks before a step and posts it once confirmed', async () => {
    const user = userEvent.setup();
    signInAs('member');
    const posted: string[] = [];
    open({
      'POST /api/barber/appointments/00000000-0000-4000-8000-000000000001/no-show': (_init, url) => {
        posted.push(url);
        return jsonResponse(200, { message: 'Appointment updated', data: rows[0] });
      },
    });
    await screen.findByRole('table', { name: 'Appointments' });
    await user.click(screen.getByRole('button', { name: 'No-show Njeri' }));
    const dialog = await screen.findByRole('dialog', { name: 'No-show: Njeri?' });
    expect(within(dialog).getByText(/did not come/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'No-show' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Appointment updated'));
    expect(posted).toHaveLength(1);
  });

  it('shows an empty state when there is none', async () => {
    signInAs('member');
    open({
      'GET /api/barber/appointments': () =>
        jsonResponse(200, { data: [], meta: { page: 1, limit: 14, total: 0 } }),
    });
    await screen.findByText('No appointments yet');
  });

  it("on a phone folds the filters behind 'Filters' (counting those in the address); search and Export stay", async () => {
    const user = userEvent.setup();
    onPhone(true);
    signInAs('worker');
    open({}, '/barber/appointments?status=booked&from=2026-01-01&q=nj');
    await screen.findByRole('table', { name: 'Appointments' });
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('nj');
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
    expect(screen.queryByLabelText('Staff member')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Filters, 2 set' }));
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('booked');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
    await waitFor(() =>
      expect(calledUrls(fetchMock).at(-1)).toBe('/api/barber/appointments?limit=14&page=1'),
    );
  });

  it("leaves one customer's visits by a button, which the keyboard reaches", async () => {
    const user = userEvent.setup();
    signInAs('worker');
    open({}, '/barber/appointments?customer_id=c-1');
    await screen.findByRole('table', { name: 'Appointments' });
    expect(screen.getByText(/One customer's visits/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show everyone' }));
    await waitFor(() => expect(screen.queryByText(/One customer's visits/)).toBeNull());
    expect(calledUrls(fetchMock).at(-1)).not.toContain('customer_id');
  });
});
