import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { Workspace } from '@workhub/shared/schemas/workspaces';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { WorkspaceListPage } from './workspace-list-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const workspace = (id: string, name: string, patch: Partial<Workspace> = {}): Workspace => ({
  workspace_id: id,
  account_id: 'a1',
  workspace_name: name,
  template: 'crm',
  description: '',
  workspace_logo: '/default-workspace-logo.svg',
  archived: false,
  public_slug: 'plant-one-3f9a0c',
  currency: null,
  team_size: 3,
  completion: 40,
  time_inserted: '2026-01-01T00:00:00.000Z',
  time_updated: '2026-01-01T00:00:00.000Z',
  ...patch,
});

const row = rowWith;

describe('WorkspaceListPage', () => {
  it('lists the active workspaces with team size, real completion, Edit and Deactivate', async () => {
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/workspaces': () =>
        jsonResponse(200, {
          data: [
            workspace('w1', 'Sales floor'),
            workspace('w2', 'Plant one', { completion: 0, team_size: 1 }),
          ],
          meta: { page: 1, limit: 14, total: 2 },
        }),
    });
    renderWithData(<WorkspaceListPage archived={false} />, '/workspace/list');
    expect(screen.getByRole('heading', { name: 'Workspaces' })).toBeTruthy();
    await screen.findByText('Sales floor');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Teams',
      'Completion',
      'Edit',
      'Status',
    ]);
    expect(row('Sales floor').getByText('3')).toBeTruthy();
    expect(row('Sales floor').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(row('Sales floor').getByText('40%')).toBeTruthy();
    expect(row('Plant one').getByText('0%')).toBeTruthy();
    expect(row('Sales floor').getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/workspace/w1/edit',
    );
    expect(row('Sales floor').getByRole('button', { name: 'Deactivate' })).toBeTruthy();
    expect(calledUrls(fetchMock)).toEqual(['/api/workspaces?archived=false&page=1&limit=14']);
  });

  it("archives a workspace with archived '1', says 'Workspace Archived!' and reloads the list", async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    let archived = false;
    routeFetch(fetchMock, {
      'GET /api/workspaces': () =>
        jsonResponse(200, {
          data: archived ? [] : [workspace('w1', 'Sales floor')],
          meta: { page: 1, limit: 14, total: archived ? 0 : 1 },
        }),
      'PATCH /api/workspaces/w1/status': () => {
        archived = true;
        return jsonResponse(200, {
          message: messages.workspaceArchived,
          data: workspace('w1', 'Sales floor'),
        });
      },
    });
    renderWithData(<WorkspaceListPage archived={false} />, '/workspace/list');
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', {
      name: messages.confirmWorkspaceDeactivate('Sales floor'),
    });
    expect(dialog.textContent).toContain(messages.confirmWorkspaceDeactivateBody('Sales floor', false));
    await user.click(screen.getByRole('button', { name: 'Deactivate workspace' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.workspaceArchived));
    expect(await screen.findByText('You have no active workspaces')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([url]) => String(url) === '/api/workspaces/w1/status');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ archived: '1' });
  });

  it("after Activate takes its row away, gives the focus to the next row's Activate, then to the heading", async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    let archived = [
      workspace('w1', 'Sales floor', { archived: true }),
      workspace('w2', 'Back office', { archived: true }),
    ];
    const restore = (id: string) => () => {
      archived = archived.filter((one) => one.workspace_id !== id);
      return jsonResponse(200, { message: messages.workspaceRestored, data: workspace(id, id) });
    };
    routeFetch(fetchMock, {
      'GET /api/workspaces': () =>
        jsonResponse(200, { data: archived, meta: { page: 1, limit: 14, total: archived.length } }),
      'PATCH /api/workspaces/w1/status': restore('w1'),
      'PATCH /api/workspaces/w2/status': restore('w2'),
    });
    renderWithData(<WorkspaceListPage archived />, '/workspace/archived');
    await screen.findByText('Back office');
    row('Sales floor').getByRole('button', { name: 'Activate' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Sales floor')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(row('Back office').getByRole('button', { name: 'Activate' })),
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByText(messages.noRecord)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Archived workspaces' })),
    );
    expect(notify.success).toHaveBeenCalledWith(messages.workspaceRestored);
  });

  it('asks before deactivating, and Cancel changes nothing', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/workspaces': () =>
        jsonResponse(200, { data: [workspace('w1', 'Sales floor')], meta: { page: 1, limit: 14, total: 1 } }),
    });
    renderWithData(<WorkspaceListPage archived={false} />, '/workspace/list');
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('dialog', { name: 'Deactivate Sales floor?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calledUrls(fetchMock).filter((url) => url.includes('/status'))).toEqual([]);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('warns that deactivating the workspace in use sends the user back to their own account', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('crm', 'owner', { workspace_id: 'w1', workspace_name: 'Sales floor' }));
    routeFetch(fetchMock, {
      'GET /api/workspaces': () =>
        jsonResponse(200, { data: [workspace('w1', 'Sales floor')], meta: { page: 1, limit: 14, total: 1 } }),
    });
    renderWithData(<WorkspaceListPage archived={false} />, '/workspace/list');
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Sales floor?' });
    expect(dialog.textContent).toContain(messages.confirmWorkspaceDeactivateBody('Sales floor', true));
  });

  it("says 'No Record Found!' when nothing is archived", async () => {
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/workspaces': () => jsonResponse(200, { data: [], meta: { page: 1, limit: 14, total: 0 } }),
    });
    renderWithData(<WorkspaceListPage archived />, '/workspace/archived');
    expect(await screen.findByText(messages.noRecord)).toBeTruthy();
    expect(calledUrls(fetchMock)).toEqual(['/api/workspaces?archived=true&page=1&limit=14']);
  });

  it('pages through 14 at a time', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/workspaces': (_init, url) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return jsonResponse(200, {
          data: [workspace(`w${page}`, `Workspace on page ${page}`)],
          meta: { page, limit: 14, total: 20 },
        });
      },
    });
    renderWithData(<WorkspaceListPage archived={false} />, '/workspace/list');
    await screen.findByText('Workspace on page 1');
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Workspace on page 2')).toBeTruthy();
  });
});
