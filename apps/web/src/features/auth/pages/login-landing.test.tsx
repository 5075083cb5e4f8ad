import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { landingPath } from '@workhub/shared/landing';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../api/get-providers.ts', () => ({ getProviders: vi.fn(() => Promise.resolve({ data: [] })) }));

const fetchMock = mockFetchPerTest();

describe('signing in reopens the last workspace', () => {
  it('lands on the dashboard of the workspace the API reopened', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { message: 'Welcome !!', data: fakeWorkspaceAuthSession('crm', 'worker') }),
    );
    renderPage(
      <Routes>
        <Route path="/auth/login" element={<LoginPage />} />
        <Route path="/workspace" element={<h1>Workspace page</h1>} />
        <Route path="/dashboard_crm" element={<h1>CRM dashboard</h1>} />
      </Routes>,
      '/auth/login',
    );
    await user.type(screen.getByLabelText('Email', { exact: true }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'CRM dashboard' })).toBeTruthy();
  });

  it('lands on the picker without a workspace, and on each template its own dashboard', () => {
    expect(landingPath(null)).toBe('/workspace');
    expect(landingPath({ template: 'barber' })).toBe('/dashboard_barber');
    expect(landingPath({ template: 'workspace' })).toBe('/dashboard');
  });
});
