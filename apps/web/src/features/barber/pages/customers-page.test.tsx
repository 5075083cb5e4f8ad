import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BarberCustomer } from '@workhub/shared/schemas/barber';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { csvResponse } from '../../../test/downloads.ts';
import { calledUrls } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { at, barberPageKit, nairobiTime } from './barber-test-kit.ts';
import { CustomersPage } from './customers-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const customer = (name: string, email: string | null): BarberCustomer => ({
  id: `00000000-0000-4000-8000-00000000000${name.length}`,
  name,
  phone: null,
  email,
  visits: 2,
  last_visit_at: null,
  created_at: at,
});

const listed = () =>
  jsonResponse(200, {
    data: [customer('Kamau', 'kamau@example.com')],
    meta: { page: 1, limit: 14, total: 1 },
  });

const base = { 'GET /api/barber/customers': listed };
const { fetchMock, saved, signInAs, open } = barberPageKit(
  { element: <CustomersPage />, path: '/barber/customers', routes: base },
  { downloads: true },
);

const openForm = async (user: ReturnType<typeof userEvent.setup>) => {
  await screen.findByRole('table', { name: 'Customers' });
  await user.click(screen.getByRole('button', { name: 'Add customer' }));
  return screen.findByRole('dialog', { name: 'Add customer' });
};

describe('CustomersPage', { timeout: 20_000 }, () => {
  it("shows a customer's last visit in the shop's time, whatever the browser's", async () => {
    signInAs('member');
    open({
      ...nairobiTime,
      // 22:30 UTC on 30 November is 01:30 on 1 December in Nairobi.
      'GET /api/barber/customers': () =>
        jsonResponse(200, {
          data: [{ ...customer('Kamau', 'kamau@example.com'), last_visit_at: '2026-11-30T22:30:00.000Z' }],
          meta: { page: 1, limit: 14, total: 1 },
        }),
    });
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(await within(table).findByText('1 Dec 2026, 01:30')).toBeTruthy();
  });

  it('opens Add customer in Name, so a keyboard types the name at once', async () => {
    const user = userEvent.setup();
    signInAs('worker');
    open();
    await screen.findByRole('table', { name: 'Customers' });
    screen.getByRole('button', { name: 'Add customer' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add customer' });
    const name = within(dialog).getByLabelText(/^Name/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    await user.keyboard('Njeri');
    expect(name).toHaveProperty('value', 'Njeri');
  });

  it('adds a customer: checked before sending, then posted with an empty e-mail left out', async () => {
    const user = userEvent.setup();
    signInAs('worker');
    const bodies: unknown[] = [];
    open({
      'POST /api/barber/customers': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, { message: 'Customer added', data: customer('Njeri', null) });
      },
    });
    const dialog = await openForm(user);
    const send = within(dialog).getByRole('button', { name: 'Add customer' });
    await user.click(send);
    expect(await within(dialog).findByText('A name is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Name/), 'Njeri');
    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-email');
    await user.click(send);
    expect(await within(dialog).findByText(/valid email/i)).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('Phone'), '0712 345678');
    await user.click(send);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Customer added'));
    expect(bodies).toEqual([{ name: 'Njeri', phone: '0712 345678' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("refuses a phone that is not one, with the booking page's rule and message", async () => {
    const user = userEvent.setup();
    signInAs('worker');
    const bodies: unknown[] = [];
    open({
      'POST /api/barber/customers': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, { message: 'Customer added', data: customer('Njeri', null) });
      },
    });
    const dialog = await openForm(user);
    await user.type(within(dialog).getByLabelText(/Name/), 'Njeri');
    await user.type(within(dialog).getByLabelText('Phone'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Add customer' }));
    expect(
      await within(dialog).findByText('A phone number is 7 to 20 characters: digits, spaces, +, - and ( )'),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);
  });

  it("shows the server's 409 for an e-mail taken under the e-mail field", async () => {
    const user = userEvent.setup();
    signInAs('member');
    const taken = 'A customer with this e-mail already exists';
    open({
      'POST /api/barber/customers': () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: taken, fields: { email: taken } } }),
    });
    const dialog = await openForm(user);
    await user.type(within(dialog).getByLabelText(/Name/), 'Kamau again');
    await user.type(within(dialog).getByLabelText('E-mail'), 'KAMAU@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add customer' }));
    expect(await within(dialog).findByText(taken)).toBeTruthy();
    expect(within(dialog).getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('offers no Add customer to a role that may not book', async () => {
    signInAs('guest');
    open();
    await screen.findByRole('table', { name: 'Customers' });
    expect(screen.queryByRole('button', { name: 'Add customer' })).toBeNull();
  });

  it('exports the list as searched (CSV), for a reader who may not book too', async () => {
    signInAs('member');
    open({
      'GET /api/barber/customers/export': () =>
        csvResponse('salon-customers-2026-11-25.csv', 'Name,Phone\r\n'),
    });
    await screen.findByRole('table', { name: 'Customers' });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'kam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['salon-customers-2026-11-25.csv blob:csv']));
    expect(calledUrls(fetchMock)).toContain('/api/barber/customers/export?q=kam');
    expect(notify.error).not.toHaveBeenCalled();
  });
});
