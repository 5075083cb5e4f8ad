import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { ifMatchOf, readTwice, routeFetch } from '../../../test/route-fetch.ts';
import { tagsInput } from '../../../test/tag-select.ts';
import {
  fakeMember,
  fakeMilestone,
  fakeProject,
  fakeTags,
  fakeTask,
  ids,
  page,
} from '../../../test/work-fixtures.ts';
import { TaskFormPage } from './task-form-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const optionTexts = (label: string) =>
  [...(field(label) as unknown as HTMLSelectElement).options].map((option) => option.textContent);

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const members = [
  fakeMember({
    user_id: ids.owner,
    first_name: 'Olive',
    last_name: 'Owner',
    email: 'olive@example.com',
    role: 'owner',
  }),
  fakeMember(),
  fakeMember({ user_id: ids.gone, first_name: 'Gus', last_name: 'Gone', status: 'inactive' }),
  // Guests and customers cannot open a task: never offered one.
  fakeMember({ user_id: ids.guest, first_name: 'Gail', last_name: 'Guest', role: 'guest' }),
  fakeMember({ user_id: ids.customer, first_name: 'Cal', last_name: 'Customer', role: 'customer' }),
];

const answerLookups = () => ({
  'GET /api/team': () => jsonResponse(200, page(members)),
  'GET /api/tags': () => jsonResponse(200, page(fakeTags())),
  [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
  [`GET /api/projects/${ids.project}/milestones`]: () => jsonResponse(200, page([fakeMilestone()])),
});

const renderForm = (path: string) =>
  renderWithData(
    <Routes>
      <Route path="/task/create" element={<TaskFormPage />} />
      <Route path="/task/:id/edit" element={<TaskFormPage />} />
      <Route path="/task/:id" element={<h1>Project tasks</h1>} />
      <Route path="/milestone/:id/tasks" element={<h1>Milestone tasks</h1>} />
    </Routes>,
    path,
  );

describe('TaskFormPage', () => {
  it('says every required field of spec section 5, and offers the active members by first and last name', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, answerLookups());
    renderForm(`/task/create?project=${ids.project}`);

    expect(screen.getByRole('heading', { name: 'New task' })).toBeTruthy();
    await screen.findByLabelText('Select a worker');
    expect(optionTexts('Select a worker')).toEqual(['Choose a worker', 'Olive Owner', 'Wendy Worker']);
    expect(optionTexts('Status')).toEqual(['Choose a status', 'Pending', 'In progress', 'Completed']);
    expect(optionTexts('Priority')).toEqual(['Choose a priority', 'Low', 'Medium', 'High']);
    expect(optionTexts('Milestone')).toEqual(['No milestone', 'Beta']);
    expect(field('Due Date').type).toBe('date');

    await user.click(screen.getByRole('button', { name: 'Create task' }));
    for (const message of [
      messages.nameRequired,
      messages.descriptionRequired,
      messages.assignedToRequired,
      messages.statusRequired,
      messages.dueDateRequired,
      messages.priorityRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(messages.assignedToRequired).toBe('Assigned To is required');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it.each([
    ['opened from a project', `/task/create?project=${ids.project}`, []],
    ['opened outside a project', '/task/create', ['Project']],
  ])('shows every invalid field at once on submit (%s)', async (_, path, more) => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      ...answerLookups(),
      'GET /api/projects': () => jsonResponse(200, page([fakeProject()])),
    });
    renderForm(path);
    await screen.findByLabelText('Select a worker');
    // A blank name and a valid description: the five other fields are still empty.
    await user.type(field('Name'), '   ');
    await user.type(field('Description'), 'All of them.');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await screen.findByText(messages.nameRequired);
    // The same render shows the rest: no message waits for another to be fixed.
    for (const message of [
      messages.assignedToRequired,
      messages.statusRequired,
      messages.dueDateRequired,
      messages.priorityRequired,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    const invalid = ['Name', 'Select a worker', 'Status', 'Due Date', 'Priority', ...more];
    for (const label of invalid) expect(field(label).getAttribute('aria-invalid'), label).toBe('true');
    expect(field('Description').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByText(messages.descriptionRequired)).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('says nothing of the empty fields a keyboard tabs through, and shows them all on submit', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, answerLookups());
    renderForm(`/task/create?project=${ids.project}`);
    await user.click(await screen.findByLabelText('Name', { exact: true }));
    for (let i = 0; i < 6; i++) await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(messages.nameRequired)).toBeNull();
    expect(screen.queryByText(messages.descriptionRequired)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText(messages.nameRequired)).toBeTruthy();
    expect(screen.getByText(messages.descriptionRequired)).toBeTruthy();
  });

  it("creates the task in the milestone it was opened for, says 'Task inserted successfully !!' and goes back to that list", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      ...answerLookups(),
      'POST /api/tasks': () =>
        jsonResponse(201, {
          message: messages.taskCreated,
          data: fakeTask({ milestone_id: ids.milestone, milestone_name: 'Beta' }),
        }),
    });
    renderForm(`/task/create?project=${ids.project}&milestone=${ids.milestone}`);
    await screen.findByLabelText('Select a worker');
    expect((field('Milestone') as unknown as HTMLSelectElement).value).toBe(ids.milestone);

    await user.type(field('Name'), 'Write the docs');
    await user.type(field('Description'), 'All of them.');
    await user.selectOptions(field('Select a worker'), ids.wendy);
    await user.selectOptions(field('Status'), 'in_progress');
    await user.type(field('Due Date'), '2026-05-01');
    await user.selectOptions(field('Priority'), 'high');
    // The side card says who the task goes to.
    const card = within(screen.getByRole('region', { name: 'Assigned to' }));
    expect(card.getByText('Wendy Worker')).toBeTruthy();
    expect(card.getByText('wendy@example.com')).toBeTruthy();
    expect(card.getByText('Worker')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByRole('heading', { name: 'Milestone tasks' })).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(messages.taskCreated);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Write the docs',
      description: 'All of them.',
      assigned_to: ids.wendy,
      status: 'in_progress',
      due_date: '2026-05-01',
      priority: 'high',
      project_id: ids.project,
      milestone_id: ids.milestone,
      tag_ids: [],
    });
  });

  it("edits a task: the form starts with its values, sends no project, says 'Update done !!!'", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'admin'));
    routeFetch(fetchMock, {
      ...answerLookups(),
      [`GET /api/tasks/${ids.task}`]: () =>
        jsonResponse(200, {
          data: fakeTask({
            status: 'overdue',
            stored_status: 'in_progress',
            tags: [{ id: ids.urgent, name: 'Urgent', color: '#e03131' }],
          }),
        }),
      [`PATCH /api/tasks/${ids.task}`]: () =>
        jsonResponse(200, { message: messages.updateDone, data: fakeTask() }),
    });
    renderForm(`/task/${ids.task}/edit`);
    expect(screen.getByRole('heading', { name: 'Edit task' })).toBeTruthy();
    await waitFor(() => expect(field('Name').value).toBe('Write the docs'));
    expect(field('Select a worker').value).toBe(ids.wendy);
    expect(field('Status').value).toBe('in_progress');
    expect(field('Due Date').value).toBe('2026-05-01');
    expect(field('Priority').value).toBe('medium');
    expect(field('Milestone').value).toBe('');
    expect(
      within(screen.getByRole('region', { name: 'Assigned to' })).getByText('wendy@example.com'),
    ).toBeTruthy();

    await user.selectOptions(field('Milestone'), ids.milestone);
    // It carries Urgent; Client A is added.
    await user.click(await tagsInput());
    await user.click(await screen.findByRole('option', { name: 'Client A', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Project tasks' })).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(messages.updateDone);
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    const body = JSON.parse(String(patch?.[1]?.body));
    expect(body).not.toHaveProperty('project_id');
    expect(body).toMatchObject({
      milestone_id: ids.milestone,
      status: 'in_progress',
      tag_ids: [ids.urgent, ids.client],
    });
  });

  it('says when someone saved the task meanwhile (412): nothing lost, save again over theirs, or load theirs', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'admin'));
    const opened = fakeTask({ stored_status: 'in_progress', updated_at: '2026-04-01T10:00:00.000Z' });
    const theirs = fakeTask({
      stored_status: 'completed',
      priority: 'high',
      updated_at: '2026-04-01T10:05:00.123Z',
    });
    const ifMatches: string[] = [];
    routeFetch(fetchMock, {
      ...answerLookups(),
      [`GET /api/tasks/${ids.task}`]: readTwice(opened, theirs),
      [`PATCH /api/tasks/${ids.task}`]: (init) => {
        const ifMatch = ifMatchOf(init);
        ifMatches.push(ifMatch);
        return ifMatch === `"${theirs.updated_at}"`
          ? jsonResponse(200, { message: messages.updateDone, data: theirs })
          : jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
      },
    });
    renderForm(`/task/${ids.task}/edit`);
    await waitFor(() => expect(field('Name').value).toBe('Write the docs'));
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Someone else saved this task while you were editing it')).toBeTruthy();
    await within(alert).findByText(/They changed: Status, Priority\. Your changes are not saved yet\./);
    expect(ifMatches).toEqual([`"${opened.updated_at}"`]);
    expect(field('Name').value).toBe('Mine');
    expect(notify.error).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Project tasks' })).toBeNull();

    // Load theirs: their values, the alert gone, what was typed dropped.
    await user.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field('Name').value).toBe('Write the docs');
    expect(field('Status').value).toBe('completed');
    expect(field('Priority').value).toBe('high');

    // Saved against their version now: applied.
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Project tasks' })).toBeTruthy();
    expect(ifMatches).toEqual([`"${opened.updated_at}"`, `"${theirs.updated_at}"`]);
  });

  it('saves over theirs when Save is pressed again after a conflict (the version read after it)', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'admin'));
    const opened = fakeTask({ updated_at: '2026-04-01T10:00:00.000Z' });
    const theirs = fakeTask({ updated_at: '2026-04-01T10:05:00.000Z' });
    const sent: { ifMatch: string; name: string }[] = [];
    routeFetch(fetchMock, {
      ...answerLookups(),
      [`GET /api/tasks/${ids.task}`]: readTwice(opened, theirs),
      [`PATCH /api/tasks/${ids.task}`]: (init) => {
        const ifMatch = ifMatchOf(init);
        sent.push({ ifMatch, name: JSON.parse(String(init?.body)).name });
        return sent.length === 1
          ? jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } })
          : jsonResponse(200, { message: messages.updateDone, data: theirs });
      },
    });
    renderForm(`/task/${ids.task}/edit`);
    await waitFor(() => expect(field('Name').value).toBe('Write the docs'));
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // Their version read and nothing of it differs from what the form opened with but the version.
    await screen.findByText(/^Your changes are not saved yet\. Save again/);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Project tasks' })).toBeTruthy();
    expect(sent).toEqual([
      { ifMatch: `"${opened.updated_at}"`, name: 'Mine' },
      { ifMatch: `"${theirs.updated_at}"`, name: 'Mine' },
    ]);
  });

  it("keeps a task's assignee who has left the team as a choice, named from the task, and says so", async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'admin'));
    routeFetch(fetchMock, {
      ...answerLookups(),
      [`GET /api/tasks/${ids.task}`]: () =>
        jsonResponse(200, {
          data: fakeTask({ assigned_to: ids.removed, first_name: 'Rex', last_name: 'Removed' }),
        }),
    });
    renderForm(`/task/${ids.task}/edit`);
    await waitFor(() => expect(field('Select a worker').value).toBe(ids.removed));
    expect(optionTexts('Select a worker')).toEqual([
      'Choose a worker',
      'Olive Owner',
      'Wendy Worker',
      'Rex Removed (no longer in this workspace)',
    ]);
    const card = screen.getByRole('region', { name: 'Assigned to' });
    expect(within(card).getByText('Rex Removed')).toBeTruthy();
    expect(within(card).getByText('no longer in this workspace')).toBeTruthy();
    expect(within(card).queryByText(/Nobody yet/)).toBeNull();
  });

  it('offers every member of a team bigger than one page of the API', async () => {
    const many = Array.from({ length: 102 }, (_, i) =>
      fakeMember({
        user_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        first_name: 'Bulk',
        last_name: String(i + 1).padStart(3, '0'),
      }),
    );
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      ...answerLookups(),
      'GET /api/team': (_init, url) => {
        const n = Number(new URL(url, 'http://x').searchParams.get('page'));
        return jsonResponse(200, {
          data: many.slice((n - 1) * 100, n * 100),
          meta: { page: n, limit: 100, total: many.length },
        });
      },
    });
    renderForm(`/task/create?project=${ids.project}`);
    await waitFor(() => expect(optionTexts('Select a worker')).toHaveLength(103));
    expect(optionTexts('Select a worker').slice(-2)).toEqual(['Bulk 101', 'Bulk 102']);
  });

  it("puts the server's field messages under the fields and toasts its message", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      ...answerLookups(),
      'POST /api/tasks': () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: messages.validationFailed,
            fields: { assigned_to: messages.assigneeNotMember },
          },
        }),
    });
    renderForm(`/task/create?project=${ids.project}`);
    await screen.findByLabelText('Select a worker');
    await user.type(field('Name'), 'Write the docs');
    await user.type(field('Description'), 'All of them.');
    await user.selectOptions(field('Select a worker'), ids.wendy);
    await user.selectOptions(field('Status'), 'pending');
    await user.type(field('Due Date'), '2026-05-01');
    await user.selectOptions(field('Priority'), 'low');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText(messages.assigneeNotMember)).toBeTruthy();
    expect(notify.error).toHaveBeenCalledWith(messages.validationFailed);
  });
});
