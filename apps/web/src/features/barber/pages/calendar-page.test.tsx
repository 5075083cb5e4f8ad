import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment, BarberService, BarberStaff } from '@workhub/shared/schemas/barber';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { CalendarPage } from './calendar-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const ID = '00000000-0000-4000-8000-000000000001';
const service = (id: string, name: string, minutes: number, active = true): BarberService => ({
  id,
  name,
  duration_minutes: minutes,
  price: '500.0000',
  category: null,
  active,
  created_at: '2026-01-01T00:00:00.000Z',
});
const services = [
  service('sv-cut', 'Haircut', 30),
  service('sv-wash', 'Wash', 15),
  service('sv-old', 'Old perm', 90, false),
];
const amina: BarberStaff = {
  id: 's1',
  name: 'Amina',
  user_id: null,
  active: true,
  service_ids: ['sv-cut', 'sv-wash'],
  hours: [{ weekday: 1, start_minute: 480, end_minute: 1200 }],
  breaks: [],
  days_off: [],
  created_at: '2026-01-01T00:00:00.000Z',
};
// 09:00 in Nairobi (UTC+3) on Monday 5 January 2026.
const njeri: Appointment = {
  id: ID,
  customer: { id: 'c1', name: 'Njeri', phone: '0711', email: null },
  staff: { id: 's1', name: 'Amina' },
  start_at: '2026-01-05T06:00:00.000Z',
  end_at: '2026-01-05T06:30:00.000Z',
  status: 'booked',
  source: 'staff',
  services: [{ service_id: 'sv-cut', name: 'Haircut', duration_minutes: 30, price: '800.0000' }],
  total: '800.0000',
  created_at: '2026-01-01T00:00:00.000Z',
};

const day = (appointments: Appointment[]) => () =>
  jsonResponse(200, { data: { date: '2026-01-05', timezone: 'Africa/Nairobi', appointments } });
const base = {
  'GET /api/barber/settings': () => jsonResponse(200, { data: { timezone: 'Africa/Nairobi' } }),
  'GET /api/barber/staff': () => jsonResponse(200, { data: [amina] }),
  'GET /api/barber/services': () =>
    jsonResponse(200, { data: services, meta: { page: 1, limit: 100, total: 3 } }),
  'GET /api/barber/calendar': day([njeri]),
};
const URL = '/barber/calendar?date=2026-01-05';

const openNjeri = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: '09:00 Njeri (Booked)' }));
  return screen.findByRole('dialog', { name: 'Njeri' });
};

