import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Service } from '@workhub/shared/schemas/ticketing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { captureDownloads } from '../../../test/downloads.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { ServicesPage } from './services-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
const saved = captureDownloads();
afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const ID = '0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2a01';
const service = (patch: Partial<Service> = {}): Service => ({
  id: ID,
  name: 'Accounts',
  prefix: 'A',
  avg_service_minutes: 6,
  status: 'active',
  sample: false,
  waiting: 3,
  created_at: '2026-11-25T08:00:00.000Z',
  updated_at: '2026-11-25T08:00:00.000Z',
  ...patch,
});
const page = (rows: Service[]) => ({ data: rows, meta: { page: 1, limit: 14, total: rows.length } });
const bodyOf = (method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === method);
  return call ? [String(call[0]), JSON.parse(String((call[1] as RequestInit).body))] : undefined;
};

describe('ServicesPage', () => {
  it('shows the loading state, then the services with their waiting tickets', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    renderWithData(<ServicesPage />, '/ticketing/services');
    expect(await screen.findByRole('status')).toBeTruthy();
    answer(jsonResponse(200, page([service()])));
    expect(await screen.findByText('Accounts')).toBeTruthy();
    expect(rowWith('Accounts').getByText('6 min')).toBeTruthy();
    expect(rowWith('Accounts').getByText('3')).toBeTruthy();
  });

  it('says when there are no services yet, and offers + New service to a manager', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    fetchMock.mockResolvedValue(jsonResponse(200, page([])));
    renderWithData(<ServicesPage />, '/ticketing/services');
    expect(await screen.findByText('No services yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '+ New service' }).length).toBeGreaterThan(0);
  });

  it('offers a worker neither + New service nor Deactivate', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'worker'));
    fetchMock.mockResolvedValue(jsonResponse(200, page([service()])));
    renderWithData(<ServicesPage />, '/ticketing/services');
    expect(await screen.findByText('Accounts')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '+ New service' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('shows the error state with a retry that loads again', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    fetchMock
      .mockResolvedValueOnce(jsonResponse(500, { error: { code: 'INTERNAL', message: 'Server down' } }))
      .mockResolvedValue(jsonResponse(200, page([service()])));
    renderWithData(<ServicesPage />, '/ticketing/services');
    expect(await screen.findByText('The services could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByText('Accounts')).toBeTruthy();
  });

  it('creates a service through the dialog', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/ticketing/services': () => jsonResponse(200, page([])),
      'POST /api/ticketing/services': () =>
        jsonResponse(201, { message: 'Service created', data: service({ name: 'Deposits', prefix: 'D' }) }),
    });
    renderWithData(<ServicesPage />, '/ticketing/services');
    await screen.findByText('No services yet');
    fireEvent.click(screen.getAllByRole('button', { name: '+ New service' })[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'New service' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Deposits' } });
    fireEvent.change(dialog.getByLabelText(/^Prefix letter/), { target: { value: 'd' } });
    fireEvent.change(dialog.getByLabelText(/^Average service time/), { target: { value: '4' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create service' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Service created'));
    expect(bodyOf('POST')).toEqual([
      '/api/ticketing/services',
      { name: 'Deposits', prefix: 'D', avg_service_minutes: 4, status: 'active' },
    ]);
  });

  it('asks before deactivating, sends nothing on Cancel, and deactivates on confirm', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'admin'));
    routeFetch(fetchMock, {
      'GET /api/ticketing/services': () => jsonResponse(200, page([service()])),
      [`PATCH /api/ticketing/services/${ID}`]: () =>
        jsonResponse(200, { message: 'Update done !!!', data: service({ status: 'inactive' }) }),
    });
    renderWithData(<ServicesPage />, '/ticketing/services');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Deactivate Accounts?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate Accounts?' })).toBeNull());
    expect(bodyOf('PATCH')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const again = within(await screen.findByRole('dialog', { name: 'Deactivate Accounts?' }));
    fireEvent.click(again.getByRole('button', { name: 'Deactivate service' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Update done !!!'));
    expect(bodyOf('PATCH')).toEqual([
      `/api/ticketing/services/${ID}`,
      { name: 'Accounts', prefix: 'A', avg_service_minutes: 6, status: 'inactive' },
    ]);
  });

  it('exports the list as searched and filtered', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'worker'));
    routeFetch(fetchMock, {
      'GET /api/ticketing/services': () => jsonResponse(200, page([service()])),
      'GET /api/ticketing/services/export': () =>
        new Response('Prefix,Name\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="queue-services.csv"',
          },
        }),
    });
    renderWithData(<ServicesPage />, '/ticketing/services');
    await screen.findByText('Accounts');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'inactive' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['queue-services.csv blob:csv']));
    expect(calledUrls(fetchMock)).toContain('/api/ticketing/services/export?status=inactive');
  });
});
