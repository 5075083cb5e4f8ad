import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { csvResponse } from '../../../test/downloads.ts';
import { calledUrls } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { expectEmptyThenErrorAndRetry } from '../../../test/page-states.tsx';
import { ifMatchOf, readTwice, refusedOnce } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { barberPageKit, ID, nairobiTime, serviceOf, servicesAnswer, staffOf } from './barber-test-kit.ts';
import { StaffPage } from './staff-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

// Ids as the API has them (uuids): the form checks its body with the API's own schema.
const HAIRCUT = '00000000-0000-4000-8000-0000000000c1';
const amina = staffOf({ id: ID, service_ids: [HAIRCUT] });
const base = {
  ...nairobiTime,
  'GET /api/barber/services': () => servicesAnswer([serviceOf({ id: HAIRCUT })]),
  'GET /api/barber/staff': () => jsonResponse(200, { data: [amina] }),
};
const page = { element: <StaffPage />, path: '/barber/staff', routes: base };
const { fetchMock, saved, signInAs, open, openHeld } = barberPageKit(page, { downloads: true });

describe('StaffPage', { timeout: 20_000 }, () => {
  it('shows Loading, then each member with services and hours', async () => {
    signInAs('member');
    const answer = openHeld('GET /api/barber/staff');
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
    signInAs('owner');
    await expectEmptyThenErrorAndRetry(
      fetchMock,
      { ...page, list: 'GET /api/barber/staff' },
      { empty: { data: [] }, full: { data: [amina] } },
      { empty: 'No staff yet', errorTitle: 'The staff could not be loaded', table: 'Staff' },
    );
  });

  it('opens Add staff member in Name, so a keyboard types the name at once', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    open();
    await screen.findByRole('table', { name: 'Staff' });
    screen.getByRole('button', { name: 'Add staff member' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add staff member' });
    const name = within(dialog).getByLabelText(/^Name/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    await user.keyboard('Baraka');
    expect(name).toHaveProperty('value', 'Baraka');
  });

  it('adds a staff member with services, hours and a break; a bad time is refused before sending', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const bodies: Record<string, unknown>[] = [];
    open({
      'POST /api/barber/staff': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, { message: 'Staff member added', data: { ...amina, name: 'Baraka' } });
      },
    });
    await screen.findByRole('table', { name: 'Staff' });
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff member' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Baraka');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Haircut' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sat' }));
    await user.clear(within(dialog).getByLabelText('Mon from'));
    await user.click(within(dialog).getByRole('button', { name: 'Save staff member' }));
    expect(await within(dialog).findByText('Mon: hours as HH:MM')).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByLabelText('Mon from'), '08:00');
    await user.type(within(dialog).getByLabelText('Mon break from'), '13:00');
    await user.type(within(dialog).getByLabelText('Mon break to'), '14:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save staff member' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Staff member added'));
    expect(bodies[0]).toMatchObject({
      name: 'Baraka',
      active: true,
      service_ids: [HAIRCUT],
      breaks: [{ weekday: 1, start_minute: 780, end_minute: 840 }],
      days_off: [],
    });
    // Monday to Friday (Saturday unticked), 09:00-18:00 but Monday from 08:00.
    const hours = (bodies[0]?.hours ?? []) as { weekday: number; start_minute: number }[];
    expect(hours.map((h) => h.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(hours[0]?.start_minute).toBe(480);
  });

  /** Opens the page with Add answered (201); the bodies it is sent. */
  const openAdding = () => {
    const bodies: unknown[] = [];
    open({
      'POST /api/barber/staff': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, { message: 'Staff member added', data: amina });
      },
    });
    return bodies;
  };
  /** Opens Add staff member, named and with Haircut ticked; the dialog. */
  const addDialog = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
    await screen.findByRole('table', { name: 'Staff' });
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff member' });
    await user.type(within(dialog).getByLabelText(/^Name/), name);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Haircut' }));
    return dialog;
  };
  /** What a marked field's message says (aria-errormessage, else aria-describedby); null: not marked. */
  const messageOf = (field: HTMLElement) =>
    field.getAttribute('aria-invalid') === 'true'
      ? ((field.getAttribute('aria-errormessage') ?? field.getAttribute('aria-describedby'))
          ?.split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ') ?? '')
      : null;

  it('checks hours and days off before sending: each problem by its field, each bad day named once', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const bodies = openAdding();
    const dialog = await addDialog(user, 'Bad Hours');
    await user.clear(within(dialog).getByLabelText('Tue from'));
    await user.type(within(dialog).getByLabelText('Tue from'), '18:00');
    await user.clear(within(dialog).getByLabelText('Tue to'));
    await user.type(within(dialog).getByLabelText('Tue to'), '09:00');
    await user.type(within(dialog).getByLabelText('Days off'), 'tomorrow, 2026-13-45');
    await user.click(within(dialog).getByRole('button', { name: 'Save staff member' }));
    const tuesdayTo = within(dialog).getByLabelText('Tue to');
    await waitFor(() => expect(messageOf(tuesdayTo)).toBe('Tue: The end must be after the start'));
    // Nothing sent; the other days and times are not marked; the first wrong field has the focus.
    expect(bodies).toEqual([]);
    expect(messageOf(within(dialog).getByLabelText('Tue from'))).toBeNull();
    expect(messageOf(within(dialog).getByLabelText('Mon to'))).toBeNull();
    expect(document.activeElement).toBe(tuesdayTo);
    expect(messageOf(within(dialog).getByLabelText('Days off'))).toContain(
      'tomorrow, 2026-13-45: Must be a real calendar date (YYYY-MM-DD).',
    );
    expect(within(dialog).getAllByText(/real calendar date/)).toHaveLength(1);
    expect(dialog.textContent).not.toContain('.;');
    // Put right, it is sent.
    await user.clear(within(dialog).getByLabelText('Tue to'));
    await user.type(within(dialog).getByLabelText('Tue to'), '20:00');
    await user.clear(within(dialog).getByLabelText('Days off'));
    await user.type(within(dialog).getByLabelText('Days off'), '2030-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save staff member' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Staff member added'));
    expect(bodies).toEqual([
      expect.objectContaining({
        name: 'Bad Hours',
        hours: expect.arrayContaining([{ weekday: 2, start_minute: 1080, end_minute: 1200 }]),
        days_off: ['2030-01-01'],
      }),
    ]);
  });

  it("refuses a break outside its day's hours before sending, on that day's break, naming the hours", async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const bodies = openAdding();
    const dialog = await addDialog(user, 'Late Break');
    await user.type(within(dialog).getByLabelText('Wed break from'), '17:30');
    await user.type(within(dialog).getByLabelText('Wed break to'), '18:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save staff member' }));
    const breakTo = within(dialog).getByLabelText('Wed break to');
    const said = "Wed: The break must lie within Wednesday's working hours (09:00-18:00)";
    await waitFor(() => expect(messageOf(breakTo)).toBe(said));
    expect(messageOf(within(dialog).getByLabelText('Wed break from'))).toBe(said);
    expect(messageOf(within(dialog).getByLabelText('Wed to'))).toBeNull();
    expect(bodies).toEqual([]);
  });

  it("puts the server's field messages on the row and the day off they name", async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const end = 'The end must be after the start';
    const date = 'Must be a real calendar date (YYYY-MM-DD).';
    // The schema's own words for a list that names a weekday twice: no row of the form is theirs.
    const twice = 'One working-hours row per weekday';
    open({
      'POST /api/barber/staff': () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Validation failed',
            fields: { 'hours.1.end_minute': end, 'days_off.1': date, hours: twice },
          },
        }),
    });
    const dialog = await addDialog(user, 'Baraka');
    // Monday off: the body's second hours row is Wednesday's.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mon' }));
    await user.type(within(dialog).getByLabelText('Days off'), '2030-01-01, 2030-01-02');
    await user.click(within(dialog).getByRole('button', { name: 'Save staff member' }));
    const wednesdayTo = within(dialog).getByLabelText('Wed to');
    await waitFor(() => expect(messageOf(wednesdayTo)).toBe(`Wed: ${end}`));
    expect(messageOf(within(dialog).getByLabelText('Tue to'))).toBeNull();
    expect(messageOf(within(dialog).getByLabelText('Days off'))).toContain(`2030-01-02: ${date}`);
    expect(messageOf(within(dialog).getByLabelText('Days off'))).not.toContain('2030-01-01');
    // What no field shows is said under the form, in its own words.
    expect(within(dialog).getByText(twice)).toBeTruthy();
    expect(notify.error).toHaveBeenCalledWith('Validation failed');
  });

  it('asks before deactivating a staff member', async () => {
    const user = userEvent.setup();
    signInAs('owner');
    const bodies: unknown[] = [];
    open({
      [`PATCH /api/barber/staff/${ID}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { message: 'Staff member saved', data: { ...amina, active: false } });
      },
    });
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

  it('edits against the version the dialog opened; on a 412 names what they changed and loads theirs', async () => {
    const user = userEvent.setup();
    signInAs('owner');
    const opened = { ...amina, updated_at: '2026-05-01T08:00:00.125Z' };
    const theirs = { ...amina, days_off: ['2030-01-02'], updated_at: '2026-05-01T08:02:00.000Z' };
    const ifMatches: string[] = [];
    open({
      'GET /api/barber/staff': () => jsonResponse(200, { data: [opened] }),
      [`GET /api/barber/staff/${ID}`]: () => jsonResponse(200, { data: theirs }),
      [`PATCH /api/barber/staff/${ID}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Amina' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit staff member' }));
    await user.clear(dialog.getByLabelText(/^Name/));
    await user.type(dialog.getByLabelText(/^Name/), 'Amina W');
    await user.click(dialog.getByRole('button', { name: 'Save staff member' }));
    const alert = within(await dialog.findByRole('alert'));
    await alert.findByText(/They changed: Days off\./);
    expect(ifMatches).toEqual([`"${opened.updated_at}"`]);
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Amina W');
    expect(notify.error).not.toHaveBeenCalled();
    await user.click(alert.getByRole('button', { name: 'Load their version' }));
    await waitFor(() =>
      expect((dialog.getByLabelText('Days off') as HTMLInputElement).value).toBe('2030-01-02'),
    );
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Amina');
  });

  it('searches the staff, and exports the list as searched (CSV)', async () => {
    const user = userEvent.setup();
    signInAs('worker');
    open({
      'GET /api/barber/staff/export': () => csvResponse('salon-staff.csv', 'Name\r\n'),
    });
    await screen.findByRole('table', { name: 'Staff' });
    await user.type(screen.getByLabelText('Search'), 'am');
    await waitFor(() => expect(calledUrls(fetchMock)).toContain('/api/barber/staff?q=am'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['salon-staff.csv blob:csv']));
    expect(calledUrls(fetchMock)).toContain('/api/barber/staff/export?q=am');
  });

  it("saves the salon's time zone against the version it opened; on a 412 says so and loads theirs", async () => {
    const user = userEvent.setup();
    signInAs('owner');
    const opened = { timezone: 'Africa/Nairobi', updated_at: '2026-05-01T08:00:00.125Z' };
    const theirs = { timezone: 'Europe/Paris', updated_at: '2026-05-01T08:04:00.000Z' };
    const ifMatches: string[] = [];
    open({
      'GET /api/barber/settings': readTwice(opened, theirs),
      'PUT /api/barber/settings': refusedOnce(ifMatches, {
        message: 'Settings saved',
        data: { timezone: 'Asia/Tokyo', updated_at: at2 },
      }),
    });
    const zone = (await screen.findByDisplayValue('Africa/Nairobi')) as HTMLInputElement;
    await user.clear(zone);
    await user.type(zone, 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    const alert = within(await screen.findByRole('alert'));
    await alert.findByText(/They changed: Time zone\./);
    expect(ifMatches).toEqual([`"${opened.updated_at}"`]);
    expect(zone.value).toBe('Asia/Tokyo');
    expect(notify.error).not.toHaveBeenCalled();
    // Saving again replaces their version knowingly: made against theirs.
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Settings saved'));
    expect(ifMatches).toEqual([`"${opened.updated_at}"`, `"${theirs.updated_at}"`]);
  });

  it("loads their time zone from the conflict's alert", async () => {
    const user = userEvent.setup();
    signInAs('owner');
    open({
      'GET /api/barber/settings': readTwice(
        { timezone: 'Africa/Nairobi', updated_at: at2 },
        { timezone: 'Europe/Paris', updated_at: at3 },
      ),
      'PUT /api/barber/settings': refusedOnce([]),
    });
    const zone = (await screen.findByDisplayValue('Africa/Nairobi')) as HTMLInputElement;
    await user.clear(zone);
    await user.type(zone, 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    const alert = within(await screen.findByRole('alert'));
    await user.click(await alert.findByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(zone.value).toBe('Europe/Paris'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

const at2 = '2026-05-01T08:05:00.000Z';
const at3 = '2026-05-01T08:06:00.000Z';
