import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { jsonResponse, myWorkspacesRoute } from '../../../test/fixtures.ts';
import { expectEmptyThenErrorAndRetry } from '../../../test/page-states.tsx';
import { ifMatchOf } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { barberPageKit, ID, serviceOf, servicesAnswer } from './barber-test-kit.ts';
import { ServicesPage } from './services-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const cut = serviceOf({ id: ID, category: 'Hair' });
const base = { 'GET /api/barber/services': () => servicesAnswer([cut]) };
const page = { element: <ServicesPage />, path: '/barber/services', routes: base };
const { fetchMock, signInAs, open, openHeld } = barberPageKit(page);

describe('ServicesPage', { timeout: 20_000 }, () => {
  it('shows Loading, then the services', async () => {
    signInAs('owner');
    const answer = openHeld('GET /api/barber/services');
    expect(await screen.findByRole('status')).toBeTruthy();
    answer(servicesAnswer([cut]));
    await screen.findByRole('table', { name: 'Services' });
    expect(rowWith('Haircut').getByText('30 min')).toBeTruthy();
  });

  it("names the prices' currency when the workspace has one, and none when it has not", async () => {
    signInAs('owner');
    const first = open(myWorkspacesRoute('barber', 'KES'));
    const table = await screen.findByRole('table', { name: 'Services' });
    expect(await within(table).findByRole('columnheader', { name: /^Price \(KES\)/ })).toBeTruthy();
    first.unmount();
    open(myWorkspacesRoute('barber', null));
    const plain = await screen.findByRole('table', { name: 'Services' });
    expect(within(plain).getByRole('columnheader', { name: /^Price/ }).textContent).toBe('Price');
  });

  it('shows the empty state, and the error with a retry', async () => {
    signInAs('owner');
    await expectEmptyThenErrorAndRetry(
      fetchMock,
      { ...page, list: 'GET /api/barber/services' },
      {
        empty: { data: [], meta: { page: 1, limit: 100, total: 0 } },
        full: { data: [cut], meta: { page: 1, limit: 100, total: 1 } },
      },
      { empty: 'No services yet', errorTitle: 'The services could not be loaded', table: 'Services' },
    );
  });

  it('opens Add service in Name, so a keyboard types the name at once', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    open();
    await screen.findByRole('table', { name: 'Services' });
    screen.getByRole('button', { name: 'Add service' }).focus();
    await user.keyboard('{Enter}');
    const name = within(await screen.findByRole('dialog', { name: 'Add service' })).getByLabelText(/^Name/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    await user.keyboard('Beard trim');
    expect(name).toHaveProperty('value', 'Beard trim');
  });

  it('adds a service; the server’s field errors show under their fields', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const bodies: unknown[] = [];
    let taken = true;
    open({
      'POST /api/barber/services': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return taken
          ? jsonResponse(409, {
              error: {
                code: 'CONFLICT',
                message: 'A service has that name',
                fields: { name: 'A service has that name' },
              },
            })
          : jsonResponse(201, { message: 'Service added', data: { ...cut, name: 'Beard trim' } });
      },
    });
    await screen.findByRole('table', { name: 'Services' });
    await user.click(screen.getByRole('button', { name: 'Add service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add service' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'haircut');
    await user.type(within(dialog).getByLabelText(/^Price/), '350');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    expect(await within(dialog).findByText('A service has that name')).toBeTruthy();
    taken = false;
    await user.clear(within(dialog).getByLabelText(/^Name/));
    await user.type(within(dialog).getByLabelText(/^Name/), 'Beard trim');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Service added'));
    expect(bodies.at(-1)).toEqual({ name: 'Beard trim', duration_minutes: 30, price: '350', active: true });
  });

  it('puts duration and price one under the other on a phone, side by side from a tablet up', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    open();
    await user.click(await screen.findByRole('button', { name: 'Add service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add service' });
    // jsdom lays nothing out: the grid's own rules say it. At 390 px, half the dialog wrapped
    // 'Duration (minutes)' and left its required asterisk alone on a line.
    const grid = within(dialog)
      .getByLabelText(/^Duration/)
      .closest('.mantine-SimpleGrid-root');
    expect(grid?.contains(within(dialog).getByLabelText(/^Price/))).toBe(true);
    const own = [...(grid?.classList ?? [])].find((c) => c.startsWith('__m__'));
    const rules = [...document.querySelectorAll('style')]
      .map((style) => style.textContent ?? '')
      .find((text) => own && text.includes(own))
      ?.replace(/\s/g, '');
    expect(rules).toContain(`.${own}{`);
    expect(rules).toMatch(/^[^@]*--sg-cols:1;/);
    expect(rules).toContain(`@media(min-width:48em){.${own}{--sg-cols:2;}}`);
  });

  it('keeps what was typed and says what is wrong with each field, sending nothing (no 0 min or -1 saved as 5 and 0)', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    open({ 'POST /api/barber/services': () => jsonResponse(201, { message: 'Service added', data: cut }) });
    await screen.findByRole('table', { name: 'Services' });
    await user.click(screen.getByRole('button', { name: 'Add service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add service' });
    const duration = within(dialog).getByLabelText(/^Duration/);
    await user.clear(duration);
    await user.type(duration, '0');
    await user.type(within(dialog).getByLabelText(/^Price/), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    expect(await within(dialog).findByText('A name is required')).toBeTruthy();
    expect(within(dialog).getByText('At least 5 minutes')).toBeTruthy();
    expect(within(dialog).getByText('Must be 0 or more')).toBeTruthy();
    expect(duration).toHaveProperty('value', '0');
    expect(within(dialog).getByLabelText(/^Price/)).toHaveProperty('value', '-1');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('asks before hiding an offered service, and saves only once confirmed', async () => {
    const user = userEvent.setup();
    signInAs('owner');
    const bodies: unknown[] = [];
    open({
      [`PATCH /api/barber/services/${ID}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { message: 'Service saved', data: { ...cut, active: false } });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Haircut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit service' });
    await user.click(within(dialog).getByRole('switch', { name: /Offered/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Haircut?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate Haircut?' })).toBeNull());
    expect(bodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate Haircut?' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Service saved'));
    expect(bodies).toEqual([
      { name: 'Haircut', duration_minutes: 30, price: '800.0000', category: 'Hair', active: false },
    ]);
  });

  it('saves an edit against the version it opened; on a 412 says what they changed and loads theirs', async () => {
    const user = userEvent.setup();
    signInAs('owner');
    // Someone raised the price and took it off the booking page since the dialog opened.
    const theirs = { ...cut, price: '950.0000', active: false, updated_at: '2026-04-01T10:00:00.000Z' };
    const ifMatches: string[] = [];
    let answer = jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: 'Someone saved a change' } });
    open({
      [`GET /api/barber/services/${ID}`]: () => jsonResponse(200, { data: theirs }),
      [`PATCH /api/barber/services/${ID}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return answer;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Haircut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit service' });
    const name = within(dialog).getByLabelText(/Name/) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Classic cut');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));

    const alert = await within(dialog).findByRole('alert');
    await within(alert).findByText(/They changed: Price, Offered\./);
    expect(name.value).toBe('Classic cut');
    expect(notify.error).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect(name.value).toBe('Haircut');
    expect((within(dialog).getByRole('switch', { name: /Offered/ }) as HTMLInputElement).checked).toBe(false);

    answer = jsonResponse(200, { message: 'Service saved', data: theirs });
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Service saved'));
    expect(ifMatches).toEqual([`"${cut.updated_at}"`, `"${theirs.updated_at}"`]);
  });

  it('offers a member neither Add nor Edit', async () => {
    signInAs('member');
    open();
    await screen.findByRole('table', { name: 'Services' });
    expect(screen.queryByRole('button', { name: 'Add service' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Haircut' })).toBeNull();
  });
});
