import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

const routes = (
  <Routes>
    <Route path="/auth/verify/:email?" element={<VerifyEmailPage />} />
  </Routes>
);

const fetchMock = mockFetchPerTest();
const ATTEMPT = '11111111-2222-4333-8444-555555555555';
const keepAttempt = (email: string) =>
  sessionStorage.setItem('signup_attempt', JSON.stringify({ email, attempt_id: ATTEMPT }));

beforeEach(() => sessionStorage.clear());

describe('VerifyEmailPage', () => {
  it('shows the Code field, Verify, and a disabled resend button counting down', async () => {
    keepAttempt('ada@example.com');
    renderPage(routes, '/auth/verify/ada%40example.com');
    // Focused: the code can be typed or pasted at once.
    const code = screen.getByLabelText('Code', { exact: true });
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
    const resend = screen.getByRole('button', { name: /^Resend code in \d+s$/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(screen.getByText('ada@example.com')).toBeTruthy();
  });

  it('uses the e-mail kept in sessionStorage when the URL has none', () => {
    sessionStorage.setItem('email', 'kept@example.com');
    renderPage(routes, '/auth/verify');
    expect(screen.getByText('kept@example.com')).toBeTruthy();
  });

  it("says 'Email is missing in session storage' when there is no e-mail at all", () => {
    renderPage(routes, '/auth/verify');
    expect(screen.getByText(messages.emailMissingInSession)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it('sends the attempt this browser made with the code', async () => {
    const user = userEvent.setup();
    keepAttempt('ada@example.com');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { error: { code: 'CODE_WRONG', message: messages.codeWrong } }),
    );
    renderPage(routes, '/auth/verify/ada%40example.com');
    await user.type(screen.getByLabelText('Code', { exact: true }), 'ABC123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({ email: 'ada@example.com', code: 'ABC123', attempt_id: ATTEMPT });
  });

  it("offers no resend for an attempt made elsewhere (or another address's), only signing up again", () => {
    keepAttempt('someone-else@example.com');
    renderPage(routes, '/auth/verify/ada%40example.com');
    expect(screen.queryByRole('button', { name: /^Resend code/ })).toBeNull();
    expect(screen.getByText(messages.verifyNoAttempt)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your account again' })).toBeTruthy();
  });
});
