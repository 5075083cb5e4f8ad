import { screen } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

const routes = (
  <Routes>
    <Route path="/auth/verify/:email?" element={<VerifyEmailPage />} />
  </Routes>
);

describe('VerifyEmailPage', () => {
  it('shows the Code field, Verify, and a disabled resend button counting down', () => {
    renderPage(routes, '/auth/verify/ada%40example.com');
    expect(screen.getByLabelText('Code', { exact: true })).toBeTruthy();
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
});