describe('CalendarPage', { timeout: 20_000 }, () => {
  it('shows Loading until the day is in', async () => {
    signIn(fakeWorkspaceAuthSession('barber', 'member'));
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    renderWithData(<CalendarPage />, URL);
    expect(await screen.findByRole('status')).toBeTruthy();
  });

  it('shows the error and tries again', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('barber', 'member'));
    let fail = true;
    routeFetch(fetchMock, {
      ...base,
      'GET /api/barber/calendar': () =>
        fail
          ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } })
          : day([njeri])(),
    });
    renderWithData(<CalendarPage />, URL);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The calendar could not be loaded')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: '09:00 Njeri (Booked)' })).toBeTruthy();
  });

  it('says so when there is no staff member, or no appointment that day', async () => {
    signIn(fakeWorkspaceAuthSession('barber', 'member'));
    routeFetch(fetchMock, { ...base, 'GET /api/barber/staff': () => jsonResponse(200, { data: [] }) });
    const first = renderWithData(<CalendarPage />, URL);
    expect(await screen.findByText('No staff yet')).toBeTruthy();
    first.unmount();
    routeFetch(fetchMock, { ...base, 'GET /api/barber/calendar': day([]) });
    renderWithData(<CalendarPage />, URL);
    expect(await screen.findByText('No appointments on this day yet.')).toBeTruthy();
    expect(screen.getByTestId('column-Amina')).toBeTruthy();
  });

  it("changes a booking's services from its dialog; the new end shows before saving", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('barber', 'worker'));
    const bodies: unknown[] = [];
    routeFetch(fetchMock, {
      ...base,
      [`PATCH /api/barber/appointments/${ID}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { message: 'Appointment saved', data: njeri });
      },
    });
    renderWithData(<CalendarPage />, URL);
    const dialog = await openNjeri(user);
    await user.click(within(dialog).getByRole('button', { name: 'Change services' }));
    // The booked service and today's active ones; a hidden service is not offered.
    expect(within(dialog).getByRole('checkbox', { name: 'Haircut (30 min)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(dialog).queryByRole('checkbox', { name: /Old perm/ })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wash (15 min)' }));
    expect(within(dialog).getByText('45 min: until 09:45')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save services' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Appointment saved'));
    expect(bodies).toEqual([{ service_ids: ['sv-cut', 'sv-wash'] }]);
  });

  it("shows the server's 409 when the longer booking runs into another", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('barber', 'member'));
    const taken = 'With these services the appointment runs into another booking of this staff member';
    routeFetch(fetchMock, {
      ...base,
      [`PATCH /api/barber/appointments/${ID}`]: () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: taken } }),
    });
    renderWithData(<CalendarPage />, URL);
    const dialog = await openNjeri(user);
    await user.click(within(dialog).getByRole('button', { name: 'Change services' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wash (15 min)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save services' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(taken);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('asks before cancelling an appointment from its dialog', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('barber', 'member'));
    const posted: string[] = [];
    routeFetch(fetchMock, {
      ...base,
      [`POST /api/barber/appointments/${ID}/cancel`]: (_init, url) => {
        posted.push(url);
        return jsonResponse(200, { message: 'Appointment updated', data: { ...njeri, status: 'cancelled' } });
      },
    });
    renderWithData(<CalendarPage />, URL);
    const dialog = await openNjeri(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Njeri' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel: Njeri?' });
    expect(posted).toEqual([]);
    // Two buttons say 'Cancel': the first dismisses, the red one confirms.
    await user.click(within(confirm).getAllByRole('button', { name: 'Cancel' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel: Njeri?' })).toBeNull());
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Njeri' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel: Njeri?' });
    const buttons = within(again).getAllByRole('button', { name: 'Cancel' });
    await user.click(buttons[buttons.length - 1] as HTMLElement);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Appointment updated'));
    expect(posted).toHaveLength(1);
    expect(calledUrls(fetchMock)).toContain('/api/barber/calendar?date=2026-01-05');
  });

  it('books at the desk from New appointment, in the shop time', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('barber', 'worker'));
    const bodies: unknown[] = [];
    routeFetch(fetchMock, {
      ...base,
      'POST /api/barber/appointments': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, { message: 'Appointment booked', data: njeri });
      },
    });
    renderWithData(<CalendarPage />, URL);
    await user.click(await screen.findByRole('button', { name: 'New appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New appointment on 2026-01-05' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Haircut (30 min)' }));
    await user.selectOptions(within(dialog).getByLabelText('Staff member'), 'Amina');
    await user.clear(within(dialog).getByLabelText(/^Time/));
    await user.type(within(dialog).getByLabelText(/^Time/), '10:30');
    await user.type(within(dialog).getByLabelText(/^Customer name/), 'Wanjiru');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Appointment booked'));
    expect(bodies).toEqual([
      {
        start_at: '2026-01-05T07:30:00.000Z',
        service_ids: ['sv-cut'],
        staff_id: 's1',
        customer: { name: 'Wanjiru' },
      },
    ]);
  });

  it('offers a guest no booking and no change', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('barber', 'guest'));
    routeFetch(fetchMock, base);
    renderWithData(<CalendarPage />, URL);
    const dialog = await openNjeri(user);
    expect(within(dialog).queryByRole('button', { name: 'Change services' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New appointment' })).toBeNull();
  });
});
