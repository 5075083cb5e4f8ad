import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorkspaceRole } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import { can } from '@workhub/shared/permissions';
import type { Invitation, TeamMember } from '@workhub/shared/schemas/team';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf } from '../../../lib/auth.ts';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { TeamPage } from './team-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const member = (userId: string, role: WorkspaceRole, patch: Partial<TeamMember> = {}): TeamMember => ({
  user_id: userId,
  first_name: role.charAt(0).toUpperCase() + role.slice(1),
  last_name: 'Person',
  email: `${role}@example.com`,
  role,
  status: 'active',
  phone: null,
  address: null,
  state: null,
  country: null,
  city: null,
  zip: null,
  notes: null,
  joined_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...patch,
});

const invitation: Invitation = {
  invitation_id: 'i1',
  email: 'new@example.com',
  first_name: 'New',
  last_name: '',
  role: 'guest',
  status: 'pending',
  expires_at: '2026-03-08T00:00:00.000Z',
  sent_at: '2026-03-01T00:00:00.000Z',
};

// The signed-in user is u1: the owner in the owner's tests, the admin in the admin's.
const team = [member('u-owner', 'owner'), member('u-admin', 'admin'), member('u-worker', 'worker')];

const answerTeam = () =>
  routeFetch(fetchMock, {
    'GET /api/team': () => jsonResponse(200, { data: team, meta: { page: 1, limit: 14, total: 3 } }),
    'GET /api/team/invitations': () =>
      jsonResponse(200, { data: [invitation], meta: { page: 1, limit: 100, total: 1 } }),
    'PATCH /api/team/u-worker/status': () =>
      jsonResponse(200, { message: 'Cool !!!', data: member('u-worker', 'worker', { status: 'inactive' }) }),
    'DELETE /api/team/u-worker': () => new Response(null, { status: 204 }),
  });

const row = rowWith;

