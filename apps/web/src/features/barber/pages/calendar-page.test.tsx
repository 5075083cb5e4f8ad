import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { Appointment } from '@workhub/shared/schemas/barber';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { calledUrls } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { refusedOnce } from '../../../test/route-fetch.ts';
import {
  appointmentOf,
  barberPageKit,
  cancelRoute,
  ID,
  nairobiTime,
  serviceOf,
  servicesAnswer,
  staffOf,
} from './barber-test-kit.ts';
import { CalendarPage } from './calendar-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const service = (id: string, name: string, minutes: number, active = true) =>
  serviceOf({ id, name, duration_minutes: minutes, price: '500.0000', active });
const services = [
  service('sv-cut', 'Haircut', 30),
  service('sv-wash', 'Wash', 15),
  service('sv-old', 'Old perm', 90, false),
];
const amina = staffOf({
  service_ids: ['sv-cut', 'sv-wash'],
  hours: [{ weekday: 1, start_minute: 480, end_minute: 1200 }],
});
// 09:00 in Nairobi (UTC+3) on Monday 5 January 2026.
const njeri = appointmentOf({ customer: { id: 'c1', name: 'Njeri', phone: '0711', email: null } });

/** Njeri's appointment as someone else saved it after the page read it: `patch`, a later version. */
const njerisSince = (patch: Partial<Appointment>) =>
  appointmentOf({ customer: njeri.customer, updated_at: '2026-01-04T10:00:00.000Z', ...patch });

const day = (appointments: Appointment[]) => () =>
  jsonResponse(200, { data: { date: '2026-01-05', timezone: 'Africa/Nairobi', appointments } });
const base = {
  ...nairobiTime,
  'GET /api/barber/staff': () => jsonResponse(200, { data: [amina] }),
  'GET /api/barber/services': () => servicesAnswer(services),
  'GET /api/barber/calendar': day([njeri]),
};
const URL = '/barber/calendar?date=2026-01-05';
const { fetchMock, signInAs, open, openHeld } = barberPageKit({
  element: <CalendarPage />,
  path: URL,
  routes: base,
});

/**
 * A block is named by what it shows (the time, the customer, the services), the status read out
 * last (jsdom drops the space a browser puts before the status).
 */
const NJERI_BLOCK = /^09:00 Njeri · Haircut ?\(Booked\)$/;

const openNjeri = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: NJERI_BLOCK }));
  return screen.findByRole('dialog', { name: 'Njeri' });
};

/** Opens Njeri's Move form, types `time` and presses Move; the form. */
const moveNjeriTo = async (user: ReturnType<typeof userEvent.setup>, time: string) => {
  const dialog = await openNjeri(user);
  await user.click(within(dialog).getByRole('button', { name: 'Move' }));
  const form = within(dialog).getByRole('form', { name: 'Move the appointment' });
  await user.clear(within(form).getByLabelText(/^Time/));
  await user.type(within(form).getByLabelText(/^Time/), time);
  await user.click(within(form).getByRole('button', { name: 'Move' }));
  return form;
};

