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
import { fakeProject, fakeTags, ids, page } from '../../../test/work-fixtures.ts';
import { ProjectFormPage } from './project-form-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const renderForm = (path: string) =>
  renderWithData(
    <Routes>
      <Route path="/project/create" element={<ProjectFormPage />} />
      <Route path="/project/:id/edit" element={<ProjectFormPage />} />
      <Route path="/project/list" element={<h1>Project list</h1>} />
    </Routes>,
    path,
  );

describe('ProjectFormPage', () => {
  it('shows the spec messages and offers the statuses a form may set', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    renderForm('/project/create');
    expect(screen.getByRole('heading', { name: 'New project' })).toBeTruthy();
    const status = field('Status') as unknown as HTMLSelectElement;
    expect([...status.options].map((option) => option.textContent)).toEqual([
      'Choose a status',
      'Not started',
      'In progress',
      'On hold',
      'Complete',
      'Cancelled',
    ]);
    expect(field('Due Date').type).toBe('date');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText(messages.nameRequired)).toBeTruthy();
    expect(screen.getByText(messages.descriptionRequired)).toBeTruthy();
    expect(screen.getByText('Due Date is required')).toBeTruthy();
    expect(screen.getByText('Status is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("creates a project, says 'Project created' and goes to the project list", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'admin'));
    routeFetch(fetchMock, {
      'GET /api/tags': () => jsonResponse(200, page(fakeTags())),
      'POST /api/projects': () =>
        jsonResponse(201, { message: messages.projectCreated, data: fakeProject() }),
    });
    renderForm('/project/create');
    await user.type(field('Name'), 'Launch');
    await user.type(field('Description'), 'Ship the product.');
    await user.type(field('Due Date'), '2026-06-30');
    await user.selectOptions(field('Status'), 'not_started');
    await user.click(await tagsInput());
    await user.click(await screen.findByRole('option', { name: 'Urgent', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByRole('heading', { name: 'Project list' })).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith('Project created');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Launch',
      description: 'Ship the product.',
      due_date: '2026-06-30',
      status: 'not_started',
      tag_ids: [ids.urgent],
    });
  });

  it("edits a project, says 'Update done !!!'; an error toasts the server's message", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    let fail = true;
    routeFetch(fetchMock, {
      'GET /api/tags': () => jsonResponse(200, page(fakeTags())),
      [`GET /api/projects/${ids.project}`]: () =>
        jsonResponse(200, {
          data: fakeProject({ tags: [{ id: ids.urgent, name: 'Urgent', color: '#e03131' }] }),
        }),
      [`PATCH /api/projects/${ids.project}`]: () => {
        if (fail) {
          fail = false;
          return jsonResponse(409, {
            error: { code: 'CONFLICT', message: messages.projectArchivedNoChanges },
          });
        }
        return jsonResponse(200, { message: messages.updateDone, data: fakeProject() });
      },
    });
    renderForm(`/project/${ids.project}/edit`);
    await waitFor(() => expect(field('Name').value).toBe('Launch'));
    expect(field('Due Date').value).toBe('2026-06-30');
    expect(field('Status').value).toBe('in_progress');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(messages.projectArchivedNoChanges));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Project list' })).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(messages.updateDone);
    // The project's tags were kept: the edit sends the set it started with.
    const patch = fetchMock.mock.calls.findLast(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body)).tag_ids).toEqual([ids.urgent]);
  });

  it('sends the version it opened (If-Match); a 412 says who changed what, and Load their version takes it', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    const opened = fakeProject({ updated_at: '2026-04-01T10:00:00.000Z' });
    const theirs = fakeProject({ name: 'Launch v2', updated_at: '2026-04-01T10:01:00.000Z' });
    const ifMatches: string[] = [];
    routeFetch(fetchMock, {
      'GET /api/tags': () => jsonResponse(200, page(fakeTags())),
      [`GET /api/projects/${ids.project}`]: readTwice(opened, theirs),
      [`PATCH /api/projects/${ids.project}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
      },
    });
    renderForm(`/project/${ids.project}/edit`);
    await waitFor(() => expect(field('Name').value).toBe('Launch'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    await within(alert).findByText(/They changed: Name\./);
    expect(ifMatches).toEqual([`"${opened.updated_at}"`]);
    expect(notify.error).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect(field('Name').value).toBe('Launch v2');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not offer to edit an archived project', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () =>
        jsonResponse(200, { data: fakeProject({ status: 'archived' }) }),
    });
    renderForm(`/project/${ids.project}/edit`);
    expect(await screen.findByText(messages.projectArchivedNoChanges)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
