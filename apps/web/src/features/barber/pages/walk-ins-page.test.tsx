import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BARBER_MESSAGES } from '@workhub/shared/schemas/barber';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { jsonResponse } from '../../../test/fixtures.ts';
import { expectEmptyThenErrorAndRetry } from '../../../test/page-states.tsx';
import { rowWith } from '../../../test/table.ts';
import {
  appointmentOf,
  barberPageKit,
  cancelRoute,
  nairobiTime,
  serviceOf,
  servicesAnswer,
  staffOf,
} from './barber-test-kit.ts';
import { WalkInsPage } from './walk-ins-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

// 10:00-10:30 in Nairobi (UTC+3).
const otieno = appointmentOf({
  customer: { id: 'c1', name: 'Otieno', phone: null, email: null },
  start_at: '2099-01-05T07:00:00.000Z',
  end_at: '2099-01-05T07:30:00.000Z',
  source: 'walk_in',
  created_at: '2099-01-05T06:55:00.000Z',
});
const base = {
  ...nairobiTime,
  'GET /api/barber/services': () => servicesAnswer([serviceOf()]),
  'GET /api/barber/staff': () => jsonResponse(200, { data: [staffOf()] }),
  'GET /api/barber/walk-ins': () => jsonResponse(200, { data: [otieno] }),
};
const page = { element: <WalkInsPage />, path: '/barber/walk-ins', routes: base };
const { fetchMock, signInAs, open, openHeld } = barberPageKit(page);

describe('WalkInsPage', { timeout: 20_000 }, () => {
  it('shows Loading, then the queue in the shop time', async () => {
    signInAs('worker');
    const answer = openHeld('GET /api/barber/walk-ins');
    expect(await screen.findByRole('status')).toBeTruthy();
    answer(jsonResponse(200, { data: [otieno] }));
    await screen.findByRole('table', { name: 'Walk-in queue' });
    expect(rowWith('Otieno').getByText('10:00–10:30')).toBeTruthy();
  });

  it('shows the empty state, and the error with a retry', async () => {
    signInAs('worker');
    await expectEmptyThenErrorAndRetry(
      fetchMock,
      { ...page, list: 'GET /api/barber/walk-ins' },
      { empty: { data: [] }, full: { data: [otieno] } },
      { empty: 'Nobody waiting', errorTitle: 'The queue could not be loaded', table: 'Walk-in queue' },
    );
  });

  it('adds a walk-in and says when; a phone that is not one is refused under its field; the server’s 409 is shown', async () => {
    const user = userEvent.setup();
    signInAs('member');
    const bodies: unknown[] = [];
    let full = false;
    open({
      'POST /api/barber/walk-ins': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return full
          ? jsonResponse(409, {
              error: { code: 'CONFLICT', message: 'Nobody can fit these services in today' },
            })
          : jsonResponse(201, { message: 'Walk-in added to the queue', data: otieno });
      },
    });
    await screen.findByRole('table', { name: 'Walk-in queue' });
    const add = screen.getByRole('button', { name: 'Add to the queue' });
    expect(add).toHaveProperty('disabled', true);
    await user.click(await screen.findByRole('checkbox', { name: 'Haircut' }));
    await user.type(screen.getByLabelText(/^Name/), 'Otieno');
    const phone = screen.getByLabelText('Phone');
    await user.type(phone, '0711');
    await user.click(add);
    // Too short for a phone number: said under the field, nothing sent.
    expect(await screen.findByText(BARBER_MESSAGES.phoneInvalid)).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);
    await user.type(phone, ' 222 333');
    await user.click(add);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Otieno: 10:00 with Amina'));
    expect(bodies).toEqual([
      { service_ids: ['sv-cut'], staff_id: null, customer: { name: 'Otieno', phone: '0711 222 333' } },
    ]);
    expect(screen.queryByText(BARBER_MESSAGES.phoneInvalid)).toBeNull();
    full = true;
    await user.click(screen.getByRole('checkbox', { name: 'Haircut' }));
    await user.type(screen.getByLabelText(/^Name/), 'Late');
    await user.click(add);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Nobody can fit these services in today'));
  });

  it('offers only the staff who do every service ticked, and says so when nobody does', async () => {
    const user = userEvent.setup();
    signInAs('member');
    const bodies: unknown[] = [];
    open({
      'GET /api/barber/services': () =>
        servicesAnswer([
          serviceOf(),
          serviceOf({ id: 'sv-beard', name: 'Beard trim', duration_minutes: 15 }),
          serviceOf({ id: 'sv-massage', name: 'Massage', duration_minutes: 60 }),
        ]),
      'GET /api/barber/staff': () =>
        jsonResponse(200, {
          data: [
            staffOf(),
            staffOf({ id: 's2', name: 'Baraka', service_ids: ['sv-cut', 'sv-beard'] }),
            staffOf({ id: 's3', name: 'Chebet', service_ids: ['sv-massage'], active: false }),
          ],
        }),
      'POST /api/barber/walk-ins': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, { message: 'Walk-in added to the queue', data: otieno });
      },
    });
    await screen.findByRole('table', { name: 'Walk-in queue' });
    const select = screen.getByRole('combobox', { name: 'Staff member' });
    const offered = () =>
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent);
    await user.click(await screen.findByRole('checkbox', { name: 'Haircut' }));
    expect(offered()).toEqual(['Whoever is free first', 'Amina', 'Baraka']);
    await user.selectOptions(select, 'Amina');
    // Amina does no beard trim: no longer offered, and no longer chosen.
    await user.click(screen.getByRole('checkbox', { name: 'Beard trim' }));
    expect(offered()).toEqual(['Whoever is free first', 'Baraka']);
    expect((select as HTMLSelectElement).value).toBe('');
    await user.type(screen.getByLabelText(/^Name/), 'Otieno');
    // Only Chebet (not working here any more) does a massage: nobody can take it with the rest.
    await user.click(screen.getByRole('checkbox', { name: 'Massage' }));
    expect(await screen.findByText(/Nobody here does all of these services/)).toBeTruthy();
    expect(offered()).toEqual(['Whoever is free first']);
    const add = screen.getByRole('button', { name: 'Add to the queue' });
    expect(add).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Massage' }));
    expect(screen.queryByText(/Nobody here does all of these services/)).toBeNull();
    await user.selectOptions(select, 'Baraka');
    await user.click(add);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ service_ids: ['sv-cut', 'sv-beard'], staff_id: 's2' });
  });

  it('asks before cancelling a walk-in', async () => {
    const user = userEvent.setup();
    signInAs('worker');
    const { posted, route } = cancelRoute(otieno);
    open(route);
    await user.click(await screen.findByRole('button', { name: 'Cancel Otieno' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel appointment: Otieno?' });
    expect(posted).toEqual([]);
    expect(within(confirm).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Appointment updated'));
    expect(posted).toHaveLength(1);
  });

  it('offers a guest no form and no steps', async () => {
    signInAs('guest');
    open();
    await screen.findByRole('table', { name: 'Walk-in queue' });
    expect(screen.queryByRole('button', { name: 'Add to the queue' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Otieno' })).toBeNull();
  });
});
