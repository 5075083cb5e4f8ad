import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { captureDownloads } from '../../../test/downloads.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeSubscription, fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { fakeProject, fakeTags, ids, page } from '../../../test/work-fixtures.ts';
import { ProjectListPage } from './project-list-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const row = rowWith;

const listCalls = () => calledUrls(fetchMock).filter((url) => url.startsWith('/api/projects?'));

describe('ProjectListPage', () => {
  it('lists the projects with Created By, status labels, the Milestone and Task links, Edit and Deactivate', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/projects': () =>
        jsonResponse(
          200,
          page([
            fakeProject(),
            fakeProject({ project_id: ids.otherProject, name: 'Cleanup', status: 'on_hold', due_date: null }),
          ]),
        ),
    });
    renderWithData(<ProjectListPage archived={false} />, '/project/list');
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeTruthy();
    expect(screen.getByText(messages.loading)).toBeTruthy();
    await screen.findByText('Launch');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Created By',
      'Status',
      'Due Date',
      'Milestone',
      'Task',
      'Edit',
      'Archive',
    ]);
    expect(row('Launch').getByText('Olive Owner')).toBeTruthy();
    expect(row('Launch').getByText('In progress')).toBeTruthy();
    expect(row('Launch').getByText('30 Jun 2026')).toBeTruthy();
    // In progress and due in the past: marked, as an overdue task is.
    expect(row('Launch').getByText('Overdue')).toBeTruthy();
    expect(row('Cleanup').getByText('On hold')).toBeTruthy();
    expect(row('Cleanup').queryByText('Overdue')).toBeNull();
    expect(row('Launch').getByRole('link', { name: 'View milestones' }).getAttribute('href')).toBe(
      `/milestone/${ids.project}`,
    );
    expect(row('Launch').getByRole('link', { name: 'View tasks' }).getAttribute('href')).toBe(
      `/task/${ids.project}`,
    );
    expect(row('Launch').getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/project/${ids.project}/edit`,
    );
    expect(screen.getByRole('link', { name: '+ New Project' }).getAttribute('href')).toBe('/project/create');
    expect(listCalls()).toEqual(['/api/projects?archived=false&page=1&limit=14']);
  });

  it("shows each project's tags as badges and filters the list by a tag from the address", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'member'));
    routeFetch(fetchMock, {
      'GET /api/tags': () => jsonResponse(200, page(fakeTags())),
      'GET /api/projects': () =>
        jsonResponse(
          200,
          page([
            fakeProject({
              tags: [
                { id: ids.client, name: 'Client A', color: '#1e90ff' },
                { id: ids.urgent, name: 'Urgent', color: '#e03131' },
              ],
            }),
          ]),
        ),
    });
    renderWithData(<ProjectListPage archived={false} />, `/project/list?tag=${ids.client}`);
    await screen.findByText('Launch');
    const badges = within(row('Launch').getByLabelText('Tags'));
    expect(badges.getByText('Client A')).toBeTruthy();
    expect(badges.getByText('Urgent')).toBeTruthy();
    expect(listCalls()).toEqual([`/api/projects?archived=false&tag=${ids.client}&page=1&limit=14`]);
    const tag = screen.getByLabelText('Tag') as HTMLSelectElement;
    await waitFor(() => expect(tag.value).toBe(ids.client));
    await user.selectOptions(tag, ids.urgent);
    await waitFor(() =>
      expect(listCalls()).toContain(`/api/projects?archived=false&tag=${ids.urgent}&page=1&limit=14`),
    );
    await user.selectOptions(screen.getByLabelText('Tag'), '');
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/projects?archived=false&page=1&limit=14'));
  });

  it("Deactivate sends status 'archived' to the status endpoint, says 'Project Archived!' and refetches", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'admin'));
    let archived = false;
    routeFetch(fetchMock, {
      'GET /api/projects': () => jsonResponse(200, page(archived ? [] : [fakeProject()])),
      [`PATCH /api/projects/${ids.project}/status`]: () => {
        archived = true;
        return jsonResponse(200, {
          message: messages.projectArchived,
          data: fakeProject({ status: 'archived' }),
        });
      },
    });
    renderWithData(<ProjectListPage archived={false} />, '/project/list');
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const name = fakeProject().name;
    const dialog = await screen.findByRole('dialog', { name: messages.confirmProjectDeactivate(name) });
    expect(dialog.textContent).toContain(messages.confirmProjectDeactivateBody(name));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate project' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.projectArchived));
    expect(await screen.findByText('No projects yet')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(String(patch?.[0])).toBe(`/api/projects/${ids.project}/status`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'archived' });
    expect(listCalls()).toHaveLength(2);
  });

  it('Cancel in the Deactivate dialog leaves the project active', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'admin'));
    routeFetch(fetchMock, { 'GET /api/projects': () => jsonResponse(200, page([fakeProject()])) });
    renderWithData(<ProjectListPage archived={false} />, '/project/list');
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    expect(listCalls()).toHaveLength(1);
  });

  it("lists only archived projects; Activate sends 'in_progress' and says 'Project restored'", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/projects': () => jsonResponse(200, page([fakeProject({ status: 'archived' })])),
      [`PATCH /api/projects/${ids.project}/status`]: () =>
        jsonResponse(200, { message: messages.projectRestored, data: fakeProject() }),
    });
    renderWithData(<ProjectListPage archived />, '/project/archived');
    expect(screen.getByRole('heading', { name: 'Archived projects' })).toBeTruthy();
    await screen.findByText('Launch');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Created By',
      'Due Date',
      'Activate',
    ]);
    expect(listCalls()).toEqual(['/api/projects?archived=true&page=1&limit=14']);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.projectRestored));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'in_progress' });
  });

  it('shows a worker the projects without + New Project, Edit or Deactivate', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    routeFetch(fetchMock, { 'GET /api/projects': () => jsonResponse(200, page([fakeProject()])) });
    renderWithData(<ProjectListPage archived={false} />, '/project/list');
    await screen.findByText('Launch');
    expect(screen.queryByRole('link', { name: '+ New Project' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(row('Launch').getByRole('link', { name: 'View tasks' })).toBeTruthy();
  });

  it('filters and sorts on the server, and offers to clear filters that match nothing', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/projects': (_init, url) =>
        jsonResponse(200, page(url.includes('status=') ? [] : [fakeProject()])),
    });
    renderWithData(<ProjectListPage archived={false} />, '/project/list');
    await screen.findByText('Launch');
    const status = screen.getByLabelText('Status', { exact: true }) as HTMLSelectElement;
    expect([...status.options].map((option) => option.textContent)).toEqual([
      'All statuses',
      'Not started',
      'In progress',
      'On hold',
      'Complete',
      'Cancelled',
    ]);
    await user.selectOptions(screen.getByLabelText('Sort by'), '-due_date');
    await user.type(screen.getByLabelText('Due after'), '2026-01-01');
    await user.selectOptions(status, 'complete');
    expect(await screen.findByText(messages.noRecord)).toBeTruthy();
    expect(listCalls()).toContain(
      '/api/projects?archived=false&status=complete&due_after=2026-01-01&sort=-due_date&page=1&limit=14',
    );
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    expect(await screen.findByText('Launch')).toBeTruthy();
  });
});

describe('ProjectListPage: read-only account and CSV export', () => {
  const readOnlyOwner = () => {
    const session = fakeWorkspaceAuthSession('workspace', 'owner');
    return {
      ...session,
      user: { ...session.user, subscription: fakeSubscription({ access: 'read_only', days_left: 0 }) },
    };
  };
  const csv = (extra: Record<string, string> = {}) =>
    new Response('Name\r\nLaunch\r\n', {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="projects-2026-11-22.csv"',
        ...extra,
      },
    });
  const saved = captureDownloads();

  it('hides + New Project, Edit and Archive from a read-only account, and still offers Export CSV', async () => {
    signIn(readOnlyOwner());
    routeFetch(fetchMock, { 'GET /api/projects': () => jsonResponse(200, page([fakeProject()])) });
    renderWithData(<ProjectListPage archived={false} />, '/project/list');
    await screen.findByText('Launch');
    expect(screen.queryByRole('link', { name: '+ New Project' })).toBeNull();
    expect(row('Launch').queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Created By',
      'Status',
      'Due Date',
      'Milestone',
      'Task',
    ]);
    expect(screen.getByRole('button', { name: messages.exportCsv })).toBeTruthy();
  });

  it('hides + New Project from a read-only account with no projects yet', async () => {
    signIn(readOnlyOwner());
    routeFetch(fetchMock, { 'GET /api/projects': () => jsonResponse(200, page([])) });
    renderWithData(<ProjectListPage archived={false} />, '/project/list');
    await screen.findByText('No projects yet');
    expect(screen.queryByRole('link', { name: '+ New Project' })).toBeNull();
  });

  it('downloads the export with the filters of the address, under the name the API gives', async () => {
    const user = userEvent.setup();
    signIn(readOnlyOwner());
    routeFetch(fetchMock, {
      'GET /api/projects': () => jsonResponse(200, page([fakeProject()])),
      'GET /api/projects/export': () => csv(),
    });
    renderWithData(<ProjectListPage archived={false} />, '/project/list?status=on_hold&q=Lau&sort=-name');
    await screen.findByText('Launch');
    await user.click(screen.getByRole('button', { name: messages.exportCsv }));
    await waitFor(() => expect(saved).toEqual(['projects-2026-11-22.csv blob:csv']));
    const exportCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/projects/export'));
    expect(String(exportCall?.[0])).toBe(
      '/api/projects/export?archived=false&q=Lau&status=on_hold&sort=-name',
    );
    const headers = exportCall?.[1]?.headers as Record<string, string> | undefined;
    expect(headers?.Authorization).toMatch(/^Bearer /);
    expect(notify.error).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('says in a toast when the file stopped at the export row limit', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/projects': () => jsonResponse(200, page([fakeProject()])),
      'GET /api/projects/export': () => csv({ 'x-export-truncated': '10000' }),
    });
    renderWithData(<ProjectListPage archived={false} />, '/project/list');
    await screen.findByText('Launch');
    await user.click(screen.getByRole('button', { name: messages.exportCsv }));
    await waitFor(() => expect(saved).toEqual(['projects-2026-11-22.csv blob:csv']));
    expect(notify.success).toHaveBeenCalledWith(messages.exportTruncated(10_000));
    expect(messages.exportTruncated(10_000)).toContain('first 10,000 rows');
  });

  it('says so in a toast when the export fails', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/projects': () => jsonResponse(200, page([fakeProject()])),
      'GET /api/projects/export': () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: messages.forbidden } }),
    });
    renderWithData(<ProjectListPage archived={false} />, '/project/list');
    await screen.findByText('Launch');
    await user.click(screen.getByRole('button', { name: messages.exportCsv }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(messages.forbidden));
    expect(saved).toEqual([]);
  });
});
