import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client.ts';
import { signIn } from '../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../test/fetch-mock.ts';
import { fakeAuthSession, fakeWorkspaceAuthSession, jsonResponse } from '../test/fixtures.ts';
import { renderPage } from '../test/render.tsx';
import { routeFetch } from '../test/route-fetch.ts';
import { wholeApp } from '../test/whole-app.tsx';

vi.mock('../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
afterEach(() => queryClient.clear());

const app = wholeApp;

const staff = () =>
  fakeAuthSession(
    { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
    { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
  );

/** Lazy pages load their chunk first; under load that takes more than the default second. */
const SLOW = { timeout: 8_000 };

const adminCalls = () => calledUrls(fetchMock).filter((url) => url.startsWith('/api/admin/'));

const answerAll = () =>
  routeFetch(fetchMock, {
    'GET /api/admin/plans': () => jsonResponse(200, { data: [] }),
    'GET /api/plans': () => jsonResponse(200, { data: [], meta: { page: 1, limit: 100, total: 0 } }),
  });

describe('plan administration routes', { timeout: 15_000 }, () => {
  it('gives platform staff the plan list on /subscription_type, inside the shell', async () => {
    signIn(staff());
    answerAll();
    renderPage(app, '/subscription_type');
    expect(await screen.findByRole('heading', { name: 'Plans' }, SLOW)).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Plans' })).toBeTruthy();
    await waitFor(() => expect(adminCalls()).toContain('/api/admin/plans?limit=100'));
  });

  it('keeps the pick-a-plan page for an account holder on /subscription_type', async () => {
    signIn(fakeAuthSession());
    answerAll();
    renderPage(app, '/subscription_type');
    expect(await screen.findByRole('heading', { name: 'Choose your plan' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add plan' })).toBeNull();
    expect(adminCalls()).toEqual([]);
  });

  it.each(['/subscription/2', '/subscription/new'])('refuses %s to an account holder', async (path) => {
    signIn(fakeAuthSession());
    answerAll();
    renderPage(app, path);
    expect(await screen.findByText('You cannot open this page', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /plan/i })).toBeNull();
    expect(adminCalls()).toEqual([]);
  });

  it('refuses the plan editor to a workspace admin', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'admin'));
    answerAll();
    renderPage(app, '/subscription/2');
    expect(await screen.findByText('You cannot open this page', {}, SLOW)).toBeTruthy();
    expect(adminCalls()).toEqual([]);
  });

  it('opens the plan editor for platform staff', async () => {
    signIn(staff());
    answerAll();
    renderPage(app, '/subscription/new');
    expect(await screen.findByRole('heading', { name: 'New plan' }, SLOW)).toBeTruthy();
  });
});

describe('account routes', { timeout: 15_000 }, () => {
  it("shows /settings with the user's own links, Billing for an owner", async () => {
    signIn(fakeAuthSession());
    answerAll();
    renderPage(app, '/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' }, SLOW)).toBeTruthy();
    expect(screen.getByTestId('settings-email').textContent).toBe('ada@example.com');
    expect(screen.getByRole('link', { name: 'Edit my profile' }).getAttribute('href')).toBe('/general');
    expect(screen.getByRole('link', { name: 'Password and sessions' }).getAttribute('href')).toBe(
      '/user/security',
    );
    expect(screen.getByRole('link', { name: 'Plan and invoices' }).getAttribute('href')).toBe(
      '/user/billing',
    );
  });

  it('leaves Billing out of /settings for a workspace member', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'member'));
    answerAll();
    renderPage(app, '/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Plan and invoices' })).toBeNull();
  });
});