describe('CalendarPage', { timeout: 20_000 }, () => {
  it('shows Loading until the day is in', async () => {
    signInAs('member');
    openHeld('GET /api/barber/calendar');
    expect(await screen.findByRole('status')).toBeTruthy();
  });

  it("opened with no day, asks for the shop's today once its time zone is in, never for no day", async () => {
    signInAs('member');
    vi.useFakeTimers({ now: new Date('2026-01-04T22:30:00Z'), toFake: ['Date'] });
    try {
      open({}, '/barber/calendar');
      expect(await screen.findByRole('button', { name: NJERI_BLOCK })).toBeTruthy();
      expect(screen.getByText('1 appointment')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
    // 22:30 UTC on the 4th is 01:30 on Monday the 5th in Nairobi.
    const days = calledUrls(fetchMock).filter((url) => url.startsWith('/api/barber/calendar'));
    expect(days).toEqual(['/api/barber/calendar?date=2026-01-05']);
  });

  it('shows the error and tries again', async () => {
    const user = userEvent.setup();
    signInAs('member');
    let fail = true;
    open({
      'GET /api/barber/calendar': () =>
        fail
          ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } })
          : day([njeri])(),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The calendar could not be loaded')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: NJERI_BLOCK })).toBeTruthy();
  });

  it('says so when there is no staff member, or no appointment that day', async () => {
    signInAs('member');
    const first = open({ 'GET /api/barber/staff': () => jsonResponse(200, { data: [] }) });
    expect(await screen.findByText('No staff yet')).toBeTruthy();
    first.unmount();
    open({ 'GET /api/barber/calendar': day([]) });
    expect(await screen.findByText('No appointments on this day yet.')).toBeTruthy();
    expect(screen.getByTestId('column-Amina')).toBeTruthy();
  });

  it("changes a booking's services from its dialog; the new end shows before saving", async () => {
    const user = userEvent.setup();
    signInAs('worker');
    const bodies: unknown[] = [];
    open({
      [`PATCH /api/barber/appointments/${ID}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { message: 'Appointment saved', data: njeri });
      },
    });
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
    signInAs('member');
    const taken = 'With these services the appointment runs into another booking of this staff member';
    open({
      [`PATCH /api/barber/appointments/${ID}`]: () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: taken } }),
    });
    const dialog = await openNjeri(user);
    await user.click(within(dialog).getByRole('button', { name: 'Change services' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wash (15 min)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save services' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(taken);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('moves a booking to another time and staff member from its dialog, with no dragging', async () => {
    const user = userEvent.setup();
    signInAs('member');
    const bodies: unknown[] = [];
    open({
      'GET /api/barber/staff': () =>
        jsonResponse(200, {
          data: [
            amina,
            staffOf({ id: 's2', name: 'Baraka' }),
            staffOf({ id: 's3', name: 'Gone', active: false }),
          ],
        }),
      [`PATCH /api/barber/appointments/${ID}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { message: 'Appointment saved', data: njeri });
      },
    });
    const dialog = await openNjeri(user);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    const form = within(dialog).getByRole('form', { name: 'Move the appointment' });
    // The status steps wait: the form's Cancel is the only one.
    expect(within(dialog).queryByRole('button', { name: 'Cancel Njeri' })).toBeNull();
    // Where it is now, in the shop's time; a staff member who left is not offered.
    expect(within(form).getByLabelText(/^Day/)).toHaveProperty('value', '2026-01-05');
    expect(within(form).getByLabelText(/^Time/)).toHaveProperty('value', '09:00');
    const staffNames = within(form)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(staffNames).toEqual(['Amina', 'Baraka']);
    // Unchanged: nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Move' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'That is where it is now: choose another day, time or staff member.',
    );
    await user.clear(within(form).getByLabelText(/^Day/));
    await user.type(within(form).getByLabelText(/^Day/), '2026-01-06');
    await user.clear(within(form).getByLabelText(/^Time/));
    await user.type(within(form).getByLabelText(/^Time/), '11:30');
    await user.selectOptions(within(form).getByLabelText('Staff member'), 'Baraka');
    await user.click(within(form).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Moved to 6 Jan 2026, 11:30'));
    // 11:30 in Nairobi (UTC+3).
    expect(bodies).toEqual([{ start_at: '2026-01-06T08:30:00.000Z', staff_id: 's2' }]);
  });

  it('puts the focus in the form Move or Change services opens, and back on that button on Cancel', async () => {
    const user = userEvent.setup();
    signInAs('member');
    open();
    const dialog = await openNjeri(user);
    // The button opening the form goes with it: without a hand-over the focus fell to the page.
    within(dialog).getByRole('button', { name: 'Move' }).focus();
    await user.keyboard('{Enter}');
    const form = within(dialog).getByRole('form', { name: 'Move the appointment' });
    expect(document.activeElement).toBe(within(form).getByLabelText(/^Day/));
    within(form).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Move' }));

    within(dialog).getByRole('button', { name: 'Change services' }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(dialog).getByRole('checkbox', { name: 'Haircut (30 min)' }));
    within(dialog).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Change services' }));
  });

  it("shows the server's 409 when the new time is taken, and keeps the form", async () => {
    const user = userEvent.setup();
    signInAs('member');
    const taken = 'Amina already has an appointment at that time';
    open({
      [`PATCH /api/barber/appointments/${ID}`]: () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: taken } }),
    });
    const form = await moveNjeriTo(user, '10:00');
    expect((await within(form).findByRole('alert')).textContent).toBe(taken);
    expect(within(form).getByLabelText(/^Time/)).toHaveProperty('value', '10:00');
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('moves against the version it opened; on a 412 names what they changed, keeps the form, offers theirs', async () => {
    const user = userEvent.setup();
    signInAs('member');
    const ifMatches: string[] = [];
    // Someone moved it to 10:30 with Baraka meanwhile.
    const theirs = njerisSince({
      staff: { id: 's2', name: 'Baraka' },
      start_at: '2026-01-05T07:30:00.000Z',
      end_at: '2026-01-05T08:00:00.000Z',
    });
    const saved = { message: 'Appointment moved', data: { ...theirs, start_at: '2026-01-05T08:00:00.000Z' } };
    open({
      'GET /api/barber/staff': () =>
        jsonResponse(200, { data: [amina, staffOf({ id: 's2', name: 'Baraka' })] }),
      [`GET /api/barber/appointments/${ID}`]: () => jsonResponse(200, { data: theirs }),
      [`PATCH /api/barber/appointments/${ID}`]: refusedOnce(ifMatches, saved),
    });
    const form = await moveNjeriTo(user, '10:00');
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Someone else saved this appointment while you were editing it');
    await waitFor(() => expect(alert.textContent).toContain('They changed: Time, Staff member.'));
    // It names the form's own button.
    expect(alert.textContent).toContain('Move again to replace their version with yours');
    expect(ifMatches).toEqual([`"${njeri.updated_at}"`]);
    // What was typed stays until they choose.
    expect(within(form).getByLabelText(/^Time/)).toHaveProperty('value', '10:00');
    expect(notify.success).not.toHaveBeenCalled();
    await user.click(within(form).getByRole('button', { name: 'Load their version' }));
    expect(within(form).getByLabelText(/^Time/)).toHaveProperty('value', '10:30');
    expect(within(form).getByLabelText('Staff member')).toHaveProperty('value', 's2');
    // Moved from theirs, against their version.
    await user.clear(within(form).getByLabelText(/^Time/));
    await user.type(within(form).getByLabelText(/^Time/), '11:00');
    await user.click(within(form).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Moved to 5 Jan 2026, 11:00'));
    expect(ifMatches).toEqual([`"${njeri.updated_at}"`, `"${theirs.updated_at}"`]);
  });

  it('saved over their version as it stands, the move keeps the staff member the form shows', async () => {
    const user = userEvent.setup();
    signInAs('member');
    const ifMatches: string[] = [];
    const bodies: unknown[] = [];
    // Someone gave it to Baraka meanwhile; this desk keeps Amina and moves it to 10:00 over theirs.
    const theirs = njerisSince({ staff: { id: 's2', name: 'Baraka' } });
    const refuse = refusedOnce(ifMatches, { message: 'Appointment moved', data: theirs });
    open({
      'GET /api/barber/staff': () =>
        jsonResponse(200, { data: [amina, staffOf({ id: 's2', name: 'Baraka' })] }),
      [`GET /api/barber/appointments/${ID}`]: () => jsonResponse(200, { data: theirs }),
      [`PATCH /api/barber/appointments/${ID}`]: (init, url) => {
        bodies.push(JSON.parse(String(init?.body)));
        return refuse(init, url);
      },
    });
    const form = await moveNjeriTo(user, '10:00');
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toContain('Staff member'));
    await user.click(within(form).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Moved to 5 Jan 2026, 10:00'));
    expect(ifMatches).toEqual([`"${njeri.updated_at}"`, `"${theirs.updated_at}"`]);
    expect(bodies[1]).toEqual({ start_at: '2026-01-05T07:00:00.000Z', staff_id: amina.id });
  });

  it('saves services against the version it opened; on a 412 says the services changed and loads theirs', async () => {
    const user = userEvent.setup();
    signInAs('member');
    const ifMatches: string[] = [];
    // Someone added a wash meanwhile.
    const theirs = njerisSince({
      services: [
        { service_id: 'sv-cut', name: 'Haircut', duration_minutes: 30, price: '800.0000' },
        { service_id: 'sv-wash', name: 'Wash', duration_minutes: 15, price: '500.0000' },
      ],
      end_at: '2026-01-05T06:45:00.000Z',
    });
    open({
      [`GET /api/barber/appointments/${ID}`]: () => jsonResponse(200, { data: theirs }),
      [`PATCH /api/barber/appointments/${ID}`]: refusedOnce(ifMatches),
    });
    const dialog = await openNjeri(user);
    await user.click(within(dialog).getByRole('button', { name: 'Change services' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wash (15 min)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Haircut (30 min)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save services' }));
    const alert = await within(dialog).findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('They changed: Services.'));
    expect(alert.textContent).toContain('Save services again to replace their version with yours');
    expect(ifMatches).toEqual([`"${njeri.updated_at}"`]);
    await user.click(within(dialog).getByRole('button', { name: 'Load their version' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Haircut (30 min)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Wash (15 min)' })).toHaveProperty('checked', true);
  });

  it('drops a block against the version drawn: a 412 is said in a toast', async () => {
    signInAs('member');
    const ifMatches: string[] = [];
    open({ [`PATCH /api/barber/appointments/${ID}`]: refusedOnce(ifMatches) });
    await screen.findByRole('button', { name: NJERI_BLOCK });
    const data: Record<string, string> = { 'text/plain': ID, 'application/x-offset': '0' };
    const column = screen.getByTestId('column-Amina');
    const drop = createEvent.drop(column, { dataTransfer: { getData: (key: string) => data[key] ?? '' } });
    // jsdom's drag events carry no pointer position: 200 px down the column.
    Object.defineProperty(drop, 'clientY', { value: 200 });
    fireEvent(column, drop);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(messages.editConflict));
    expect(ifMatches).toEqual([`"${njeri.updated_at}"`]);
  });

  it('opens a block from the keyboard, on Enter and on Space', async () => {
    const user = userEvent.setup();
    signInAs('member');
    open();
    for (const key of ['{Enter}', ' ']) {
      const block = await screen.findByRole('button', { name: NJERI_BLOCK });
      block.focus();
      await user.keyboard(key);
      const dialog = await screen.findByRole('dialog', { name: 'Njeri' });
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Njeri' })).toBeNull());
    }
  });

  it('asks before cancelling an appointment from its dialog', async () => {
    const user = userEvent.setup();
    signInAs('member');
    const { posted, route } = cancelRoute(njeri);
    open(route);
    const dialog = await openNjeri(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Njeri' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel appointment: Njeri?' });
    expect(posted).toEqual([]);
    // Each button says what it does: no two read 'Cancel'.
    expect(
      within(confirm)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['', 'Keep appointment', 'Cancel appointment']);
    await user.click(within(confirm).getByRole('button', { name: 'Keep appointment' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel appointment: Njeri?' })).toBeNull(),
    );
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Njeri' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel appointment: Njeri?' });
    await user.click(within(again).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Appointment updated'));
    expect(posted).toHaveLength(1);
    expect(calledUrls(fetchMock)).toContain('/api/barber/calendar?date=2026-01-05');
  });

  it('shows a short block on one line, time, customer and services, the whole in its title', async () => {
    signInAs('member');
    const wash = appointmentOf({
      id: '00000000-0000-4000-8000-0000000000b2',
      customer: { id: 'c2', name: 'Baraka', phone: null, email: null },
      start_at: '2026-01-05T08:00:00.000Z',
      end_at: '2026-01-05T08:15:00.000Z',
      services: [{ service_id: 'sv-wash', name: 'Wash', duration_minutes: 15, price: '500.0000' }],
    });
    open({ 'GET /api/barber/calendar': day([njeri, wash]) });
    for (const [block, line] of [
      [await screen.findByRole('button', { name: NJERI_BLOCK }), '09:00 Njeri · Haircut'],
      [await screen.findByRole('button', { name: /^11:00 Baraka/ }), '11:00 Baraka · Wash'],
    ] as const) {
      // One line (not a second one below, cut off by the 30 or 15 minutes' height) that truncates.
      const lines = block.querySelectorAll('p');
      expect(lines).toHaveLength(1);
      expect(lines[0]?.textContent).toMatch(new RegExp(`^${line}`));
      expect(block.getAttribute('title')).toMatch(new RegExp(`^${line} \\(Booked\\)$`));
    }
  });

  it('draws a 15-minute block 24 px tall, back-to-back ones side by side rather than one over the other', async () => {
    signInAs('member');
    const quarter = (id: string, name: string, start: string, end: string) =>
      appointmentOf({
        id,
        customer: { id: `c-${id}`, name, phone: null, email: null },
        start_at: start,
        end_at: end,
        services: [{ service_id: 'sv-wash', name: 'Wash', duration_minutes: 15, price: '500.0000' }],
      });
    open({
      'GET /api/barber/calendar': day([
        quarter(
          '00000000-0000-4000-8000-0000000000c1',
          'Baraka',
          '2026-01-05T08:00:00.000Z',
          '2026-01-05T08:15:00.000Z',
        ),
        quarter(
          '00000000-0000-4000-8000-0000000000c2',
          'Chebet',
          '2026-01-05T08:15:00.000Z',
          '2026-01-05T08:30:00.000Z',
        ),
        quarter(
          '00000000-0000-4000-8000-0000000000c3',
          'Daudi',
          '2026-01-05T10:00:00.000Z',
          '2026-01-05T10:15:00.000Z',
        ),
      ]),
    });
    const first = await screen.findByRole('button', { name: /^11:00 Baraka/ });
    const second = screen.getByRole('button', { name: /^11:15 Chebet/ });
    const alone = screen.getByRole('button', { name: /^13:00 Daudi/ });
    for (const block of [first, second, alone]) expect(block.style.height).toBe('24px');
    // 11:00's block, 24 px from its top, reaches past 11:15's (14 px below): two lanes, half the
    // width each; 13:00's overlaps none and keeps the whole width.
    expect(first.style.left).not.toBe(second.style.left);
    expect(first.style.width).toBe(second.style.width);
    expect(alone.style.left).toBe(first.style.left);
    expect(alone.style.width).not.toBe(first.style.width);
  });

  it('shows the name and phone given with a public booking where they differ from the customer', async () => {
    const user = userEvent.setup();
    signInAs('member');
    const booked = appointmentOf({
      customer: { id: 'c1', name: 'Racer 4', phone: '+49123454', email: 'racer4@example.com' },
      booked_as: { name: 'Impostor Name', phone: '+999 999' },
      source: 'public',
    });
    open({ 'GET /api/barber/calendar': day([booked]) });
    const block = await screen.findByRole('button', { name: /^09:00 Racer 4 \(booked as Impostor Name\)/ });
    await user.click(block);
    const dialog = await screen.findByRole('dialog', { name: 'Racer 4' });
    expect(within(dialog).getByText('Booked as Impostor Name · +999 999')).toBeTruthy();
    expect(within(dialog).getByText('+49123454 · racer4@example.com')).toBeTruthy();
  });

  it('opens New appointment on its first service, so Space picks it at once', async () => {
    const user = userEvent.setup();
    signInAs('member');
    open();
    const button = await screen.findByRole('button', { name: 'New appointment' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'New appointment on 2026-01-05' });
    const haircut = within(dialog).getByRole('checkbox', { name: 'Haircut (30 min)' });
    await waitFor(() => expect(document.activeElement).toBe(haircut));
    await user.keyboard(' ');
    expect(haircut).toHaveProperty('checked', true);
  });

  it('books at the desk from New appointment, in the shop time', async () => {
    const user = userEvent.setup();
    signInAs('worker');
    const bodies: unknown[] = [];
    open({
      'POST /api/barber/appointments': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, { message: 'Appointment booked', data: njeri });
      },
    });
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
    signInAs('guest');
    open();
    const dialog = await openNjeri(user);
    expect(within(dialog).queryByRole('button', { name: 'Change services' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Move' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New appointment' })).toBeNull();
  });
});
