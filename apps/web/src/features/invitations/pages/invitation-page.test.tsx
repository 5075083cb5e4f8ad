import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { InvitationPreview } from '@workhub/shared/schemas/team';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { getSession, setSignedOut } from '../../../lib/session-store.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { InvitationPage } from './invitation-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const field = (label: string) => screen.getByLabelText(label, { exact: true });

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const preview = (patch: Partial<InvitationPreview> = {}): InvitationPreview => ({
  email: 'wendy@example.com',
  first_name: 'Wendy',
  last_name: '',
  role: 'worker',
  workspace_name: 'Crew',
  inviter_name: 'Ada Lovelace',
  has_login: false,
  expires_at: '2026-03-08T00:00:00.000Z',
  ...patch,
});

const Where = () => {
  const location = useLocation();
  return (
    <h1>
      At {location.pathname} {(location.state as { from?: string } | null)?.from ?? ''}
    </h1>
  );
};

const renderInvitation = () =>
  renderPage(
    <Routes>
      <Route path="/invitations/:token" element={<InvitationPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    `/invitations/${TOKEN}`,
  );

describe('InvitationPage', () => {
  it('lets a new invitee set a name and password, then lands them on the workspace dashboard', async () => {
    const user = userEvent.setup();
    setSignedOut('none');
    routeFetch(fetchMock, {
      [`GET /api/invitations/${TOKEN}`]: () => jsonResponse(200, { data: preview() }),
      [`POST /api/invitations/${TOKEN}/accept`]: () =>
        jsonResponse(200, {
          message: messages.invitationAccepted,
          data: fakeWorkspaceAuthSession('mrp', 'worker'),
        }),
    });
    renderInvitation();
    expect(await screen.findByText('Ada Lovelace invited you to Crew as Worker.')).toBeTruthy();
    expect((field('First name') as HTMLInputElement).value).toBe('Wendy');

    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText(messages.registerPasswordRequired)).toBeTruthy();
    expect(screen.getByText(messages.confirmPasswordRequired)).toBeTruthy();

    await user.type(field('Password'), 'worker-pass-1');
    await user.type(field('Confirm password'), 'worker-pass-1');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));

    expect(await screen.findByRole('heading', { name: /At \/dashboard_mrp/ })).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(messages.invitationAccepted);
    expect(getSession().status).toBe('signed_in');
    const accept = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/accept'));
    expect(JSON.parse(String(accept?.[1]?.body))).toEqual({
      first_name: 'Wendy',
      last_name: '',
      password: 'worker-pass-1',
      confirm_password: 'worker-pass-1',
    });
  });

  it('asks someone with a login who is not signed in to sign in, and to come back here', async () => {
    const user = userEvent.setup();
    setSignedOut('none');
    routeFetch(fetchMock, {
      [`GET /api/invitations/${TOKEN}`]: () => jsonResponse(200, { data: preview({ has_login: true }) }),
    });
    renderInvitation();
    await user.click(await screen.findByRole('button', { name: 'Sign in to accept' }));
    expect(await screen.findByRole('heading', { name: `At /auth/login /invitations/${TOKEN}` })).toBeTruthy();
  });

  it('lets the invitee, signed in with that address, accept with one button', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession({ role: 'member', accounts: 0 }, { email: 'Wendy@example.com', accounts: 0 }));
    routeFetch(fetchMock, {
      [`GET /api/invitations/${TOKEN}`]: () => jsonResponse(200, { data: preview({ has_login: true }) }),
      [`POST /api/invitations/${TOKEN}/accept`]: () =>
        jsonResponse(200, {
          message: messages.invitationAccepted,
          data: fakeWorkspaceAuthSession('workspace', 'worker'),
        }),
    });
    renderInvitation();
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('heading', { name: 'At /dashboard' })).toBeTruthy();
    const accept = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/accept'));
    expect(accept?.[1]?.body).toBe('{}');
    expect(new Headers(accept?.[1]?.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('tells someone signed in with another address that the invitation is not theirs', async () => {
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      [`GET /api/invitations/${TOKEN}`]: () => jsonResponse(200, { data: preview({ has_login: true }) }),
    });
    renderInvitation();
    expect(await screen.findByText(messages.invitationWrongUser)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in to accept' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('says clearly when the invitation has expired (410)', async () => {
    setSignedOut('none');
    routeFetch(fetchMock, {
      [`GET /api/invitations/${TOKEN}`]: () =>
        jsonResponse(410, { error: { code: 'GONE', message: messages.invitationExpired } }),
    });
    renderInvitation();
    expect(await screen.findByRole('heading', { name: 'This invitation has expired' })).toBeTruthy();
    expect(screen.getByText(messages.invitationExpired)).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it('says when the invitation is no longer valid (revoked, 410; unknown, 404)', async () => {
    setSignedOut('none');
    routeFetch(fetchMock, {
      [`GET /api/invitations/${TOKEN}`]: () =>
        jsonResponse(410, { error: { code: 'GONE', message: messages.invitationClosed } }),
    });
    renderInvitation();
    expect(await screen.findByRole('heading', { name: 'This invitation is no longer valid' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/auth/login');
  });

  it('tells an invitee opening the link again that it was accepted, and where the workspace is', async () => {
    setSignedOut('none');
    routeFetch(fetchMock, {
      [`GET /api/invitations/${TOKEN}`]: () =>
        jsonResponse(410, { error: { code: 'GONE', message: messages.invitationAlreadyAccepted } }),
    });
    renderInvitation();
    expect(
      await screen.findByRole('heading', { name: 'This invitation has already been accepted' }),
    ).toBeTruthy();
    expect(screen.getByText('Sign in to open its workspace.')).toBeTruthy();
    expect(screen.queryByText(/revoked/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/auth/login');
  });
});
