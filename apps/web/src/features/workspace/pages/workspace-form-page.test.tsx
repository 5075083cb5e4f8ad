import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { Workspace } from '@workhub/shared/schemas/workspaces';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETIRED_CURRENCIES } from '../../../lib/currency.ts';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { getSession } from '../../../lib/session-store.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { ifMatchOf, readTwice, routeFetch } from '../../../test/route-fetch.ts';
import { WorkspaceFormPage } from './workspace-form-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
const field = (label: string) => screen.getByLabelText(label, { exact: true });

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
  vi.restoreAllMocks();
});

const saved = (patch: Partial<Workspace> = {}): Workspace => ({
  workspace_id: 'w9',
  account_id: 'a1',
  workspace_name: 'Plant one',
  template: 'mrp',
  description: 'Where the plant is planned.',
  workspace_logo: '/default-workspace-logo.svg',
  archived: false,
  public_slug: 'plant-one-3f9a0c',
  currency: null,
  team_size: 1,
  completion: 0,
  time_inserted: '2026-01-01T00:00:00.000Z',
  time_updated: '2026-01-01T00:00:00.000Z',
  ...patch,
});

const renderForm = (path: string) =>
  renderWithData(
    <Routes>
      <Route path="/workspace/create" element={<WorkspaceFormPage />} />
      <Route path="/workspace/:id/edit" element={<WorkspaceFormPage />} />
      <Route path="/workspace/list" element={<h1>Workspace list</h1>} />
    </Routes>,
    path,
  );