describe('TeamPage', () => {
  it('gives the owner Invite People, the pending invitations and the team with Remove', async () => {
    const session = fakeWorkspaceAuthSession('workspace', 'owner', { workspace_name: 'Crew' });
    signIn(session);
    answerTeam();
    renderWithData(<TeamPage />, '/team');

    expect(screen.getByRole('heading', { name: 'Invite People' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pending invitations' })).toBeTruthy();
    expect(await screen.findByText('new@example.com')).toBeTruthy();
    expect(row('new@example.com').getByText('Pending')).toBeTruthy();
    // Who was invited, by the name the inviter gave, beside the address.
    expect(row('new@example.com').getByText('New')).toBeTruthy();
    expect(row('new@example.com').getByRole('button', { name: 'Resend' })).toBeTruthy();
    expect(row('new@example.com').getByRole('button', { name: 'Revoke' })).toBeTruthy();

    await screen.findByText('worker@example.com');
    expect(row('worker@example.com').getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(row('worker@example.com').getByRole('switch', { name: 'Active: Worker Person' })).toBeTruthy();
    expect(row('worker@example.com').getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/team/u-worker/edit',
    );
    // The owner's row has no toggle, no Edit, no Remove.
    expect(row('owner@example.com').queryByRole('switch')).toBeNull();
    expect(row('owner@example.com').queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(row('owner@example.com').queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(calledUrls(fetchMock)).toContain('/api/team?page=1&limit=14');
    expect(
      can(authOf({ status: 'signed_in', accessToken: '', claims: null, user: session.user }), 'team:remove'),
    ).toBe(true);
  });

  it('hides Invite People, the invitations and Remove from a workspace admin, as can() says', async () => {
    const session = fakeWorkspaceAuthSession('workspace', 'admin');
    signIn(session);
    const auth = authOf({
      status: 'signed_in',
      accessToken: session.access_token,
      claims: null,
      user: session.user,
    });
    expect(can(auth, 'team:invite')).toBe(false);
    expect(can(auth, 'team:remove')).toBe(false);
    expect(can(auth, 'team:set_status')).toBe(true);
    answerTeam();
    renderWithData(<TeamPage />, '/team');

    await screen.findByText('worker@example.com');
    expect(screen.queryByRole('heading', { name: 'Invite People' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Pending invitations' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(row('worker@example.com').getByRole('switch')).toBeTruthy();
    expect(row('worker@example.com').getByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(calledUrls(fetchMock)).not.toContain('/api/team/invitations?limit=100');
  });

  it("toggles a member's status, says 'Cool !!!' and shows the server's answer in the row", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    answerTeam();
    renderWithData(<TeamPage />, '/team');
    await screen.findByText('worker@example.com');
    await user.click(row('worker@example.com').getByRole('switch'));
    const dialog = await screen.findByRole('dialog', {
      name: messages.confirmMemberDeactivate('Worker Person'),
    });
    expect(dialog.textContent).toContain(
      messages.confirmMemberDeactivateBody('Worker Person', 'workspace workspace'),
    );
    expect(calledUrls(fetchMock)).not.toContain('/api/team/u-worker/status');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate member' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.statusToggled));
    await waitFor(() => expect(row('worker@example.com').getByText('Inactive')).toBeTruthy());
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/team/u-worker/status');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ status: '0' });
  });

  it('keeps the focus on an Active switch turned on by keyboard while the change is saved', async () => {
    // A disabled switch dropped the focus to the page: Space on an inactive member's switch sent a
    // keyboard user back to the top.
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    let answer!: () => void;
    const inactive = member('u-worker', 'worker', { status: 'inactive' });
    routeFetch(fetchMock, {
      'GET /api/team': () =>
        jsonResponse(200, {
          data: [member('u-owner', 'owner'), inactive],
          meta: { page: 1, limit: 14, total: 2 },
        }),
      'GET /api/team/invitations': () =>
        jsonResponse(200, { data: [], meta: { page: 1, limit: 100, total: 0 } }),
      'PATCH /api/team/u-worker/status': () =>
        new Promise<Response>((resolve) => {
          answer = () =>
            resolve(jsonResponse(200, { message: 'Cool !!!', data: { ...inactive, status: 'active' } }));
        }),
    });
    renderWithData(<TeamPage />, '/team');
    await screen.findByText('worker@example.com');
    const toggle = row('worker@example.com').getByRole('switch') as HTMLInputElement;
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(toggle.getAttribute('aria-busy')).toBe('true'));
    expect(toggle.disabled).toBe(false);
    expect(document.activeElement).toBe(toggle);
    await user.keyboard(' ');
    answer();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.statusToggled));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(1);
    expect(document.activeElement).toBe(toggle);
  });

  it('Cancel in the Deactivate dialog leaves the member active', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    answerTeam();
    renderWithData(<TeamPage />, '/team');
    await screen.findByText('worker@example.com');
    await user.click(row('worker@example.com').getByRole('switch'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calledUrls(fetchMock)).not.toContain('/api/team/u-worker/status');
    expect(row('worker@example.com').getByRole('switch')).toHaveProperty('checked', true);
  });

  it('asks before revoking an invitation, naming the address and that its link stops working', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/team': () => jsonResponse(200, { data: team, meta: { page: 1, limit: 14, total: 3 } }),
      'GET /api/team/invitations': () =>
        jsonResponse(200, { data: [invitation], meta: { page: 1, limit: 100, total: 1 } }),
      'DELETE /api/team/invitations/i1': () => new Response(null, { status: 204 }),
    });
    renderWithData(<TeamPage />, '/team');
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', {
      name: messages.confirmInvitationRevoke('new@example.com'),
    });
    expect(dialog.textContent).toContain(messages.confirmInvitationRevokeBody('new@example.com'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke invitation' }),
    );
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.invitationRevoked));
    expect(calledUrls(fetchMock)).toContain('/api/team/invitations/i1');
  });

  it('asks before removing, saying the person leaves this workspace only', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner', { workspace_name: 'Crew' }));
    answerTeam();
    renderWithData(<TeamPage />, '/team');
    await screen.findByText('worker@example.com');
    await user.click(row('worker@example.com').getByRole('button', { name: 'Remove' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Worker Person?' }));
    expect(dialog.getByText(/Worker Person will leave Crew only\./)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Remove from workspace' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.memberRemoved));
    expect(calledUrls(fetchMock)).toContain('/api/team/u-worker');
  });
});
