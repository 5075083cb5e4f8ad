import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeSubscription, fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import {
  fakeMember,
  fakeMilestone,
  fakeProject,
  fakeTags,
  fakeTask,
  ids,
  page,
} from '../../../test/work-fixtures.ts';
import { TaskListPage } from './task-list-page.tsx';

const BUSY = 'The server is busy: try again shortly.';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const row = rowWith;

// The signed-in user is u1 (test/fixtures.ts): the worker's own tasks are assigned to u1.
const inMilestone = fakeTask({
  task_id: ids.otherTask,
  name: 'Test the beta',
  milestone_id: ids.milestone,
  milestone_name: 'Beta',
  status: 'overdue',
  stored_status: 'in_progress',
  due_date: '2026-01-10',
});
const inProject = fakeTask();

const renderList = (path: string) =>
  renderWithData(
    <Routes>
      <Route path="/task/:id" element={<TaskListPage variant="project" />} />
      <Route path="/milestone/:id/tasks" element={<TaskListPage variant="milestone" />} />
      <Route path="/tasks/mine" element={<TaskListPage variant="mine" />} />
    </Routes>,
    path,
  );

describe('TaskListPage', () => {
  it('lists a project’s tasks with every column, the Project/Milestone Name rule and Overdue in red', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
      'GET /api/tasks': () => jsonResponse(200, page([inProject, inMilestone])),
      'GET /api/team': () => jsonResponse(200, page([fakeMember()])),
    });
    renderList(`/task/${ids.project}`);
    expect(await screen.findByRole('heading', { name: 'Tasks of Launch' })).toBeTruthy();
    await screen.findByText('Write the docs');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Assigned To',
      'Status',
      'Due Date',
      'Project/Milestone Name',
      'View',
      'Edit',
      'Delete',
    ]);
    expect(row('Write the docs').getByText('Project Name: Launch')).toBeTruthy();
    expect(row('Test the beta').getByText('Milestone Name: Beta')).toBeTruthy();
    expect(row('Write the docs').getByText('Wendy Worker')).toBeTruthy();
    expect(row('Write the docs').getByText('Pending')).toBeTruthy();
    const overdue = row('Test the beta').getByText('Overdue');
    expect(overdue.closest('[data-status]')?.getAttribute('data-status')).toBe('overdue');
    expect(overdue.closest('.mantine-Badge-root')?.getAttribute('style')).toContain('red');
    expect(row('Write the docs').getByRole('link', { name: 'View' }).getAttribute('href')).toBe(
      `/task/view/${ids.task}`,
    );
    expect(row('Write the docs').getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/task/${ids.task}/edit`,
    );
    expect(row('Write the docs').getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '+ New Task' }).getAttribute('href')).toBe(
      `/task/create?project=${ids.project}`,
    );
    expect(calledUrls(fetchMock)).toContain(`/api/tasks?project_id=${ids.project}&page=1&limit=14`);
    // Nobody here changes a status from the list: admin-types edit the task.
    expect(screen.queryByRole('combobox', { name: /Change status/ })).toBeNull();
    // An active project: no archived notice.
    expect(screen.queryByText(messages.projectArchivedNoChanges)).toBeNull();
  });

  it('gives a worker no Edit, Delete or + New Task, but a status control on their own tasks', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    const mine = fakeTask({ assigned_to: 'u1' });
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
      'GET /api/tasks': () => jsonResponse(200, page([mine])),
      [`PATCH /api/tasks/${ids.task}/status`]: () =>
        jsonResponse(200, {
          message: messages.updateDone,
          data: { ...mine, status: 'completed', stored_status: 'completed' },
        }),
    });
    renderList(`/task/${ids.project}`);
    await screen.findByText('Write the docs');
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('link', { name: '+ New Task' })).toBeNull();
    expect(screen.queryByLabelText('Assigned to')).toBeNull();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toContain('Change status');

    const control = row('Write the docs').getByRole('combobox', {
      name: 'Change status of Write the docs',
    }) as HTMLSelectElement;
    expect([...control.options].map((option) => option.textContent)).toEqual([
      'Pending',
      'In progress',
      'Completed',
    ]);
    await user.selectOptions(control, 'completed');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.updateDone));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(String(patch?.[0])).toBe(`/api/tasks/${ids.task}/status`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'completed' });
    // The team list is the admin-types' only: a worker's page never asks for it.
    expect(calledUrls(fetchMock).some((url) => url.startsWith('/api/team'))).toBe(false);
  });

  it("keeps a worker's focus on the status control while the change is saved, and sends no second change meanwhile", async () => {
    // A disabled control lost the focus to the page: a keyboard user changing a status with the
    // arrows was sent back to the top of the page.
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    const mine = fakeTask({ assigned_to: 'u1' });
    let answer!: () => void;
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
      'GET /api/tasks': () => jsonResponse(200, page([mine])),
      [`PATCH /api/tasks/${ids.task}/status`]: () =>
        new Promise<Response>((resolve) => {
          answer = () =>
            resolve(
              jsonResponse(200, {
                message: messages.updateDone,
                data: { ...mine, status: 'in_progress', stored_status: 'in_progress' },
              }),
            );
        }),
    });
    renderList(`/task/${ids.project}`);
    await screen.findByText('Write the docs');
    const control = screen.getByRole('combobox', {
      name: 'Change status of Write the docs',
    }) as HTMLSelectElement;
    control.focus();
    await user.selectOptions(control, 'in_progress');
    await waitFor(() => expect(control.getAttribute('aria-busy')).toBe('true'));
    expect(control.disabled).toBe(false);
    expect(document.activeElement).toBe(control);
    await user.selectOptions(control, 'completed');
    answer();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.updateDone));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(1);
    expect(document.activeElement).toBe(control);
  });

  it('deletes a task after asking', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'admin'));
    let deleted = false;
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
      'GET /api/tasks': () => jsonResponse(200, page(deleted ? [] : [inProject])),
      'GET /api/team': () => jsonResponse(200, page([fakeMember()])),
      [`DELETE /api/tasks/${ids.task}`]: () => {
        deleted = true;
        return jsonResponse(200, { message: messages.taskDeleted });
      },
    });
    renderList(`/task/${ids.project}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Write the docs?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete task' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.taskDeleted));
    expect(await screen.findByText('No tasks yet')).toBeTruthy();
  });

  it('filters by status (overdue included), assignee, due dates and name, in the call to the server', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
      'GET /api/tasks': () => jsonResponse(200, page([inProject])),
      'GET /api/team': () => jsonResponse(200, page([fakeMember()])),
    });
    renderList(`/task/${ids.project}`);
    await screen.findByText('Write the docs');
    const status = screen.getByLabelText('Status', { exact: true }) as HTMLSelectElement;
    expect([...status.options].map((option) => option.textContent)).toEqual([
      'All statuses',
      'Pending',
      'In progress',
      'Completed',
      'Overdue',
    ]);
    await user.selectOptions(status, 'overdue');
    await waitFor(() => expect(screen.getByLabelText('Assigned to')).toBeTruthy());
    await waitFor(() =>
      expect((screen.getByLabelText('Assigned to') as HTMLSelectElement).options.length).toBe(2),
    );
    await user.selectOptions(screen.getByLabelText('Assigned to'), ids.wendy);
    await user.type(screen.getByLabelText('Due before'), '2026-12-31');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'name');
    await user.type(screen.getByLabelText('Search by name'), 'docs');
    await waitFor(() =>
      expect(calledUrls(fetchMock)).toContain(
        `/api/tasks?q=docs&status=overdue&assigned_to=${ids.wendy}&due_before=2026-12-31&sort=name&project_id=${ids.project}&page=1&limit=14`,
      ),
    );
  });

  it("shows each task's tags as badges and filters My tasks by a tag, kept in the address", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    routeFetch(fetchMock, {
      'GET /api/tags': () => jsonResponse(200, page(fakeTags())),
      'GET /api/tasks': () =>
        jsonResponse(200, page([fakeTask({ tags: [{ id: ids.urgent, name: 'Urgent', color: '#e03131' }] })])),
    });
    renderList('/tasks/mine');
    await screen.findByText('Write the docs');
    expect(within(row('Write the docs').getByLabelText('Tags')).getByText('Urgent')).toBeTruthy();
    const tag = screen.getByLabelText('Tag') as HTMLSelectElement;
    await waitFor(() => expect(tag.options.length).toBe(3));
    expect([...tag.options].map((option) => option.textContent)).toEqual(['Any tag', 'Client A', 'Urgent']);
    await user.selectOptions(tag, ids.urgent);
    await waitFor(() =>
      expect(calledUrls(fetchMock)).toContain(`/api/tasks?assigned_to=me&tag=${ids.urgent}&page=1&limit=14`),
    );
    expect((screen.getByLabelText('Tag') as HTMLSelectElement).value).toBe(ids.urgent);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(calledUrls(fetchMock).at(-1)).toBe('/api/tasks?assigned_to=me&page=1&limit=14'),
    );
  });

  it("shows one milestone's tasks, and 'My tasks' asks for assigned_to=me", async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/milestones/${ids.milestone}`]: () => jsonResponse(200, { data: fakeMilestone() }),
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
      'GET /api/tasks': () => jsonResponse(200, page([inMilestone])),
      'GET /api/team': () => jsonResponse(200, page([fakeMember()])),
    });
    const { unmount } = renderList(`/milestone/${ids.milestone}/tasks`);
    expect(await screen.findByRole('heading', { name: 'Tasks of Beta' })).toBeTruthy();
    await screen.findByText('Test the beta');
    expect(calledUrls(fetchMock)).toContain(`/api/tasks?milestone_id=${ids.milestone}&page=1&limit=14`);
    expect((await screen.findByRole('link', { name: '+ New Task' })).getAttribute('href')).toBe(
      `/task/create?project=${ids.project}&milestone=${ids.milestone}`,
    );
    unmount();

    renderList('/tasks/mine');
    expect(screen.getByRole('heading', { name: 'My tasks' })).toBeTruthy();
    await screen.findByText('Test the beta');
    expect(calledUrls(fetchMock)).toContain('/api/tasks?assigned_to=me&page=1&limit=14');
  });

  it("shows an archived project's tasks read-only: the notice, no + New Task, Edit or Delete", async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () =>
        jsonResponse(200, { data: fakeProject({ status: 'archived' }) }),
      'GET /api/tasks': () => jsonResponse(200, page([inProject, inMilestone])),
      'GET /api/team': () => jsonResponse(200, page([fakeMember()])),
    });
    renderList(`/task/${ids.project}`);
    expect(await screen.findByRole('heading', { name: 'Tasks of Launch' })).toBeTruthy();
    await screen.findByText('Write the docs');
    expect(screen.getByText(messages.projectArchivedNoChanges)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the archived projects' }).getAttribute('href')).toBe(
      '/project/archived',
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Assigned To',
      'Status',
      'Due Date',
      'Project/Milestone Name',
      'View',
    ]);
    expect(row('Write the docs').getByRole('link', { name: 'View' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '+ New Task' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("gives a worker no status control on an archived project's tasks", async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () =>
        jsonResponse(200, { data: fakeProject({ status: 'archived' }) }),
      'GET /api/tasks': () => jsonResponse(200, page([fakeTask({ assigned_to: 'u1' })])),
    });
    renderList(`/task/${ids.project}`);
    await screen.findByText('Write the docs');
    expect(screen.getByText(messages.projectArchivedNoChanges)).toBeTruthy();
    // Only who may archive projects is shown the way to restore it.
    expect(screen.queryByRole('link', { name: 'Go to the archived projects' })).toBeNull();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).not.toContain('Change status');
  });

  it("shows an archived project's milestone tasks read-only, its project loaded for its status", async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/milestones/${ids.milestone}`]: () => jsonResponse(200, { data: fakeMilestone() }),
      [`GET /api/projects/${ids.project}`]: () =>
        jsonResponse(200, { data: fakeProject({ status: 'archived' }) }),
      'GET /api/tasks': () => jsonResponse(200, page([inMilestone])),
      'GET /api/team': () => jsonResponse(200, page([fakeMember()])),
    });
    renderList(`/milestone/${ids.milestone}/tasks`);
    await screen.findByText('Test the beta');
    expect(await screen.findByText(messages.projectArchivedNoChanges)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '+ New Task' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says so when nothing is assigned to a worker', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    routeFetch(fetchMock, { 'GET /api/tasks': () => jsonResponse(200, page([])) });
    renderList('/tasks/mine');
    expect(screen.getByText(messages.loading)).toBeTruthy();
    expect(await screen.findByText('No tasks assigned to you')).toBeTruthy();
  });

  it('shows the error with a way to try again', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    routeFetch(fetchMock, {
      'GET /api/tasks': () => jsonResponse(503, { error: { code: 'INTERNAL', message: BUSY } }),
    });
    renderList('/tasks/mine');
    expect(await screen.findByText(BUSY)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("says the API's Not found. for another workspace's project, with no 'Try again'", async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () =>
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: messages.notFound } }),
    });
    renderList(`/task/${ids.project}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This project could not be loaded')).toBeTruthy();
    expect(within(alert).getByText(messages.notFound)).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    // No way on into a project that is not there: only the way back.
    expect(screen.queryByRole('link', { name: 'Milestones' })).toBeNull();
    expect(screen.queryByRole('link', { name: '+ New Task' })).toBeNull();
  });

  it('says "Not found." for an address whose id cannot name a project (/task/list), without asking the API', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {});
    renderList('/task/list');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This project could not be loaded')).toBeTruthy();
    expect(within(alert).getByText(messages.notFound)).toBeTruthy();
    // Asking again would find nothing more.
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(calledUrls(fetchMock)).toEqual([]);
  });
});

describe('TaskListPage: read-only account and CSV export', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives a read-only worker no status control nor + New Task, and exports My tasks with assigned_to=me', async () => {
    const user = userEvent.setup();
    const session = fakeWorkspaceAuthSession('workspace', 'worker');
    signIn({
      ...session,
      user: { ...session.user, subscription: fakeSubscription({ access: 'read_only', days_left: 0 }) },
    });
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:tasks');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    routeFetch(fetchMock, {
      'GET /api/tasks': () => jsonResponse(200, page([fakeTask({ assigned_to: 'u1' })])),
      // No content-disposition: the file is named after today.
      'GET /api/tasks/export': () => new Response('Name\r\n', { status: 200 }),
    });
    renderList('/tasks/mine?status=overdue');
    await screen.findByText('Write the docs');
    expect(screen.queryByRole('link', { name: '+ New Task' })).toBeNull();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).not.toContain('Change status');

    await user.click(screen.getByRole('button', { name: messages.exportCsv }));
    await waitFor(() => expect(saved).toEqual([`tasks-${new Date().toISOString().slice(0, 10)}.csv`]));
    expect(calledUrls(fetchMock)).toContain('/api/tasks/export?status=overdue&assigned_to=me');
  });
});