describe('WorkspaceFormPage', () => {
  it('shows the spec messages for the required fields, and offers the 8 templates', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    renderForm('/workspace/create');
    const template = field('Template') as HTMLSelectElement;
    expect([...template.options].map((option) => option.textContent)).toEqual([
      'Choose a template',
      'Workspace',
      'MRP',
      'ERP',
      'CRM',
      'SRM',
      'Barber Shop & Spa',
      'CBE School Management System',
      'Queue Ticketing System',
    ]);
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    expect(await screen.findByText(messages.nameRequired)).toBeTruthy();
    expect(screen.getByText(messages.templateRequired)).toBeTruthy();
    expect(screen.getByText(messages.descriptionRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("creates the workspace, uploads the logo, says 'Workspace created' and goes to the list", async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'POST /api/workspaces': () => jsonResponse(201, { message: messages.workspaceCreated, data: saved() }),
      'PUT /api/workspaces/w9/logo': () => jsonResponse(200, { message: messages.updateDone, data: saved() }),
    });
    // The creator's zone goes with the workspace (its modules' day until they set their own).
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: 'America/Lima' };
    });
    renderForm('/workspace/create');
    await user.type(field('Name'), 'Plant one');
    await user.selectOptions(field('Template'), 'mrp');
    await user.type(field('Description'), 'Where the plant is planned.');
    // Every currency in use the browser knows, after None (no kuna, no Special Drawing Rights); the
    // choice goes with the workspace.
    const currency = field('Currency') as HTMLSelectElement;
    expect(currency.options[0]?.textContent).toBe('None (amounts alone)');
    const offered = [...currency.options].map((option) => option.value);
    const inUse = Intl.supportedValuesOf('currency').filter((code) => !RETIRED_CURRENCIES.has(code));
    expect(offered).toEqual(['', ...inUse]);
    expect(offered).not.toContain('HRK');
    expect(offered).not.toContain('XDR');
    await user.selectOptions(currency, 'KES');
    expect(currency.selectedOptions[0]?.textContent).toMatch(/^KES · /);
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, logo);
    await waitFor(() =>
      expect(screen.getByTestId('logo-preview').getAttribute('src')).toMatch(/^data:image\/png;base64,/),
    );
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));

    expect(await screen.findByRole('heading', { name: 'Workspace list' })).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(messages.workspaceCreated);
    expect(calledUrls(fetchMock)).toEqual(['/api/workspaces', '/api/workspaces/w9/logo']);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      workspace_name: 'Plant one',
      template: 'mrp',
      description: 'Where the plant is planned.',
      currency: 'KES',
      time_zone: 'America/Lima',
    });
    const upload = fetchMock.mock.calls[1]?.[1]?.body as FormData;
    expect(upload).toBeInstanceOf(FormData);
    expect((upload.get('logo') as File).name).toBe('logo.png');
  });

  it('refuses a logo that is not an image before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    signIn(fakeAuthSession());
    renderForm('/workspace/create');
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, text);
    expect(await screen.findByText(messages.logoInvalid)).toBeTruthy();
  });

  it("maps the server's field messages onto the form", async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'POST /api/workspaces': () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: messages.validationFailed,
            fields: { workspace_name: 'Must be at most 120 characters' },
          },
        }),
    });
    renderForm('/workspace/create');
    await user.type(field('Name'), 'Plant one');
    await user.selectOptions(field('Template'), 'crm');
    await user.type(field('Description'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    expect(await screen.findByText('Must be at most 120 characters')).toBeTruthy();
    expect(notify.error).toHaveBeenCalledWith(messages.validationFailed);
  });

  it("edits a workspace: the form starts with its values and saving says 'Update done !!!'", async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/workspaces/w9': () => jsonResponse(200, { data: saved({ currency: 'USD' }) }),
      'PATCH /api/workspaces/w9': () =>
        jsonResponse(200, { message: messages.updateDone, data: saved({ workspace_name: 'Plant two' }) }),
    });
    renderForm('/workspace/w9/edit');
    expect(await screen.findByDisplayValue('Plant one')).toBeTruthy();
    expect((field('Template') as HTMLSelectElement).value).toBe('mrp');
    expect((field('Currency') as HTMLSelectElement).value).toBe('USD');
    // Another template: it says what is hidden; back to its own, it says nothing.
    expect(screen.queryByTestId('template-change-warning')).toBeNull();
    await user.selectOptions(field('Template'), 'workspace');
    expect(screen.getByTestId('template-change-warning').textContent).toMatch(
      /MRP records of this workspace and its public pages .* will be hidden .* Nothing is deleted/,
    );
    await user.selectOptions(field('Template'), 'mrp');
    expect(screen.queryByTestId('template-change-warning')).toBeNull();
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Plant two');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Workspace list' })).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(messages.updateDone);
  });

  it('sends the version it opened (If-Match, time_updated); a 412 says what they changed', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    const opened = saved();
    const theirs = saved({ currency: 'EUR', time_updated: '2026-01-02T00:00:00.000Z' });
    const ifMatches: string[] = [];
    routeFetch(fetchMock, {
      'GET /api/workspaces/w9': readTwice(opened, theirs),
      'PATCH /api/workspaces/w9': (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
      },
    });
    renderForm('/workspace/w9/edit');
    expect(await screen.findByDisplayValue('Plant one')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    await within(alert).findByText(/They changed: Currency\./);
    expect(ifMatches).toEqual([`"${opened.time_updated}"`]);
    await user.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect((field('Currency') as HTMLSelectElement).value).toBe('EUR');
  });

  it('saves again against its own saved version when the logo failed after the save (no 412 against itself)', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    const afterSave = saved({ workspace_name: 'Plant two', time_updated: '2026-01-03T00:00:00.000Z' });
    const ifMatches: string[] = [];
    let uploads = 0;
    routeFetch(fetchMock, {
      'GET /api/workspaces/w9': () => jsonResponse(200, { data: saved() }),
      'PATCH /api/workspaces/w9': (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(200, { message: messages.updateDone, data: afterSave });
      },
      'PUT /api/workspaces/w9/logo': () => {
        uploads += 1;
        return uploads === 1
          ? jsonResponse(400, { error: { code: 'VALIDATION_FAILED', message: messages.logoInvalid } })
          : jsonResponse(200, { message: messages.updateDone, data: afterSave });
      },
    });
    renderForm('/workspace/w9/edit');
    expect(await screen.findByDisplayValue('Plant one')).toBeTruthy();
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, logo);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(messages.logoInvalid));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Workspace list' })).toBeTruthy();
    expect(ifMatches).toEqual([`"${saved().time_updated}"`, `"${afterSave.time_updated}"`]);
  });

  it('keeps offering a workspace its own currency retired since (the kuna)', async () => {
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/workspaces/w9': () => jsonResponse(200, { data: saved({ currency: 'HRK' }) }),
    });
    renderForm('/workspace/w9/edit');
    expect(await screen.findByDisplayValue('Plant one')).toBeTruthy();
    const currency = field('Currency') as HTMLSelectElement;
    expect(currency.value).toBe('HRK');
    expect([...currency.options].map((option) => option.value)).not.toContain('ZWL');
  });

  it('brings an account holder acting elsewhere back to their own account first', async () => {
    // An account holder who is acting as a worker in another account's workspace.
    signIn(
      fakeAuthSession(
        { role: 'worker', accounts: 1, account_id: 'other', workspace_id: 'w-crm', template: 'crm' },
        {
          role: 'worker',
          accounts: 1,
          workspace: {
            workspace_id: 'w-crm',
            workspace_name: 'Their CRM',
            template: 'crm',
            role: 'worker',
            public_slug: 'their-crm-a1b2c3',
          },
        },
      ),
    );
    routeFetch(fetchMock, {
      'POST /api/auth/workspace-session': () => jsonResponse(200, { data: fakeAuthSession() }),
    });
    renderForm('/workspace/create');
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Create workspace' })).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ workspace_id: null });
    await waitFor(() => {
      const session = getSession();
      expect(session.status === 'signed_in' && session.user.workspace).toBeNull();
    });
  });
});
