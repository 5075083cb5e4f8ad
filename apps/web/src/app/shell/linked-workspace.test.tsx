import { screen, waitFor } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../lib/session.ts';
import { getSession } from '../../lib/session-store.ts';
import { mockFetchPerTest } from '../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../test/fixtures.ts';
import { renderWithData } from '../../test/render.tsx';
import { routeFetch } from '../../test/route-fetch.ts';
import { LinkedWorkspace } from './linked-workspace.tsx';

const fetchMock = mockFetchPerTest();
const HERE = '11111111-1111-4111-8111-111111111111';
const THERE = '22222222-2222-4222-8222-222222222222';
const TASK = '33333333-3333-4333-8333-333333333333';

const Where = () => {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
};

const renderAt = (path: string) =>
  renderWithData(
    <Routes>
      <Route
        path="/task/view/:id"
        element={
          <>
            <Where />
            <LinkedWorkspace>
              <h1>The task</h1>
            </LinkedWorkspace>
          </>
        }
      />
    </Routes>,
    path,
  );

const currentWorkspace = () => {
  const session = getSession();
  return session.status === 'signed_in' ? session.user.workspace?.workspace_id : undefined;
};

describe('LinkedWorkspace', () => {
  it("switches to the link's workspace before the page reads, then drops the parameter", async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'worker', { workspace_id: HERE }));
    const asked: unknown[] = [];
    routeFetch(fetchMock, {
      'POST /api/auth/workspace-session': (init) => {
        asked.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, {
          data: fakeWorkspaceAuthSession('workspace', 'worker', { workspace_id: THERE }),
        });
      },
    });
    renderAt(`/task/view/${TASK}?workspace=${THERE}`);
    expect(screen.queryByRole('heading', { name: 'The task' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'The task' })).toBeTruthy();
    expect(asked).toEqual([{ workspace_id: THERE }]);
    expect(currentWorkspace()).toBe(THERE);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/task/view/${TASK}`));
  });

  it('asks nothing when the session already acts in it, or when the parameter is no id', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'worker', { workspace_id: HERE }));
    routeFetch(fetchMock, {});
    renderAt(`/task/view/${TASK}?workspace=${HERE}`);
    expect(screen.getByRole('heading', { name: 'The task' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/task/view/${TASK}`));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('drops a parameter that is no id without asking', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'worker', { workspace_id: HERE }));
    routeFetch(fetchMock, {});
    renderAt(`/task/view/${TASK}?workspace=%00nope`);
    expect(screen.getByRole('heading', { name: 'The task' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/task/view/${TASK}`));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says why when the switch is refused (not a member, access inactive), and offers the workspaces', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'worker', { workspace_id: HERE }));
    routeFetch(fetchMock, {
      'POST /api/auth/workspace-session': () =>
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: messages.notFound } }),
    });
    const view = renderAt(`/task/view/${TASK}?workspace=${THERE}`);
    expect(await screen.findByText(/This link is for a workspace you are not a member of/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your workspaces' }).getAttribute('href')).toBe('/workspace');
    expect(screen.queryByRole('heading', { name: 'The task' })).toBeNull();
    expect(currentWorkspace()).toBe(HERE);
    view.unmount();

    routeFetch(fetchMock, {
      'POST /api/auth/workspace-session': () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: messages.memberInactive } }),
    });
    renderAt(`/task/view/${TASK}?workspace=${THERE}`);
    expect(await screen.findByText(messages.memberInactive)).toBeTruthy();
  });
});
