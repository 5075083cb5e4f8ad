import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BarberDashboard } from '@workhub/shared/schemas/barber';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { jsonResponse } from '../../../test/fixtures.ts';
import type { Routes } from '../../../test/page-kit.ts';
import { BarberDashboardPage } from './barber-dashboard-page.tsx';
import { barberPageKit } from './barber-test-kit.ts';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const { fetchMock, signInAs, open } = barberPageKit({
  element: <BarberDashboardPage />,
  path: '/dashboard_barber',
});

const weeks = [
  '2026-10-05',
  '2026-10-12',
  '2026-10-19',
  '2026-10-26',
  '2026-11-02',
  '2026-11-09',
  '2026-11-16',
  '2026-11-23',
];
const empty: BarberDashboard = {
  timezone: 'Africa/Nairobi',
  today: '2026-11-25',
  has_data: false,
  has_sample: false,
  today_staff: [],
  today_appointments: 0,
  revenue_per_week: weeks.map((week) => ({ week, revenue: '0' })),
  bookings_per_weekday: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, bookings: 0 })),
  top_services: [],
  staff_sales: [],
  no_show_rate: null,
  returning_customer_rate: null,
};
const full: BarberDashboard = {
  ...empty,
  has_data: true,
  has_sample: true,
  today_staff: [
    {
      staff_id: 's1',
      name: 'Amina',
      appointments: 3,
      booked_minutes: 120,
      working_minutes: 480,
      utilisation: 25,
    },
  ],
  today_appointments: 3,
  revenue_per_week: weeks.map((week, i) => ({ week, revenue: String(1000 * (i + 1)) })),
  bookings_per_weekday: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    bookings: weekday === 7 ? 0 : weekday * 2,
  })),
  top_services: [{ name: 'Haircut', bookings: 40, revenue: '32000.0000' }],
  staff_sales: [{ name: 'Amina', appointments: 30, revenue: '45000.0000' }],
  no_show_rate: 7.5,
  returning_customer_rate: 61.2,
};

/** Renders the dashboard answering `data` and `extra`. */
const openWith = (data: BarberDashboard, extra: Routes = {}) =>
  open({
    'GET /api/barber/dashboard': () => jsonResponse(200, { data }),
    ...extra,
  });

/** The salon's booking page as the dashboard links it (fakeWorkspaceAuthSession's slug). */
const bookingLink = /\/book\/barber-a1b2c3$/;

describe('BarberDashboardPage', { timeout: 20_000 }, () => {
  it('offers sample data to a manager of an empty salon, and loads it', async () => {
    const user = userEvent.setup();
    signInAs('owner');
    let loaded = false;
    openWith(empty, {
      'POST /api/barber/sample-data': () => {
        loaded = true;
        return jsonResponse(201, { message: 'Sample data loaded', data: { appointments: 400 } });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Load sample data' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Sample data loaded'));
    expect(loaded).toBe(true);
    expect(screen.getByText(/No appointment done in the last 8 weeks/)).toBeTruthy();
    expect((await screen.findByRole('link', { name: bookingLink })).getAttribute('href')).toMatch(
      bookingLink,
    );
  });

  it('shows the figures, and a member gets no sample-data buttons', async () => {
    signInAs('member');
    openWith(full);
    expect((await screen.findByTestId('stat-Today')).textContent).toBe('3');
    expect(screen.getByTestId('stat-No-show rate').textContent).toBe('7.5%');
    expect(screen.getByTestId('stat-Returning customers').textContent).toBe('61.2%');
    const today = screen.getByRole('region', { name: 'Today per staff member' });
    expect(within(today).getByText('25%')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Revenue per week' })).toBeTruthy();
    const weekdays = screen.getByRole('table', { name: 'Bookings per weekday (8 weeks)' });
    // Its rows are weekdays, not weeks.
    expect(within(weekdays).getByRole('columnheader', { name: 'Weekday' })).toBeTruthy();
    expect(within(weekdays).queryByRole('columnheader', { name: 'Week of' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear sample data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load sample data' })).toBeNull();
    // The booking page's address too: it comes with the session's workspace, not from GET
    // /api/workspaces/:id, which refuses anyone but its owner and admins (a 403 on every load).
    expect(screen.getByRole('link', { name: bookingLink }).getAttribute('href')).toMatch(bookingLink);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/workspaces'))).toBe(false);
  });

  it('asks before clearing the sample data', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    let cleared = 0;
    openWith(full, {
      'DELETE /api/barber/sample-data': () => {
        cleared++;
        return jsonResponse(200, { message: 'Sample data cleared', data: {} });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Clear sample data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the sample data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Clear the sample data?' })).toBeNull());
    expect(cleared).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Clear sample data' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Clear the sample data?' })).getByRole('button', {
        name: 'Clear sample data',
      }),
    );
    await waitFor(() => expect(cleared).toBe(1));
  });

  it('shows a customer their own appointments instead of the salon figures', async () => {
    signInAs('customer');
    open({
      'GET /api/barber/my-appointments': () => jsonResponse(200, { data: [] }),
      // The shop's zone comes from its public page: a customer may not read its settings.
      'GET /api/public/booking/barber-a1b2c3': () =>
        jsonResponse(200, {
          data: { name: 'Kinyozi', timezone: 'Africa/Nairobi', currency: null, services: [], staff: [] },
        }),
    });
    await screen.findByRole('heading', { name: 'My appointments' });
    await screen.findByText('No appointments yet');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/barber/dashboard'))).toBe(false);
  });

  it('shows an error with a retry when the dashboard cannot load', async () => {
    signInAs('owner');
    open({
      'GET /api/barber/dashboard': () => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } }),
    });
    await screen.findByText('The dashboard could not be loaded');
  });
});
