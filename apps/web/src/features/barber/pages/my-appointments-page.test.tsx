import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment } from '@workhub/shared/schemas/barber';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { jsonResponse } from '../../../test/fixtures.ts';
import { rowWith } from '../../../test/table.ts';
import { appointmentOf, barberPageKit } from './barber-test-kit.ts';
import { MyAppointmentsPage } from './my-appointments-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const UPCOMING = '00000000-0000-4000-8000-000000000001';
const appointment = (id: string, staff: string, start: string, status: Appointment['status']) =>
  appointmentOf({
    id,
    customer: { id: 'c1', name: 'Me', phone: null, email: 'me@example.com' },
    staff: { id: `s-${staff}`, name: staff },
    start_at: start,
    end_at: start,
    status,
    source: 'public',
    services: [{ service_id: 'x', name: 'Haircut', duration_minutes: 30, price: '800.0000' }],
  });

const rows = [
  appointment(UPCOMING, 'Amina', '2099-01-05T06:00:00.000Z', 'booked'),
  appointment('00000000-0000-4000-8000-000000000002', 'Baraka', '2020-01-05T06:00:00.000Z', 'booked'),
  appointment('00000000-0000-4000-8000-000000000003', 'Chebet', '2099-02-05T06:00:00.000Z', 'cancelled'),
  appointment('00000000-0000-4000-8000-000000000004', 'Daudi', '2020-02-05T06:00:00.000Z', 'done'),
];

const base = {
  // What the API answers a customer: the salon's settings are for its staff (barber:read).
  'GET /api/barber/settings': () =>
    jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'You do not have permission.' } }),
  // The public booking page of the session's workspace says the shop's zone: Nairobi (UTC+3).
  'GET /api/public/booking/barber-a1b2c3': () =>
    jsonResponse(200, {
      data: { name: 'Kinyozi Spa', timezone: 'Africa/Nairobi', currency: null, services: [], staff: [] },
    }),
  'GET /api/barber/my-appointments': () => jsonResponse(200, { data: rows }),
};

const { signInAs, open } = barberPageKit({
  element: <MyAppointmentsPage />,
  path: '/barber/my-appointments',
  routes: base,
});

describe('MyAppointmentsPage', { timeout: 20_000 }, () => {
  it('offers to cancel only an upcoming booked appointment, asks first, then posts it', async () => {
    const user = userEvent.setup();
    signInAs('customer');
    const posted: string[] = [];
    open({
      [`POST /api/barber/my-appointments/${UPCOMING}/cancel`]: (_init, url) => {
        posted.push(url);
        return jsonResponse(200, {
          message: 'Your appointment is cancelled',
          data: { ...rows[0], status: 'cancelled' },
        });
      },
    });
    await screen.findByRole('table', { name: 'My appointments' });
    expect(
      rowWith('Amina')
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel']);
    for (const name of ['Baraka', 'Chebet', 'Daudi']) {
      expect(rowWith(name).queryAllByRole('button'), name).toEqual([]);
    }
    await user.click(rowWith('Amina').getByRole('button', { name: /Cancel the appointment/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    expect(within(dialog).getByText(/with Amina/)).toBeTruthy();
    expect(posted).toEqual([]);
    // Dismissing posts nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);
    await user.click(rowWith('Amina').getByRole('button', { name: /Cancel the appointment/ }));
    const again = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    await user.click(within(again).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Your appointment is cancelled'));
    expect(posted).toHaveLength(1);
  });

  it("shows the times as the salon's clock reads them, though a customer may not read its settings", async () => {
    signInAs('customer');
    open();
    await screen.findByRole('table', { name: 'My appointments' });
    // 06:00 UTC is 09:00 in Nairobi.
    expect(rowWith('Amina').getByText('5 Jan 2099, 09:00')).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    signInAs('customer');
    open({
      [`POST /api/barber/my-appointments/${UPCOMING}/cancel`]: () =>
        jsonResponse(409, {
          error: { code: 'CONFLICT', message: 'An appointment that is checked in cannot be cancelled' },
        }),
    });
    await screen.findByRole('table', { name: 'My appointments' });
    await user.click(rowWith('Amina').getByRole('button', { name: /Cancel the appointment/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('An appointment that is checked in cannot be cancelled'),
    );
  });

  it('shows an empty state when there is none', async () => {
    signInAs('customer');
    open({
      'GET /api/barber/my-appointments': () => jsonResponse(200, { data: [] }),
    });
    await screen.findByText('No appointments yet');
    expect(screen.getByRole('link', { name: 'Open the booking page' }).getAttribute('href')).toMatch(
      /\/book\/barber-a1b2c3$/,
    );
  });
});
