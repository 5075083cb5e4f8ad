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
import { rowWith } from '../../../test/table.ts';
import { fakeMilestone, fakeProject, ids, page } from '../../../test/work-fixtures.ts';
import { MilestoneListPage } from './milestone-list-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const row = rowWith;

const renderList = () =>
  renderWithData(
    <Routes>
      <Route path="/milestone/:id" element={<MilestoneListPage />} />
    </Routes>,
    `/milestone/${ids.project}`,
  );

describe('MilestoneListPage', () => {
  it("lists a project's milestones under its name; the owner gets + New Milestone, Edit and Delete", async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
      [`GET /api/projects/${ids.project}/milestones`]: () =>
        jsonResponse(200, page([fakeMilestone({ status: 'completed' })])),
    });
    renderList();
    expect(await screen.findByRole('heading', { name: 'Milestones of Launch' })).toBeTruthy();
    await screen.findByText('Beta');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Created By',
      'Status',
      'Due Date',
      'Tasks done',
      'View',
      'Edit',
      'Delete',
    ]);
    expect(row('Beta').getByText('Olive Owner')).toBeTruthy();
    // Its progress: 1 of its 3 tasks completed.
    expect(row('Beta').getByText('1 of 3')).toBeTruthy();
    expect(
      row('Beta').getByRole('progressbar', { name: 'Tasks done of Beta' }).getAttribute('aria-valuenow'),
    ).toBe('33');
    expect(row('Beta').getByText('Completed')).toBeTruthy();
    expect(row('Beta').getByRole('link', { name: 'View tasks' }).getAttribute('href')).toBe(
      `/milestone/${ids.milestone}/tasks`,
    );
    expect(row('Beta').getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/milestone/${ids.milestone}/edit`,
    );
    expect(screen.getByRole('link', { name: '+ New Milestone' }).getAttribute('href')).toBe(
      `/milestone/create?project=${ids.project}`,
    );
    expect(calledUrls(fetchMock)).toContain(`/api/projects/${ids.project}/milestones?page=1&limit=14`);
    // An active project: no archived notice.
    expect(screen.queryByText(messages.projectArchivedNoChanges)).toBeNull();
  });

  it('shows the milestones of an archived project read-only: the notice and its way to restore, no + New Milestone, Edit or Delete', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () =>
        jsonResponse(200, { data: fakeProject({ status: 'archived' }) }),
      [`GET /api/projects/${ids.project}/milestones`]: () => jsonResponse(200, page([fakeMilestone()])),
    });
    renderList();
    expect(await screen.findByRole('heading', { name: 'Milestones of Launch' })).toBeTruthy();
    await screen.findByText('Beta');
    const notice = within(screen.getByRole('alert'));
    expect(notice.getByText('Archived')).toBeTruthy();
    expect(notice.getByText(messages.projectArchivedNoChanges, { exact: false })).toBeTruthy();
    expect(notice.getByRole('link', { name: 'Go to the archived projects' }).getAttribute('href')).toBe(
      '/project/archived',
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Created By',
      'Status',
      'Due Date',
      'Tasks done',
      'View',
    ]);
    expect(row('Beta').getByRole('link', { name: 'View tasks' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '+ New Milestone' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('offers no + New Milestone in the empty list of an archived project', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () =>
        jsonResponse(200, { data: fakeProject({ status: 'archived' }) }),
      [`GET /api/projects/${ids.project}/milestones`]: () => jsonResponse(200, page([])),
    });
    renderList();
    expect(await screen.findByText('No milestones yet')).toBeTruthy();
    expect(screen.getByText(messages.projectArchivedNoChanges, { exact: false })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '+ New Milestone' })).toBeNull();
  });

  it('asks before deleting, saying the tasks move to the project, then deletes', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    let deleted = false;
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
      [`GET /api/projects/${ids.project}/milestones`]: () =>
        jsonResponse(200, page(deleted ? [] : [fakeMilestone()])),
      [`DELETE /api/milestones/${ids.milestone}`]: () => {
        deleted = true;
        return jsonResponse(200, { message: messages.milestoneDeleted, data: { tasks_moved: 3 } });
      },
    });
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Beta?' }));
    expect(
      dialog.getByText('Its tasks are not deleted: they move to the project Launch, without a milestone.'),
    ).toBeTruthy();
    expect(dialog.getByText('3 tasks will move.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Delete milestone' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.milestoneDeleted));
    expect(messages.milestoneDeleted).toBe('Milestone deleted. Its tasks moved to the project.');
    expect(await screen.findByText('No milestones yet')).toBeTruthy();
  });

  it('gives a workspace admin the list without + New Milestone, Edit or Delete (owner only)', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'admin'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
      [`GET /api/projects/${ids.project}/milestones`]: () => jsonResponse(200, page([fakeMilestone()])),
    });
    renderList();
    await screen.findByText('Beta');
    expect(screen.queryByRole('link', { name: '+ New Milestone' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says when the project is not there', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () =>
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: messages.notFound } }),
    });
    renderList();
    expect(await screen.findByText('This project could not be loaded')).toBeTruthy();
    expect(screen.getByText(messages.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to projects' }).getAttribute('href')).toBe('/project/list');
    // No way on into a project that is not there: only the way back.
    expect(screen.queryByRole('link', { name: 'Project tasks' })).toBeNull();
    expect(screen.queryByRole('link', { name: '+ New Milestone' })).toBeNull();
  });
});
