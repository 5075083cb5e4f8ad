import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../lib/session.ts';
import { mockFetchPerTest } from '../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../test/fixtures.ts';
import { renderWithData } from '../../test/render.tsx';
import { Sidebar } from './sidebar.tsx';

const fetchMock = mockFetchPerTest();

describe('sidebar', () => {
  it('has no Notifications switch: it did nothing, so it is gone', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [] }));
    const session = signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    renderWithData(<Sidebar session={session} onNavigate={() => {}} />, '/dashboard_mrp');
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByText('Notifications')).toBeNull();
  });

  it('gives the current workspace a title with its whole name, which the sidebar cuts short', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [] }));
    const long = 'Supercalifragilisticexpialidocious'.repeat(3);
    const session = signIn(fakeWorkspaceAuthSession('mrp', 'owner', { workspace_name: long }));
    renderWithData(<Sidebar session={session} onNavigate={() => {}} />, '/dashboard_mrp');
    const name = await screen.findByTestId('current-workspace-name');
    expect(name.textContent).toBe(long);
    expect(name.getAttribute('title')).toBe(long);
    expect(screen.getByRole('link', { name: 'Switch workspace' })).toBeTruthy();
  });
});
