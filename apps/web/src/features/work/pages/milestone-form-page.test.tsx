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
import { fakeMilestone, fakeProject, ids } from '../../../test/work-fixtures.ts';
import { MilestoneFormPage } from './milestone-form-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

afterEach(() => vi.mocked(notify.success).mockReset());

const renderForm = (path: string) =>
  renderWithData(
    <Routes>
      <Route path="/milestone/create" element={<MilestoneFormPage />} />
      <Route path="/milestone/:id/edit" element={<MilestoneFormPage />} />
      <Route path="/milestone/:id" element={<h1>Milestone list</h1>} />
    </Routes>,
    path,
  );

describe('MilestoneFormPage', () => {
  it('requires name, description, status and due date', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
    });
    renderForm(`/milestone/create?project=${ids.project}`);
    expect(await screen.findByText('In the project Launch')).toBeTruthy();
    const status = (await screen.findByLabelText('Status', { exact: true })) as HTMLSelectElement;
    expect([...status.options].map((option) => option.textContent)).toEqual([
      'Choose a status',
      'Not started',
      'In progress',
      'Completed',
    ]);
    await user.click(screen.getByRole('button', { name: 'Create milestone' }));
    for (const message of [
      messages.nameRequired,
      messages.descriptionRequired,
      messages.statusRequired,
      messages.dueDateRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
  });

  it("creates a milestone in the project, says 'Milestone inserted successfully !!' and goes to its list", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/projects/${ids.project}`]: () => jsonResponse(200, { data: fakeProject() }),
      [`POST /api/projects/${ids.project}/milestones`]: () =>
        jsonResponse(201, { message: messages.milestoneCreated, data: fakeMilestone() }),
    });
    renderForm(`/milestone/create?project=${ids.project}`);
    await user.type(await screen.findByLabelText('Name', { exact: true }), 'Beta');
    await user.type(field('Description'), 'The beta release.');
    await user.selectOptions(field('Status'), 'not_started');
    await user.type(field('Due Date'), '2026-04-30');
    await user.click(screen.getByRole('button', { name: 'Create milestone' }));
    expect(await screen.findByRole('heading', { name: 'Milestone list' })).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(messages.milestoneCreated);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Beta',
      description: 'The beta release.',
      status: 'not_started',
      due_date: '2026-04-30',
    });
  });

  it("edits a milestone and says 'Update done !!!'", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/milestones/${ids.milestone}`]: () => jsonResponse(200, { data: fakeMilestone() }),
      [`PATCH /api/milestones/${ids.milestone}`]: () =>
        jsonResponse(200, { message: messages.updateDone, data: fakeMilestone() }),
    });
    renderForm(`/milestone/${ids.milestone}/edit`);
    expect(screen.getByRole('heading', { name: 'Edit milestone' })).toBeTruthy();
    await waitFor(() => expect(field('Name').value).toBe('Beta'));
    expect(field('Due Date').value).toBe('2026-04-30');
    await user.selectOptions(field('Status'), 'in_progress');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Milestone list' })).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(messages.updateDone);
  });

  it('sends the version it opened (If-Match); a 412 keeps the form and says what they changed', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    const opened = fakeMilestone({ updated_at: '2026-04-01T10:00:00.000Z' });
    const theirs = fakeMilestone({ status: 'completed', updated_at: '2026-04-01T10:01:00.000Z' });
    const ifMatches: string[] = [];
    routeFetch(fetchMock, {
      [`GET /api/milestones/${ids.milestone}`]: readTwice(opened, theirs),
      [`PATCH /api/milestones/${ids.milestone}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return ifMatches.length === 1
          ? jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } })
          : jsonResponse(200, { message: messages.updateDone, data: theirs });
      },
    });
    renderForm(`/milestone/${ids.milestone}/edit`);
    await waitFor(() => expect(field('Name').value).toBe('Beta'));
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Gamma');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    await within(alert).findByText(/They changed: Status\./);
    expect(field('Name').value).toBe('Gamma');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Milestone list' })).toBeTruthy();
    expect(ifMatches).toEqual([`"${opened.updated_at}"`, `"${theirs.updated_at}"`]);
  });
});
