import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { getSession } from '../../../lib/session-store.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));
// The provider buttons have their own test (provider-buttons.test.tsx); here both stay off.
vi.mock('../api/get-providers.ts', () => ({
  getProviders: vi.fn(() =>
    Promise.resolve({
      data: [
        { id: 'github', label: 'GitHub', enabled: false },
        { id: 'oidc', label: 'Google', enabled: false },
      ],
    }),
  ),
}));

const fetchMock = mockFetchPerTest();

const renderLogin = () =>
  renderPage(
    <Routes>
      <Route path="/auth/login" element={<LoginPage />} />
      <Route path="/workspace" element={<h1>Workspace page</h1>} />
      <Route path="/auth/verify/:email" element={<h1>Verify page</h1>} />
    </Routes>,
    '/auth/login',
  );

const emailInput = () => screen.getByLabelText('Email', { exact: true });
const passwordInput = () => screen.getByLabelText('Password', { exact: true });

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

describe('LoginPage', () => {
  it('shows the labelled fields, links and buttons of the spec', () => {
    renderLogin();
    expect(document.title).toBe('Sign in');
    expect(emailInput()).toBeTruthy();
    expect(passwordInput()).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/auth/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create new account' }).getAttribute('href')).toBe(
      '/auth/register',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    for (const name of ['Continue with GitHub', 'Continue with Google']) {
      expect(screen.getByRole('button', { name }).getAttribute('aria-disabled')).toBe('true');
    }
  });

  it.each([
    ['failed', messages.providerFailed],
    ['email_unverified', messages.providerEmailUnverified],
    ['inactive', messages.loginInactive],
  ])('shows why a provider sign-in failed (?sso_error=%s) as an alert and a toast', async (code, message) => {
    renderPage(
      <Routes>
        <Route path="/auth/login" element={<LoginPage />} />
      </Routes>,
      `/auth/login?sso_error=${code}`,
    );
    expect(screen.getByRole('alert').textContent).toBe(message);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(message));
  });

  it('shows no provider alert without sso_error', () => {
    renderLogin();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("shows a typed field's message once it is left, and every message on submit", async () => {
    const user = userEvent.setup();
    renderLogin();

    // Tabbing through the empty e-mail field says nothing yet.
    await user.click(emailInput());
    await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(messages.emailRequired)).toBeNull();

    await user.type(emailInput(), 'not-an-email');
    await user.tab();
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
    expect(screen.queryByText(messages.emailRequired)).toBeNull();
    expect(screen.queryByText(messages.passwordRequired)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.passwordRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message in an error toast when the sign-in fails", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Invalid email or password.' } }),
    );
    renderLogin();
    await user.type(emailInput(), 'ada@example.com');
    await user.type(passwordInput(), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Invalid email or password.'));
    expect(getSession().status).not.toBe('signed_in');
    // Said on the form too, where it stays until the next try (the toast goes after a few seconds).
    expect(screen.getByRole('alert').textContent).toBe('Invalid email or password.');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: fakeAuthSession() }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Workspace page' })).toBeTruthy();
  });

  it('a refusal with no field to name stays on the form until the next try clears it', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(429, {
        error: { code: 'RATE_LIMITED', message: 'Too many attempts. Try again in 60 seconds.' },
      }),
    );
    renderLogin();
    await user.type(emailInput(), 'ada@example.com');
    await user.type(passwordInput(), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Try again in 60 seconds.',
    );
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    answer(jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Invalid email or password.' } }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
  });

  it("signs in, says 'Welcome !!', keeps the e-mail when asked to, and goes to /workspace", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { message: 'Welcome !!', data: fakeAuthSession() }));
    renderLogin();
    await user.type(emailInput(), 'Ada@Example.com');
    await user.type(passwordInput(), 'secret1');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Workspace page' })).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(messages.loginWelcome);
    expect(getSession().status).toBe('signed_in');
    expect(localStorage.getItem('remember_email')).toBe('ada@example.com');
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toEqual({ email: 'ada@example.com', password: 'secret1' });
  });

  it('resends the code of the attempt this browser made, then opens the verify screen', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem(
      'signup_attempt',
      JSON.stringify({ email: 'ada@example.com', attempt_id: '11111111-2222-4333-8444-555555555555' }),
    );
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(403, { error: { code: 'EMAIL_NOT_VERIFIED', message: messages.loginNotVerified } }),
      )
      .mockResolvedValueOnce(
        jsonResponse(200, {
          message: messages.codeSent,
          data: {
            email: 'ada@example.com',
            resend_available_at: new Date(Date.now() + 60_000).toISOString(),
          },
        }),
      );
    renderLogin();
    await user.type(emailInput(), 'ada@example.com');
    await user.type(passwordInput(), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(messages.loginNotVerified)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('heading', { name: 'Verify page' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/auth/resend-code');
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toMatchObject({
      attempt_id: '11111111-2222-4333-8444-555555555555',
    });
    expect(sessionStorage.getItem('email')).toBe('ada@example.com');
  });

  it('asks for no code for an attempt this browser did not make: it opens the verify screen', async () => {
    const user = userEvent.setup();
    sessionStorage.removeItem('signup_attempt');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(403, { error: { code: 'EMAIL_NOT_VERIFIED', message: messages.loginNotVerified } }),
    );
    renderLogin();
    await user.type(emailInput(), 'ada@example.com');
    await user.type(passwordInput(), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(messages.loginNotVerified)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enter my code' }));
    expect(await screen.findByRole('heading', { name: 'Verify page' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
