import { messages } from '@workhub/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calledUrls, mockFetchPerTest } from '../test/fetch-mock.ts';
import { fakeAuthSession, fakeWorkspaceAuthSession, jsonResponse } from '../test/fixtures.ts';
import { apiRequest } from './api-client.ts';
import { getLostWorkspace, setLostWorkspace } from './lost-workspace.ts';
import { STALE_REFRESH_GAP_MS, signIn } from './session.ts';
import { getSession } from './session-store.ts';

const fetchMock = mockFetchPerTest();

const staleAnswer = () =>
  new Response(JSON.stringify({ data: [] }), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Session-Stale': '1' },
  });

afterEach(() => {
  vi.useRealTimers();
  setLostWorkspace(null);
});

describe("an answer saying the session's workspace claims are stale (X-Session-Stale)", () => {
  it('refreshes the session once per token: the new role reaches the page; more stale answers soon after ask no more', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T10:00:00Z'));
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    const promoted = fakeWorkspaceAuthSession('workspace', 'admin');
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/auth/refresh' ? jsonResponse(200, { data: promoted }) : staleAnswer(),
    );
    await apiRequest('/api/tasks');
    await vi.waitFor(() => {
      const session = getSession();
      expect(session.status === 'signed_in' && session.user.role).toBe('admin');
    });
    await apiRequest('/api/tasks');
    await apiRequest('/api/team');
    expect(calledUrls(fetchMock).filter((url) => url === '/api/auth/refresh')).toHaveLength(1);

    // The new token found stale too (another change since): one more refresh, once the gap is over.
    vi.setSystemTime(Date.now() + STALE_REFRESH_GAP_MS + 1);
    await apiRequest('/api/tasks');
    await apiRequest('/api/tasks');
    await vi.waitFor(() =>
      expect(calledUrls(fetchMock).filter((url) => url === '/api/auth/refresh')).toHaveLength(2),
    );
  });

  it('does nothing for an answer without it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T10:00:00Z'));
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [] }));
    await apiRequest('/api/tasks');
    await Promise.resolve();
    expect(calledUrls(fetchMock)).toEqual(['/api/tasks']);
  });

  it("remembers the workspace a refusal put the session out of, with the refusal's words, until one is entered", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-03T10:00:00Z'));
    signIn(fakeWorkspaceAuthSession('workspace', 'member', { workspace_name: 'Acme Works' }));
    const home = fakeAuthSession(
      { role: 'member', accounts: 0 },
      { role: 'member', accounts: 0, workspace: null },
    );
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/auth/refresh'
        ? jsonResponse(200, { data: home })
        : new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: messages.notAMember } }), {
            status: 403,
            headers: { 'Content-Type': 'application/json', 'X-Session-Stale': '1' },
          }),
    );
    await expect(apiRequest('/api/projects')).rejects.toMatchObject({ status: 403 });
    await vi.waitFor(() =>
      expect(getLostWorkspace()).toEqual({ name: 'Acme Works', reason: messages.notAMember }),
    );
    // Kept for the tab's life (a reload at once still says it), until a workspace is entered.
    expect(JSON.parse(sessionStorage.getItem('workhub.lost-workspace') ?? 'null')).toEqual({
      name: 'Acme Works',
      reason: messages.notAMember,
    });
    signIn(fakeWorkspaceAuthSession('crm', 'member'));
    expect(getLostWorkspace()).toBeNull();
    expect(sessionStorage.getItem('workhub.lost-workspace')).toBeNull();
  });

  it("remembers why from the answer's reason when no refusal said it (a read of the person's own)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-05T10:00:00Z'));
    signIn(fakeWorkspaceAuthSession('workspace', 'member', { workspace_name: 'Acme Works' }));
    const home = fakeAuthSession(
      { role: 'member', accounts: 0 },
      { role: 'member', accounts: 0, workspace: null },
    );
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/auth/refresh'
        ? jsonResponse(200, { data: home })
        : new Response(JSON.stringify({ data: [] }), {
            status: 200,
            headers: { 'Content-Type': 'application/json', 'X-Session-Stale': 'archived' },
          }),
    );
    await apiRequest('/api/me/workspaces');
    await vi.waitFor(() =>
      expect(getLostWorkspace()).toEqual({ name: 'Acme Works', reason: messages.workspaceArchivedLost }),
    );
  });

  it('remembers nothing when the refreshed session keeps its workspace (a new role)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T10:00:00Z'));
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    const promoted = fakeWorkspaceAuthSession('workspace', 'admin');
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/auth/refresh' ? jsonResponse(200, { data: promoted }) : staleAnswer(),
    );
    await apiRequest('/api/tasks');
    await vi.waitFor(() => expect(calledUrls(fetchMock)).toContain('/api/auth/refresh'));
    await Promise.resolve();
    expect(getLostWorkspace()).toBeNull();
  });
});
