import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { csvResponse } from '../../../test/downloads.ts';
import { calledUrls } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { listOf } from '../../../test/page-kit.ts';
import { ifMatchOf } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { CountersPage } from './counters-page.tsx';
import { COUNTER_ID, counterOf, SERVICE_ID, serviceOf, ticketingPageKit } from './ticketing-test-kit.ts';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const { fetchMock, saved, signInAs, render, open, openHeld, bodyOf } = ticketingPageKit(
  { element: <CountersPage />, path: '/ticketing/counters' },
  { downloads: true },
);

const OPERATOR_ID = '0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2a05';
const counter = (patch: Parameters<typeof counterOf>[0] = {}) =>
  counterOf({ operator_user_id: OPERATOR_ID, operator_name: 'Amina Odhiambo', ...patch });
const choices = {
  'GET /api/ticketing/services': () => jsonResponse(200, listOf([serviceOf()])),
  'GET /api/ticketing/operators': () =>
    jsonResponse(200, { data: [{ user_id: OPERATOR_ID, name: 'Amina Odhiambo' }] }),
};

describe('CountersPage', { timeout: 15_000 }, () => {
  it('shows the loading state, then each counter with its services and operator', async () => {
    signInAs('owner');
    const answer = openHeld('GET /api/ticketing/counters');
    expect(await screen.findByRole('status')).toBeTruthy();
    answer(jsonResponse(200, listOf([counter()])));
    expect(await screen.findByText('Window 1')).toBeTruthy();
    expect(rowWith('Window 1').getByText('A · Accounts')).toBeTruthy();
    expect(rowWith('Window 1').getByText('Amina Odhiambo')).toBeTruthy();
  });

  it('says when there are no counters yet, and when none matches the search', async () => {
    signInAs('owner');
    fetchMock.mockResolvedValue(jsonResponse(200, listOf([])));
    render();
    expect(await screen.findByText('No counters yet')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'inactive' } });
    expect(await screen.findByText('No counter matches')).toBeTruthy();
  });

  it('shows the error state with a retry that loads again', async () => {
    signInAs('member');
    fetchMock
      .mockResolvedValueOnce(jsonResponse(500, { error: { code: 'INTERNAL', message: 'Server down' } }))
      .mockResolvedValue(jsonResponse(200, listOf([counter()])));
    render();
    expect(await screen.findByText('The counters could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByText('Window 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '+ New counter' })).toBeNull();
  });

  it('creates a counter with the services it calls through the dialog', async () => {
    signInAs('owner');
    open({
      ...choices,
      'GET /api/ticketing/counters': () => jsonResponse(200, listOf([])),
      'POST /api/ticketing/counters': () =>
        jsonResponse(201, { message: 'Counter created', data: counter() }),
    });
    await screen.findByText('No counters yet');
    fireEvent.click(screen.getAllByRole('button', { name: '+ New counter' })[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'New counter' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Window 1' } });
    // jsdom never ends the dropdown's transition: the option is found hidden (test/tag-select.ts).
    await waitFor(() =>
      expect(dialog.getByRole('combobox', { name: /Services it calls/ }).getAttribute('placeholder')).toBe(
        'Choose services',
      ),
    );
    fireEvent.click(dialog.getByRole('combobox', { name: /Services it calls/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'A · Accounts', hidden: true }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create counter' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Counter created'));
    expect(bodyOf('POST')).toEqual([
      '/api/ticketing/counters',
      { name: 'Window 1', service_ids: [SERVICE_ID], operator_user_id: null, status: 'active' },
    ]);
  });

  it('edits against the version the dialog opened; on a 412 names what they changed', async () => {
    signInAs('owner');
    const opened = counter({ updated_at: '2026-05-01T08:00:00.125Z' });
    // Someone took the operator off the counter meanwhile.
    const theirs = counter({
      operator_user_id: null,
      operator_name: null,
      updated_at: '2026-05-01T08:03:00.000Z',
    });
    const ifMatches: string[] = [];
    open({
      ...choices,
      'GET /api/ticketing/counters': () => jsonResponse(200, listOf([opened])),
      [`GET /api/ticketing/counters/${COUNTER_ID}`]: () => jsonResponse(200, { data: theirs }),
      [`PATCH /api/ticketing/counters/${COUNTER_ID}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: `Edit ${opened.name}` }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Window 7' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    const alert = within(await dialog.findByRole('alert'));
    await alert.findByText(/They changed: Operator\./);
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Window 7');
    expect(ifMatches).toEqual([`"${opened.updated_at}"`]);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('says no service is left once the user empties the list and leaves it, before any save', async () => {
    signInAs('owner');
    open({ ...choices, 'GET /api/ticketing/counters': () => jsonResponse(200, listOf([counter()])) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Window 1' }));
    const services = dialog.getByRole('combobox', { name: /Services it calls/ });
    await waitFor(() => expect(dialog.getByText('A · Accounts')).toBeTruthy());
    await user.click(services);
    await user.keyboard('{Backspace}');
    expect(dialog.queryByText('A · Accounts')).toBeNull();
    await user.tab();
    expect(await dialog.findByText(ticketingMessages.servicesRequired)).toBeTruthy();
    expect(bodyOf('PATCH')).toBeUndefined();
  });

  it('says nothing about the fields of a new counter a keyboard tabs through untouched', async () => {
    signInAs('owner');
    open({ ...choices, 'GET /api/ticketing/counters': () => jsonResponse(200, listOf([])) });
    const user = userEvent.setup();
    await screen.findByText('No counters yet');
    await user.click(screen.getAllByRole('button', { name: '+ New counter' })[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'New counter' }));
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText(/^Name/)));
    const operator = dialog.getByLabelText('Operator');
    while (document.activeElement !== operator) await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(dialog.getByLabelText('Status'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog.queryByText(ticketingMessages.servicesRequired)).toBeNull();
    expect(dialog.queryByText(messages.nameRequired)).toBeNull();
  });

  it('asks before deactivating, sends nothing on Cancel, and deactivates on confirm', async () => {
    signInAs('admin');
    open({
      'GET /api/ticketing/counters': () => jsonResponse(200, listOf([counter()])),
      [`PATCH /api/ticketing/counters/${COUNTER_ID}`]: () =>
        jsonResponse(200, { message: 'Update done !!!', data: counter({ status: 'inactive' }) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Deactivate Window 1?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate Window 1?' })).toBeNull());
    expect(bodyOf('PATCH')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const again = within(await screen.findByRole('dialog', { name: 'Deactivate Window 1?' }));
    fireEvent.click(again.getByRole('button', { name: 'Deactivate counter' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Update done !!!'));
    expect(bodyOf('PATCH')).toEqual([
      `/api/ticketing/counters/${COUNTER_ID}`,
      { name: 'Window 1', service_ids: [SERVICE_ID], operator_user_id: OPERATOR_ID, status: 'inactive' },
    ]);
  });

  it('keeps the dialog open with the reason when the counter still holds a ticket (409)', async () => {
    signInAs('admin');
    const refusal = 'Window 1 has a ticket called or being served: finish or transfer it first';
    open({
      'GET /api/ticketing/counters': () => jsonResponse(200, listOf([counter()])),
      [`PATCH /api/ticketing/counters/${COUNTER_ID}`]: () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: refusal } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Deactivate Window 1?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Deactivate counter' }));
    expect((await ask.findByRole('alert')).textContent).toContain(refusal);
    expect(screen.getByRole('dialog', { name: 'Deactivate Window 1?' })).toBeTruthy();
    expect(notify.error).not.toHaveBeenCalled();
    fireEvent.click(ask.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate Window 1?' })).toBeNull());
    // Asked again, the dialog starts without the last refusal.
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const again = within(await screen.findByRole('dialog', { name: 'Deactivate Window 1?' }));
    expect(again.queryByRole('alert')).toBeNull();
  });

  it('exports the list as searched and filtered', async () => {
    signInAs('worker');
    open({
      'GET /api/ticketing/counters': () => jsonResponse(200, listOf([counter()])),
      'GET /api/ticketing/counters/export': () => csvResponse('queue-counters.csv', 'Name\r\n'),
    });
    await screen.findByText('Window 1');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'active' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['queue-counters.csv blob:csv']));
    expect(calledUrls(fetchMock)).toContain('/api/ticketing/counters/export?status=active');
  });
});
