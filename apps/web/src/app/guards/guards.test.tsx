import { act, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, signIn } from '../../lib/session.ts';
import { resetSessionForTests, setSignedOut } from '../../lib/session-store.ts';
import { LOGOUT_KEY } from '../../lib/tab-sync.ts';
import { fakeAuthSession } from '../../test/fixtures.ts';
import { renderPage } from '../../test/render.tsx';
import { AppRoot } from '../app-root.tsx';
import { GuestOnly } from './guest-only.tsx';
import { RequireAuth } from './require-auth.tsx';

const Where = ({ name }: { name: string }) => {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '';
  return (
    <h1>
      {name} {from}
    </h1>
  );
};

const app = (
  <AppRoot>
    <Routes>
      <Route element={<GuestOnly />}>
        <Route path="/auth/user/login" element={<Where name="login" />} />
      </Route>
      <Route path="/signin" element={<Where name="signed out" />} />
      <Route path="/" element={<Where name="home" />} />
      <Route element={<RequireAuth requirePlan />}>
        <Route path="/workspace" element={<Where name="workspace" />} />
        <Route
          path="/dashboard_admin"
          element={
            <RequireAuth anyOf={['admin']}>
              <Where name="admin" />
            </RequireAuth>
          }
        />
      </Route>
      <Route path="/subscription_type" element={<Where name="plans" />} />
    </Routes>
  </AppRoot>
);

beforeEach(() => resetSessionForTests());
afterEach(() => clearSession('none'));

describe('route guards', () => {
  it('shows the loader while the session is restored', () => {
    renderPage(app, '/workspace');
    expect(screen.getByText('Loading')).toBeTruthy();
  });

  it('sends a visitor to /auth/user/login, remembering the page', () => {
    setSignedOut('none');
    renderPage(app, '/workspace?tab=1');
    expect(screen.getByRole('heading').textContent).toBe('login /workspace?tab=1');
  });

  it('shows the page to a signed-in user and sends them away from the sign-in screen', () => {
    signIn(fakeAuthSession());
    renderPage(app, '/workspace');
    expect(screen.getByRole('heading').textContent).toContain('workspace');
    resetSessionForTests();
    signIn(fakeAuthSession());
    renderPage(app, '/auth/user/login');
    expect(screen.getAllByRole('heading').some((h) => h.textContent?.startsWith('workspace'))).toBe(true);
  });

  it('sends an account holder without a plan to /subscription_type', () => {
    signIn(fakeAuthSession({}, { plan_chosen: false }));
    renderPage(app, '/workspace');
    expect(screen.getByRole('heading').textContent).toContain('plans');
  });

  it('sends a user lacking the condition to the sign-in screen (which sends them home)', () => {
    signIn(fakeAuthSession());
    renderPage(app, '/dashboard_admin');
    expect(screen.getByRole('heading').textContent).toContain('workspace');
  });

  it('moves a signed-in tab to /signin when another tab logs out', () => {
    signIn(fakeAuthSession());
    renderPage(app, '/workspace');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LOGOUT_KEY, newValue: String(Date.now()) }));
    });
    expect(screen.getByRole('heading').textContent).toContain('signed out');
  });
});
