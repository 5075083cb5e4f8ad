import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { RegisterPage } from './register-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
const field = (label: string) => screen.getByLabelText(label, { exact: true });

const renderRegister = (path = '/auth/register') =>
  renderPage(
    <Routes>
      <Route path="/auth/register" element={<RegisterPage />} />
      <Route path="/auth/verify/:email" element={<h1>Verify page</h1>} />
    </Routes>,
    path,
  );

const fillValid = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(field('First name'), 'Ada');
  await user.type(field('Last name'), 'Lovelace');
  await user.type(field('Email'), 'ada@example.com');
  await user.type(field('Password'), 'secret1');
  await user.type(field('Confirm password'), 'secret1');
};

afterEach(() => vi.mocked(notify.error).mockReset());

describe('RegisterPage', () => {
  it('promises the free trial and starts with both acknowledgements checked', () => {
    renderRegister();
    expect(screen.getByText(/No credit card required/)).toBeTruthy();
    expect((field('I accept the terms of service') as HTMLInputElement).checked).toBe(true);
    expect((field('I accept the privacy policy') as HTMLInputElement).checked).toBe(true);
  });

  it('shows the required messages of the shared schema on submit', async () => {
    const user = userEvent.setup();
    renderRegister();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(messages.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(messages.lastNameRequired)).toBeTruthy();
    expect(screen.getByText(messages.emailRequired)).toBeTruthy();
    expect(screen.getByText(messages.registerPasswordRequired)).toBeTruthy();
    expect(screen.getByText(messages.confirmPasswordRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the password, match and acknowledgement messages', async () => {
    const user = userEvent.setup();
    renderRegister();
    await user.type(field('First name'), 'Ada');
    await user.type(field('Last name'), 'Lovelace');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'abc');
    await user.type(field('Confirm password'), 'abd');
    await user.click(field('I accept the privacy policy'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(messages.registerPasswordMin)).toBeTruthy();
    expect(screen.getByText(messages.passwordsMustMatch)).toBeTruthy();
    expect(screen.getByText(messages.acknowledge)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the plan of ?id=, keeps the e-mail in sessionStorage and opens the verify screen', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(201, {
        message: messages.registerDone,
        data: {
          email: 'ada@example.com',
          resend_available_at: new Date(Date.now() + 60_000).toISOString(),
          attempt_id: '11111111-2222-4333-8444-555555555555',
        },
      }),
    );
    renderRegister('/auth/register?id=3');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Verify page' })).toBeTruthy();
    expect(sessionStorage.getItem('email')).toBe('ada@example.com');
    // The attempt is kept for the verify screen, which sends it back with the code and with resend.
    expect(JSON.parse(sessionStorage.getItem('signup_attempt') ?? '{}')).toEqual({
      email: 'ada@example.com',
      attempt_id: '11111111-2222-4333-8444-555555555555',
    });
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({ subscription_id: 3, terms_of_service: true, privacy_policy: true });
  });

  it('has no taken-address path: the API answers a taken address as a new one, so it goes on to verify', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(201, {
        message: messages.registerDone,
        data: {
          email: 'ada@example.com',
          resend_available_at: new Date(Date.now() + 60_000).toISOString(),
          attempt_id: '22222222-2222-4333-8444-555555555555',
        },
      }),
    );
    renderRegister();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Verify page' })).toBeTruthy();
    expect(screen.queryByText(messages.emailTaken)).toBeNull();
    await waitFor(() => expect(notify.error).not.toHaveBeenCalled());
  });
});
