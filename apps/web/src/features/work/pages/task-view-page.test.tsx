import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { fakeMember, fakeProject, fakeTask, ids, page } from '../../../test/work-fixtures.ts';
import { TaskViewPage } from './task-view-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const details = () => within(screen.getByRole('region', { name: 'Details' }));

const renderView = () =>
  renderWithData(
    <Routes>
      <Route path="/task/view/:id" element={<TaskViewPage />} />
      <Route path="/task/:id" element={<h1>Project tasks</h1>} />
      <Route path="/milestone/:id/tasks" element={<h1>Milestone tasks</h1>} />
    </Routes>,
    `/task/view/${ids.task}`,
  );

describe('TaskViewPage', () => {
  it('shows every field, Overdue, the links to the project and milestone, Edit and Delete for an admin-type', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
      [`GET /api/tasks/${ids.task}`]: () =>
        jsonResponse(200, {
          data: fakeTask({
            status: 'overdue',
            stored_status: 'in_progress',
            priority: 'high',
            milestone_id: ids.milestone,
            milestone_name: 'Beta',
          }),
        }),
      [`DELETE /api/tasks/${ids.task}`]: () => jsonResponse(200, { message: messages.taskDeleted }),
      'GET /api/team': () => jsonResponse(200, page([fakeMember()])),
    });
    renderView();
    expect(await screen.findByRole('heading', { name: 'Write the docs' })).toBeTruthy();
    expect(screen.getByText('All of them.')).toBeTruthy();
    expect(details().getByText('Overdue')).toBeTruthy();
    expect(details().getByText('High')).toBeTruthy();
    expect(details().getByText('1 May 2026')).toBeTruthy();
    expect(details().getByText('Wendy Worker')).toBeTruthy();
    expect(details().getByRole('link', { name: 'Launch' }).getAttribute('href')).toBe(`/task/${ids.project}`);
    expect(details().getByRole('link', { name: 'Beta' }).getAttribute('href')).toBe(
      `/milestone/${ids.milestone}/tasks`,
    );
    expect((await screen.findByRole('link', { name: 'Edit' })).getAttribute('href')).toBe(
      `/task/${ids.task}/edit`,
    );
    expect((screen.getByLabelText('Change status') as HTMLSelectElement).value).toBe('in_progress');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Write the docs?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete task' }));
    expect(await screen.findByRole('heading', { name: 'Milestone tasks' })).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(messages.taskDeleted);
  });

  it('marks an assignee who is no longer on the team, for who may hand the task on', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
      [`GET /api/tasks/${ids.task}`]: () =>
        jsonResponse(200, {
          data: fakeTask({ assigned_to: ids.removed, first_name: 'Rex', last_name: 'Removed' }),
        }),
      'GET /api/team': () => jsonResponse(200, page([fakeMember()])),
    });
    renderView();
    expect(await screen.findByRole('heading', { name: 'Write the docs' })).toBeTruthy();
    expect(await details().findByTestId('former-assignee')).toBeTruthy();
    expect(details().getByText(/Rex Removed/).textContent).toContain('no longer in this workspace');
  });

  it('gives the assigned worker the status control only', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
      [`GET /api/tasks/${ids.task}`]: () => jsonResponse(200, { data: fakeTask({ assigned_to: 'u1' }) }),
      [`PATCH /api/tasks/${ids.task}/status`]: () =>
        jsonResponse(200, { message: messages.updateDone, data: fakeTask({ stored_status: 'completed' }) }),
    });
    renderView();
    await screen.findByRole('heading', { name: 'Write the docs' });
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.selectOptions(await screen.findByLabelText('Change status'), 'completed');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.updateDone));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'completed' });
  });

  it("shows no status control on a colleague's task", async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'member'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
      [`GET /api/tasks/${ids.task}`]: () => jsonResponse(200, { data: fakeTask({ assigned_to: ids.wendy }) }),
    });
    renderView();
    await screen.findByRole('heading', { name: 'Write the docs' });
    await waitFor(() => expect(calledUrls(fetchMock)).toContain(`/api/projects/${ids.project}`));
    expect(screen.queryByLabelText('Change status')).toBeNull();
  });

  it('shows a task of an archived project read-only, with the notice and no Edit, Delete or status control', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () =>
        jsonResponse(200, { data: fakeProject({ status: 'archived' }) }),
      [`GET /api/tasks/${ids.task}`]: () => jsonResponse(200, { data: fakeTask() }),
    });
    renderView();
    await screen.findByRole('heading', { name: 'Write the docs' });
    expect(await screen.findByText(messages.projectArchivedNoChanges)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the archived projects' }).getAttribute('href')).toBe(
      '/project/archived',
    );
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByLabelText('Change status')).toBeNull();
  });

  it('gives the assigned worker of an archived project the notice without the way to restore it, and no status control', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () =>
        jsonResponse(200, { data: fakeProject({ status: 'archived' }) }),
      [`GET /api/tasks/${ids.task}`]: () => jsonResponse(200, { data: fakeTask({ assigned_to: 'u1' }) }),
    });
    renderView();
    expect(await screen.findByText(messages.projectArchivedNoChanges)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to the archived projects' })).toBeNull();
    expect(screen.queryByLabelText('Change status')).toBeNull();
  });
});
