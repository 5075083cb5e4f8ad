import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Counter, Service } from '@workhub/shared/schemas/ticketing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { captureDownloads } from '../../../test/downloads.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { CountersPage } from './counters-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
const saved = captureDownloads();
afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const SERVICE_ID = '0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2a01';
const COUNTER_ID = '0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2a09';
const OPERATOR_ID = '0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2a05';
const SERVICE: Service = {
  id: SERVICE_ID,
  name: 'Accounts',
  prefix: 'A',
  avg_service_minutes: 6,
  status: 'active',
  sample: false,
  waiting: 0,
  created_at: '2026-11-25T08:00:00.000Z',
  updated_at: '2026-11-25T08:00:00.000Z',
};
const counter = (patch: Partial<Counter> = {}): Counter => ({
  id: COUNTER_ID,
  name: 'Window 1',
  operator_user_id: OPERATOR_ID,
  operator_name: 'Amina Odhiambo',
  status: 'active',
  sample: false,
  services: [{ id: SERVICE_ID, name: 'Accounts', prefix: 'A' }],
  created_at: '2026-11-25T08:00:00.000Z',
  updated_at: '2026-11-25T08:00:00.000Z',
  ...patch,
});
const page = <T,>(rows: T[]) => ({ data: rows, meta: { page: 1, limit: 14, total: rows.length } });
const bodyOf = (method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === method);
  return call ? [String(call[0]), JSON.parse(String((call[1] as RequestInit).body))] : undefined;
};
const choices = {
  'GET /api/ticketing/services': () => jsonResponse(200, page([SERVICE])),
  'GET /api/ticketing/operators': () =>
    jsonResponse(200, { data: [{ user_id: OPERATOR_ID, name: 'Amina Odhiambo' }] }),
};

describe('CountersPage', () => {
  it('shows the loading state, then each counter with its services and operator', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    renderWithData(<CountersPage />, '/ticketing/counters');
    expect(await screen.findByRole('status')).toBeTruthy();
    answer(jsonResponse(200, page([counter()])));
    expect(await screen.findByText('Window 1')).toBeTruthy();
    expect(rowWith('Window 1').getByText('A · Accounts')).toBeTruthy();
    expect(rowWith('Window 1').getByText('Amina Odhiambo')).toBeTruthy();
  });

  it('says when there are no counters yet, and when none matches the search', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    fetchMock.mockResolvedValue(jsonResponse(200, page([])));
    renderWithData(<CountersPage />, '/ticketing/counters');
    expect(await screen.findByText('No counters yet')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'inactive' } });
    expect(await screen.findByText('No counter matches')).toBeTruthy();
  });

  it('shows the error state with a retry that loads again', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'member'));
    fetchMock
      .mockResolvedValueOnce(jsonResponse(500, { error: { code: 'INTERNAL', message: 'Server down' } }))
      .mockResolvedValue(jsonResponse(200, page([counter()])));
    renderWithData(<CountersPage />, '/ticketing/counters');
    expect(await screen.findByText('The counters could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByText('Window 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '+ New counter' })).toBeNull();
  });

  it('creates a counter with the services it calls through the dialog', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    routeFetch(fetchMock, {
      ...choices,
      'GET /api/ticketing/counters': () => jsonResponse(200, page([])),
      'POST /api/ticketing/counters': () =>
        jsonResponse(201, { message: 'Counter created', data: counter() }),
    });
    renderWithData(<CountersPage />, '/ticketing/counters');
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

  it('asks before deactivating, sends nothing on Cancel, and deactivates on confirm', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'admin'));
    routeFetch(fetchMock, {
      'GET /api/ticketing/counters': () => jsonResponse(200, page([counter()])),
      [`PATCH /api/ticketing/counters/${COUNTER_ID}`]: () =>
        jsonResponse(200, { message: 'Update done !!!', data: counter({ status: 'inactive' }) }),
    });
    renderWithData(<CountersPage />, '/ticketing/counters');
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

  it('exports the list as searched and filtered', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'worker'));
    routeFetch(fetchMock, {
      'GET /api/ticketing/counters': () => jsonResponse(200, page([counter()])),
      'GET /api/ticketing/counters/export': () =>
        new Response('Name\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="queue-counters.csv"',
          },
        }),
    });
    renderWithData(<CountersPage />, '/ticketing/counters');
    await screen.findByText('Window 1');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'active' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['queue-counters.csv blob:csv']));
    expect(calledUrls(fetchMock)).toContain('/api/ticketing/counters/export?status=active');
  });
});
