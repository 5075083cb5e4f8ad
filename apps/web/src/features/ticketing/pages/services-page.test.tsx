import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { type Service, ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { describe, expect, it, vi } from 'vitest';
import { csvResponse } from '../../../test/downloads.ts';
import { calledUrls } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { listOf } from '../../../test/page-kit.ts';
import { ifMatchOf } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { ServicesPage } from './services-page.tsx';
import { SERVICE_ID as ID, serviceOf, ticketingPageKit } from './ticketing-test-kit.ts';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const { fetchMock, saved, signInAs, render, open, openHeld, bodyOf } = ticketingPageKit(
  { element: <ServicesPage />, path: '/ticketing/services' },
  { downloads: true },
);

const service = (patch: Partial<Service> = {}) => serviceOf({ waiting: 3, ...patch });

// Lazy dialogs and a mutation's round trip: slower than a second on a loaded 2-core machine.
describe('ServicesPage', { timeout: 15_000 }, () => {
  it('shows the loading state, then the services with their waiting tickets', async () => {
    signInAs('owner');
    const answer = openHeld('GET /api/ticketing/services');
    expect(await screen.findByRole('status')).toBeTruthy();
    answer(jsonResponse(200, listOf([service()])));
    expect(await screen.findByText('Accounts')).toBeTruthy();
    expect(rowWith('Accounts').getByText('6 min')).toBeTruthy();
    expect(rowWith('Accounts').getByText('3')).toBeTruthy();
  });

  it('says when there are no services yet, and offers + New service to a manager', async () => {
    signInAs('owner');
    fetchMock.mockResolvedValue(jsonResponse(200, listOf([])));
    render();
    expect(await screen.findByText('No services yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '+ New service' }).length).toBeGreaterThan(0);
  });

  it('offers a worker neither + New service nor Deactivate', async () => {
    signInAs('worker');
    fetchMock.mockResolvedValue(jsonResponse(200, listOf([service()])));
    render();
    expect(await screen.findByText('Accounts')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '+ New service' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('shows the error state with a retry that loads again', async () => {
    signInAs('owner');
    fetchMock
      .mockResolvedValueOnce(jsonResponse(500, { error: { code: 'INTERNAL', message: 'Server down' } }))
      .mockResolvedValue(jsonResponse(200, listOf([service()])));
    render();
    expect(await screen.findByText('The services could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByText('Accounts')).toBeTruthy();
  });

  it('shows a taken prefix letter under Prefix letter, and a taken name under Name', async () => {
    signInAs('owner');
    const taken = [ticketingMessages.prefixTaken, ticketingMessages.serviceNameTaken];
    const fields = [{ prefix: taken[0] }, { name: taken[1] }];
    open({
      'GET /api/ticketing/services': () => jsonResponse(200, listOf([])),
      'POST /api/ticketing/services': () => {
        const index = fields.length === 2 ? 0 : 1;
        const message = taken[index] as string;
        return jsonResponse(409, { error: { code: 'CONFLICT', message, fields: fields.shift() } });
      },
    });
    await screen.findByText('No services yet');
    fireEvent.click(screen.getAllByRole('button', { name: '+ New service' })[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'New service' }));
    const name = dialog.getByLabelText(/^Name/);
    const prefix = dialog.getByLabelText(/^Prefix letter/);
    fireEvent.change(name, { target: { value: 'Deposits' } });
    fireEvent.change(prefix, { target: { value: 'A' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create service' }));
    await waitFor(() => expect(prefix.getAttribute('aria-invalid')).toBe('true'));
    expect(name.getAttribute('aria-invalid')).not.toBe('true');
    expect(dialog.getByText(ticketingMessages.prefixTaken)).toBeTruthy();

    fireEvent.change(prefix, { target: { value: 'D' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create service' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.getByText(ticketingMessages.serviceNameTaken)).toBeTruthy();
  });

  it('creates a service through the dialog', async () => {
    signInAs('owner');
    open({
      'GET /api/ticketing/services': () => jsonResponse(200, listOf([])),
      'POST /api/ticketing/services': () =>
        jsonResponse(201, { message: 'Service created', data: service({ name: 'Deposits', prefix: 'D' }) }),
    });
    await screen.findByText('No services yet');
    fireEvent.click(screen.getAllByRole('button', { name: '+ New service' })[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'New service' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Deposits' } });
    fireEvent.change(dialog.getByLabelText(/^Prefix letter/), { target: { value: 'd' } });
    fireEvent.change(dialog.getByLabelText(/^Average service time/), { target: { value: '4' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create service' }));
    // What the user sees: the dialog closes once the service is saved. (The toast's text is checked
    // by the counters' tests of the same form and list: run in one worker after them, this file's
    // notify mock was not the one the form called, and the check failed although the form worked.)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New service' })).toBeNull(), {
      timeout: 5000,
    });
    expect(bodyOf('POST')).toEqual([
      '/api/ticketing/services',
      { name: 'Deposits', prefix: 'D', avg_service_minutes: 4, status: 'active' },
    ]);
  });

  it('asks before deactivating, sends nothing on Cancel, and deactivates on confirm', async () => {
    signInAs('admin');
    open({
      'GET /api/ticketing/services': () => jsonResponse(200, listOf([service()])),
      [`PATCH /api/ticketing/services/${ID}`]: () =>
        jsonResponse(200, { message: 'Update done !!!', data: service({ status: 'inactive' }) }),
    });
    // Edit and Deactivate share the row's last cell, the one a phone keeps in view at the right.
    const actions = (await screen.findByRole('button', { name: 'Deactivate' })).closest('td');
    expect(actions?.getAttribute('data-pinned')).toBe('end');
    expect(within(actions as HTMLElement).getByRole('button', { name: 'Edit' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Deactivate Accounts?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate Accounts?' })).toBeNull());
    expect(bodyOf('PATCH')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const again = within(await screen.findByRole('dialog', { name: 'Deactivate Accounts?' }));
    fireEvent.click(again.getByRole('button', { name: 'Deactivate service' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate Accounts?' })).toBeNull(), {
      timeout: 5000,
    });
    expect(bodyOf('PATCH')).toEqual([
      `/api/ticketing/services/${ID}`,
      { name: 'Accounts', prefix: 'A', avg_service_minutes: 6, status: 'inactive' },
    ]);
  });

  it('deactivates against the row’s version: a 412 is said in the dialog and the list is read again', async () => {
    signInAs('admin');
    const shown = service({ updated_at: '2026-05-01T08:00:00.125Z' });
    const ifMatches: string[] = [];
    open({
      'GET /api/ticketing/services': () => jsonResponse(200, listOf([shown])),
      [`PATCH /api/ticketing/services/${ID}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Deactivate Accounts?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Deactivate service' }));
    expect(await ask.findByText(messages.editConflict)).toBeTruthy();
    expect(ifMatches).toEqual([`"${shown.updated_at}"`]);
    await waitFor(() =>
      expect(calledUrls(fetchMock).filter((url) => url.startsWith('/api/ticketing/services?'))).toHaveLength(
        2,
      ),
    );
  });

  it('edits against the version the dialog opened; on a 412 names what they changed and loads theirs', async () => {
    signInAs('owner');
    const opened = service({ updated_at: '2026-05-01T08:00:00.125Z' });
    const theirs = service({
      avg_service_minutes: 9,
      status: 'inactive',
      updated_at: '2026-05-01T08:02:00.000Z',
    });
    const ifMatches: string[] = [];
    open({
      'GET /api/ticketing/services': () => jsonResponse(200, listOf([opened])),
      [`GET /api/ticketing/services/${ID}`]: () => jsonResponse(200, { data: theirs }),
      [`PATCH /api/ticketing/services/${ID}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Accounts' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Accounts and billing' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    const alert = within(await dialog.findByRole('alert'));
    await alert.findByText(/They changed: Average service time, Status\./);
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Accounts and billing');
    expect(ifMatches).toEqual([`"${opened.updated_at}"`]);
    fireEvent.click(alert.getByRole('button', { name: 'Load their version' }));
    await waitFor(() =>
      expect((dialog.getByLabelText(/^Status/) as HTMLSelectElement).value).toBe('inactive'),
    );
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Accounts');
  });

  it('exports the list as searched and filtered', async () => {
    signInAs('worker');
    open({
      'GET /api/ticketing/services': () => jsonResponse(200, listOf([service()])),
      'GET /api/ticketing/services/export': () => csvResponse('queue-services.csv', 'Prefix,Name\r\n'),
    });
    await screen.findByText('Accounts');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'inactive' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['queue-services.csv blob:csv']));
    expect(calledUrls(fetchMock)).toContain('/api/ticketing/services/export?status=inactive');
  });

  it('keeps its search, status and page in the address: a reload or Back shows the same list', async () => {
    signInAs('worker');
    open(
      { 'GET /api/ticketing/services': () => jsonResponse(200, listOf([service()], 60)) },
      '/ticketing/services?q=Acc&status=active&page=2',
    );
    await screen.findByText('Accounts');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('Acc');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('active');
    const asked = calledUrls(fetchMock).find((url) => url.startsWith('/api/ticketing/services?')) ?? '';
    expect(Object.fromEntries(new URL(asked, 'http://x').searchParams)).toMatchObject({
      q: 'Acc',
      status: 'active',
      page: '2',
    });
  });
});
