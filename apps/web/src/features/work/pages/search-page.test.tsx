import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { fakeProject, fakeTask, ids, page } from '../../../test/work-fixtures.ts';
import { SearchPage } from './search-page.tsx';

const fetchMock = mockFetchPerTest();

const calls = () => calledUrls(fetchMock);

describe('SearchPage', () => {
  it('finds the projects and tasks whose name contains the search, linking each to its page', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/projects': () =>
        jsonResponse(200, page([fakeProject({ name: 'Docs site', tasks_count: 1, status: 'on_hold' })], 7)),
      'GET /api/tasks': () =>
        jsonResponse(
          200,
          page([
            fakeTask(),
            fakeTask({
              task_id: ids.otherTask,
              name: 'Docs review',
              milestone_id: ids.milestone,
              milestone_name: 'Beta',
              status: 'overdue',
            }),
          ]),
        ),
    });
    renderWithData(<SearchPage />, '/search?q=%20docs%20');

    expect(screen.getByRole('heading', { name: 'Search' })).toBeTruthy();
    const project = await screen.findByRole('link', { name: 'Docs site' });
    expect(project.getAttribute('href')).toBe(`/task/${ids.project}`);
    const projects = within(screen.getByRole('region', { name: 'Projects' }));
    expect(projects.getByText('1 task')).toBeTruthy();
    expect(projects.getByText('On hold')).toBeTruthy();
    // Seven match and one is shown: the rest are in the project list, searched the same way.
    expect(
      projects.getByRole('link', { name: 'See all 7 projects in the project list' }).getAttribute('href'),
    ).toBe('/project/list?q=docs');

    await screen.findByRole('link', { name: 'Write the docs' });
    expect(rowWith('Write the docs').getByRole('link', { name: 'Write the docs' }).getAttribute('href')).toBe(
      `/task/view/${ids.task}`,
    );
    expect(rowWith('Write the docs').getByText('Project Name: Launch')).toBeTruthy();
    expect(rowWith('Docs review').getByText('Milestone Name: Beta')).toBeTruthy();
    expect(rowWith('Docs review').getByText('Overdue')).toBeTruthy();
    // The search is trimmed; projects the first five by name, tasks a page at a time by name.
    expect(calls()).toEqual([
      '/api/projects?archived=false&q=docs&sort=name&page=1&limit=5',
      '/api/tasks?q=docs&sort=name&page=1&limit=14',
    ]);
  });

  it('pages through the tasks found, and links to the project list only when it holds more', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'member'));
    routeFetch(fetchMock, {
      'GET /api/projects': () => jsonResponse(200, page([fakeProject()])),
      'GET /api/tasks': (_init, url) =>
        jsonResponse(
          200,
          url.includes('page=2')
            ? {
                data: [fakeTask({ task_id: ids.otherTask, name: 'Launch party' })],
                meta: { page: 2, limit: 14, total: 15 },
              }
            : { data: [fakeTask({ name: 'Launch checklist' })], meta: { page: 1, limit: 14, total: 15 } },
        ),
    });
    renderWithData(<SearchPage />, '/search?q=launch');

    await screen.findByRole('link', { name: 'Launch' });
    expect(screen.queryByRole('link', { name: /See all/ })).toBeNull();
    await screen.findByRole('link', { name: 'Launch checklist' });
    await user.click(screen.getByRole('button', { name: '2' }));
    await screen.findByRole('link', { name: 'Launch party' });
    expect(calls().filter((url) => url.startsWith('/api/tasks'))).toEqual([
      '/api/tasks?q=launch&sort=name&page=1&limit=14',
      '/api/tasks?q=launch&sort=name&page=2&limit=14',
    ]);
  });

  it('says when nothing matches, and asks nothing of the API without a search', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    routeFetch(fetchMock, {
      'GET /api/projects': () => jsonResponse(200, page([])),
      'GET /api/tasks': () => jsonResponse(200, page([])),
    });
    const { unmount } = renderWithData(<SearchPage />, '/search?q=zebra');
    expect(await screen.findByText('No active project’s name contains “zebra”.')).toBeTruthy();
    expect(await screen.findByText('No task you can see has “zebra” in its name.')).toBeTruthy();
    unmount();

    fetchMock.mockClear();
    renderWithData(<SearchPage />, '/search?q=%20%20');
    expect(screen.getByText('Search this workspace')).toBeTruthy();
    expect(calls()).toEqual([]);
  });

  it('searches again from its own box (the only one on a phone); a blank search stays', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/projects': () => jsonResponse(200, page([])),
      'GET /api/tasks': (_init, url) =>
        jsonResponse(200, page(url.includes('q=beta') ? [fakeTask({ name: 'Beta notes' })] : [])),
    });
    renderWithData(<SearchPage />, '/search?q=alpha');
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search by name' });
    expect(box.value).toBe('alpha');
    await screen.findByText('No task you can see has “alpha” in its name.');

    await user.clear(box);
    await user.type(box, '  {Enter}');
    expect(
      screen.getByText('Projects and tasks of this workspace whose name contains “alpha”.'),
    ).toBeTruthy();

    await user.clear(box);
    await user.type(box, 'beta{Enter}');
    await screen.findByRole('link', { name: 'Beta notes' });
    expect(screen.getByText('Projects and tasks of this workspace whose name contains “beta”.')).toBeTruthy();
    expect(calls().filter((url) => url.startsWith('/api/tasks'))).toEqual([
      '/api/tasks?q=alpha&sort=name&page=1&limit=14',
      '/api/tasks?q=beta&sort=name&page=1&limit=14',
    ]);
  });

  it("shows the API's refusal of a search it cannot take, in each part", async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    const refusal = () =>
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'q: Must not contain control characters (such as a NUL byte).',
        },
      });
    routeFetch(fetchMock, { 'GET /api/projects': refusal, 'GET /api/tasks': refusal });
    renderWithData(<SearchPage />, '/search?q=a%00b');
    expect(await screen.findByText('The projects could not be searched')).toBeTruthy();
    expect(await screen.findByText('The tasks could not be searched')).toBeTruthy();
    expect(screen.getAllByText(/Must not contain control characters/)).toHaveLength(2);
  });
});
