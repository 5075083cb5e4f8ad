import { screen } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client.ts';
import { signIn } from '../lib/session.ts';
import { mockFetchPerTest } from '../test/fetch-mock.ts';
import { fakeSubscription, fakeWorkspaceAuthSession, jsonResponse } from '../test/fixtures.ts';
import { renderPage } from '../test/render.tsx';
import { routeFetch } from '../test/route-fetch.ts';
import { wholeApp } from '../test/whole-app.tsx';

vi.mock('../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
afterEach(() => queryClient.clear());

const app = wholeApp;
const SLOW = { timeout: 8_000 };
const emptyList = () => jsonResponse(200, { data: [], meta: { page: 1, limit: 100, total: 0 } });

/** The owner of a workspace whose account is read-only (`access`), or not. */
const owner = (access: 'full' | 'read_only') => {
  const base = fakeWorkspaceAuthSession('workspace', 'owner');
  return { ...base, user: { ...base.user, subscription: fakeSubscription({ access, days_left: 0 }) } };
};

describe('form pages of a read-only account', { timeout: 15_000 }, () => {
  for (const path of ['/project/create', '/task/create', '/milestone/create', '/workspace/create']) {
    it(`${path} says the account is read-only instead of showing a form`, async () => {
      signIn(owner('read_only'));
      routeFetch(fetchMock, {
        'GET /api/tags': emptyList,
        'GET /api/projects': emptyList,
        'GET /api/team': emptyList,
      });
      renderPage(app, path);
      expect(await screen.findByText('This account is read-only', {}, SLOW)).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
      expect(screen.getAllByText(messages.readOnlyAccount).length).toBeGreaterThan(0);
    });
  }

  it('shows the form while the account has full access', async () => {
    signIn(owner('full'));
    routeFetch(fetchMock, {
      'GET /api/tags': emptyList,
      'GET /api/projects': emptyList,
      'GET /api/team': emptyList,
    });
    renderPage(app, '/project/create');
    expect(await screen.findByRole('button', { name: 'Create project' }, SLOW)).toBeTruthy();
    expect(screen.queryByText('This account is read-only')).toBeNull();
  });
});
