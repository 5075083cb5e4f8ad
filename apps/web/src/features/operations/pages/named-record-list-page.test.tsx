import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { ifMatchOf, routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import type { NamedRecord } from '../api/named-records.ts';
import { listOf } from '../testing/fixtures.ts';
import { NamedRecordListPage } from './named-record-list-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const ids = {
  bikes: '00000000-0000-4000-8000-000000000a01',
  parts: '00000000-0000-4000-8000-000000000a02',
  pcs: '00000000-0000-4000-8000-000000000a03',
  kg: '00000000-0000-4000-8000-000000000a04',
} as const;

const at = '2026-01-01T00:00:00.000Z';
const record = (patch: Partial<NamedRecord> & Pick<NamedRecord, 'id' | 'name'>): NamedRecord => ({
  description: null,
  status: 'active',
  product_count: 0,
  created_at: at,
  updated_at: at,
  ...patch,
});

const catalogs = () => [
  record({ id: ids.bikes, name: 'Bikes', description: 'Finished bicycles', product_count: 3 }),
  record({ id: ids.parts, name: 'Old parts', status: 'inactive' }),
];
const units = () => [
  record({ id: ids.pcs, name: 'pcs', description: 'Pieces', product_count: 5, whole_units: false }),
  record({ id: ids.kg, name: 'kg', status: 'inactive', product_count: 1, whole_units: false }),
];

