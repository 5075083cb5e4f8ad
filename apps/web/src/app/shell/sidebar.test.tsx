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
});
