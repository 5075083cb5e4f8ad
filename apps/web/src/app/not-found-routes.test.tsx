import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../lib/query-client.ts';
import { clearSession, signIn } from '../lib/session.ts';
import { mockFetchPerTest } from '../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../test/fixtures.ts';
import { renderPage } from '../test/render.tsx';
import { routeFetch } from '../test/route-fetch.ts';
import { wholeApp } from '../test/whole-app.tsx';

const fetchMock = mockFetchPerTest();
afterEach(() => queryClient.clear());
const SLOW = { timeout: 8_000 };
const emptyList = () => jsonResponse(200, { data: [], meta: { page: 1, limit: 100, total: 0 } });

describe('a path that names no page', { timeout: 15_000 }, () => {
  it('signed in: the shell says so, names the path and leads back to the workspaces', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, { 'GET /api/workspaces': emptyList });
    renderPage(wholeApp, '/projects/lsit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, SLOW)).toBeTruthy();
    expect(screen.getByText('/projects/lsit')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your workspaces' }).getAttribute('href')).toBe('/workspace');
    // In the shell: its navigation is there to go on from.
    expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeTruthy();
    expect(document.title).toContain('Page not found');
  });

  it('signed out: it asks to sign in first (what the path holds is behind sign-in)', async () => {
    clearSession('none'); // a visitor: the restore found no session
    renderPage(wholeApp, '/projects/lsit');
    expect(await screen.findByRole('button', { name: /^Sign in$/ }, SLOW)).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
  });
});