/** The writes sent, in order: method, URL and parsed body. */
const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([url, init]) => ({
      method: init?.method,
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('NamedRecordListPage', { timeout: 20_000 }, () => {
  it('lists the catalogs from the server, links a catalog’s products, and hides writes from a worker', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, { 'GET /api/catalogs': () => jsonResponse(200, listOf(catalogs())) });
    const { unmount } = renderWithData(<NamedRecordListPage kind="catalogs" />, '/operations/catalogs');
    await screen.findByRole('table', { name: 'Catalogs' });
    expect(calledUrls(fetchMock)).toContain('/api/catalogs?page=1&limit=14');
    expect(rowWith('Bikes').getByText('Finished bicycles')).toBeTruthy();
    expect(rowWith('Bikes').getByRole('link', { name: '3' }).getAttribute('href')).toBe(
      `/operations/products?catalog_id=${ids.bikes}`,
    );
    // No product names it: a plain 0, and no description.
    expect(rowWith('Old parts').queryByRole('link')).toBeNull();
    expect(rowWith('Old parts').getByText('—')).toBeTruthy();
    expect(rowWith('Bikes').getByRole('button', { name: 'Deactivate' })).toBeTruthy();
    expect(rowWith('Old parts').getByRole('button', { name: 'Activate' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '+ New Catalog' })).toBeTruthy();
    unmount();

    signIn(fakeWorkspaceAuthSession('mrp', 'worker'));
    renderWithData(<NamedRecordListPage kind="catalogs" />, '/operations/catalogs');
    await screen.findByRole('table', { name: 'Catalogs' });
    expect(screen.queryByRole('button', { name: '+ New Catalog' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('creates a catalog from the dialog: sends the whole record, empty description as null', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'GET /api/catalogs': () => jsonResponse(200, listOf(catalogs())),
      'POST /api/catalogs': () =>
        jsonResponse(201, {
          message: operationsMessages.catalogCreated,
          data: record({ id: '00000000-0000-4000-8000-000000000a09', name: 'Wheels' }),
        }),
    });
    renderWithData(<NamedRecordListPage kind="catalogs" />, '/operations/catalogs');
    await screen.findByRole('table', { name: 'Catalogs' });
    await user.click(screen.getByRole('button', { name: '+ New Catalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'New catalog' });

    // An empty name is refused here, before any call.
    await user.click(within(dialog).getByRole('button', { name: 'Create catalog' }));
    expect(await within(dialog).findByText(messages.nameRequired)).toBeTruthy();
    expect(writes()).toEqual([]);

    await user.type(field(dialog, 'Name'), '  Wheels ');
    await user.click(within(dialog).getByRole('button', { name: 'Create catalog' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(operationsMessages.catalogCreated));
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/api/catalogs',
        body: { name: 'Wheels', description: null, status: 'active' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New catalog' })).toBeNull());
  });

  it('edits a unit with its values filled in, and puts a 400’s messages under the fields', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    let answer = jsonResponse(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: messages.validationFailed,
        fields: { name: 'Must be at most 100 characters', description: 'Must be at most 2000 characters' },
      },
    });
    routeFetch(fetchMock, {
      'GET /api/uoms': () => jsonResponse(200, listOf(units())),
      [`PATCH /api/uoms/${ids.pcs}`]: () => answer,
    });
    renderWithData(<NamedRecordListPage kind="uoms" />, '/operations/units');
    await screen.findByRole('table', { name: 'Units' });
    expect(calledUrls(fetchMock)).toContain('/api/uoms?page=1&limit=14');
    // A unit's product count is never a link (products are filtered by catalog only).
    expect(rowWith('Pieces').queryByRole('link')).toBeNull();

    await user.click(rowWith('Pieces').getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit pcs' });
    expect(field(dialog, 'Name').value).toBe('pcs');
    expect(field(dialog, 'Description').value).toBe('Pieces');
    expect(field(dialog, 'Status').value).toBe('active');

    await user.clear(field(dialog, 'Description'));
    await user.type(field(dialog, 'Description'), 'Each');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Must be at most 100 characters')).toBeTruthy();
    expect(within(dialog).getByText('Must be at most 2000 characters')).toBeTruthy();
    expect(field(dialog, 'Name').getAttribute('aria-invalid')).toBe('true');
    expect(notify.error).toHaveBeenCalledWith(messages.validationFailed);
    expect(notify.success).not.toHaveBeenCalled();

    answer = jsonResponse(200, { message: messages.updateDone, data: units()[0] });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.updateDone));
    expect(writes()).toHaveLength(2);
    expect(writes()[1]).toEqual({
      method: 'PATCH',
      url: `/api/uoms/${ids.pcs}`,
      body: { name: 'pcs', description: 'Each', status: 'active', whole_units: false },
    });
  });

  it('creates and edits a unit with "Whole units only", and the list says which units are whole', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    const whole = record({ id: ids.pcs, name: 'pcs', whole_units: true });
    routeFetch(fetchMock, {
      'GET /api/uoms': () =>
        jsonResponse(200, listOf([whole, record({ id: ids.kg, name: 'kg', whole_units: false })])),
      'POST /api/uoms': () =>
        jsonResponse(201, {
          message: operationsMessages.uomCreated,
          data: record({ id: '00000000-0000-4000-8000-000000000a09', name: 'each', whole_units: true }),
        }),
      [`PATCH /api/uoms/${ids.pcs}`]: () =>
        jsonResponse(200, { message: messages.updateDone, data: { ...whole, whole_units: false } }),
    });
    renderWithData(<NamedRecordListPage kind="uoms" />, '/operations/units');
    await screen.findByRole('table', { name: 'Units' });
    expect(screen.getByRole('columnheader', { name: 'Whole units' })).toBeTruthy();
    expect(rowWith('pcs').getByText('Whole only')).toBeTruthy();
    expect(rowWith('kg').getByText('Fractional')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '+ New Unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'New unit' });
    const checkbox = within(dialog).getByRole('checkbox', { name: 'Whole units only' }) as HTMLInputElement;
    expect(checkbox.checked).toBe(false);
    expect(within(dialog).getByText(/must be whole numbers/)).toBeTruthy();
    await user.type(field(dialog, 'Name'), 'each');
    await user.click(checkbox);
    await user.click(within(dialog).getByRole('button', { name: 'Create unit' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(operationsMessages.uomCreated));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New unit' })).toBeNull());

    await user.click(rowWith('pcs').getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit pcs' });
    const editBox = within(edit).getByRole('checkbox', { name: 'Whole units only' }) as HTMLInputElement;
    expect(editBox.checked).toBe(true);
    await user.click(editBox);
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.updateDone));
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/api/uoms',
        body: { name: 'each', description: null, status: 'active', whole_units: true },
      },
      {
        method: 'PATCH',
        url: `/api/uoms/${ids.pcs}`,
        body: { name: 'pcs', description: null, status: 'active', whole_units: false },
      },
    ]);
  });

  it('has no "Whole units only" on a catalog, and no such column', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    routeFetch(fetchMock, { 'GET /api/catalogs': () => jsonResponse(200, listOf(catalogs())) });
    renderWithData(<NamedRecordListPage kind="catalogs" />, '/operations/catalogs');
    await screen.findByRole('table', { name: 'Catalogs' });
    expect(screen.queryByRole('columnheader', { name: 'Whole units' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '+ New Catalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'New catalog' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  it('saves an edit against the version it opened; on a 412 names what they changed and loads theirs', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    const opened = record({
      id: ids.bikes,
      name: 'Bikes',
      description: 'Finished bicycles',
      updated_at: '2026-02-01T10:00:00.125Z',
    });
    // Someone renamed it and deactivated it since.
    const theirs = {
      ...opened,
      name: 'Bicycles',
      status: 'inactive' as const,
      updated_at: '2026-02-01T10:05:00.000Z',
    };
    const ifMatches: string[] = [];
    let answer = jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
    routeFetch(fetchMock, {
      'GET /api/catalogs': () => jsonResponse(200, listOf([opened])),
      [`GET /api/catalogs/${ids.bikes}`]: () => jsonResponse(200, { data: theirs }),
      [`PATCH /api/catalogs/${ids.bikes}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return answer;
      },
    });
    renderWithData(<NamedRecordListPage kind="catalogs" />, '/operations/catalogs');
    await screen.findByRole('table', { name: 'Catalogs' });
    await user.click(rowWith('Finished bicycles').getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bikes' });
    await user.clear(field(dialog, 'Description'));
    await user.type(field(dialog, 'Description'), 'Road and city bikes');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const alert = await within(dialog).findByRole('alert');
    await within(alert).findByText(/They changed: Name, Status\./);
    expect(within(alert).getByText(/Someone else saved this catalog/)).toBeTruthy();
    expect(field(dialog, 'Description').value).toBe('Road and city bikes');
    // The list behind the dialog is read again: it shows their version.
    await waitFor(() =>
      expect(calledUrls(fetchMock).filter((u) => u.startsWith('/api/catalogs?'))).toHaveLength(2),
    );
    expect(notify.error).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();

    await user.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect(field(dialog, 'Name').value).toBe('Bicycles');
    expect(field(dialog, 'Status').value).toBe('inactive');
    expect(field(dialog, 'Description').value).toBe('Finished bicycles');

    // The next save is made against their version.
    answer = jsonResponse(200, { message: messages.updateDone, data: theirs });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.updateDone));
    expect(ifMatches).toEqual([`"${opened.updated_at}"`, `"${theirs.updated_at}"`]);
  });

  it('shows a taken name (409) under the name', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'GET /api/uoms': () => jsonResponse(200, listOf(units())),
      'POST /api/uoms': () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: 'A unit with this name exists' } }),
    });
    renderWithData(<NamedRecordListPage kind="uoms" />, '/operations/units');
    await screen.findByRole('table', { name: 'Units' });
    await user.click(screen.getByRole('button', { name: '+ New Unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'New unit' });
    await user.type(field(dialog, 'Name'), 'PCS');
    await user.click(within(dialog).getByRole('button', { name: 'Create unit' }));
    expect(await within(dialog).findByText('A unit with this name exists')).toBeTruthy();
    expect(field(dialog, 'Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks before deactivating: Cancel sends nothing, confirming sends the status', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'GET /api/catalogs': () => jsonResponse(200, listOf(catalogs())),
      [`PATCH /api/catalogs/${ids.bikes}/status`]: () =>
        jsonResponse(200, { message: messages.updateDone, data: catalogs()[0] }),
    });
    renderWithData(<NamedRecordListPage kind="catalogs" />, '/operations/catalogs');
    await screen.findByRole('table', { name: 'Catalogs' });

    await user.click(rowWith('Bikes').getByRole('button', { name: 'Deactivate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Deactivate Bikes?' });
    expect(
      within(dialog).getByText(
        'An inactive catalog is no longer offered for products. You can activate it again.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate Bikes?' })).toBeNull());
    expect(writes()).toEqual([]);

    await user.click(rowWith('Bikes').getByRole('button', { name: 'Deactivate' }));
    dialog = await screen.findByRole('dialog', { name: 'Deactivate Bikes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate catalog' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.updateDone));
    expect(writes()).toEqual([
      { method: 'PATCH', url: `/api/catalogs/${ids.bikes}/status`, body: { status: 'inactive' } },
    ]);
  });

  it('activates an inactive unit at once, and shows a refusal as an error', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'GET /api/uoms': () => jsonResponse(200, listOf(units())),
      [`PATCH /api/uoms/${ids.kg}/status`]: () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Not allowed' } }),
    });
    renderWithData(<NamedRecordListPage kind="uoms" />, '/operations/units');
    await screen.findByRole('table', { name: 'Units' });
    await user.click(rowWith('kg').getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Not allowed'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes()).toEqual([
      { method: 'PATCH', url: `/api/uoms/${ids.kg}/status`, body: { status: 'active' } },
    ]);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('says so when there is no unit yet', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, { 'GET /api/uoms': () => jsonResponse(200, listOf([])) });
    renderWithData(<NamedRecordListPage kind="uoms" />, '/operations/units');
    expect(await screen.findByText('No units yet')).toBeTruthy();
  });
});
