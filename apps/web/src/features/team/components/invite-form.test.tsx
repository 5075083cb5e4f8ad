import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { InviteForm } from './invite-form.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
const field = (label: string) => screen.getByLabelText(label, { exact: true });

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

describe('InviteForm', () => {
  it('offers the invitable roles, member first chosen, never owner', () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    renderWithData(<InviteForm />);
    expect(screen.getByRole('heading', { name: 'Invite People' })).toBeTruthy();
    const role = field('Role') as HTMLSelectElement;
    expect([...role.options].map((option) => option.textContent)).toEqual([
      'Admin',
      'Member',
      'Worker',
      'Guest',
      'Customer',
    ]);
    expect(role.value).toBe('member');
  });

  it('shows the required messages of the shared schema on submit, and sends nothing', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    renderWithData(<InviteForm />);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(messages.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(messages.emailRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves no message behind when the keyboard tabs past the empty form (to the member list under it)', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    renderWithData(<InviteForm />);
    await user.tab();
    expect(document.activeElement).toBe(field('First name'));
    // First name, Last name, Email, Role, Send invitation, then out of the form.
    for (let i = 0; i < 5; i++) await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(messages.firstNameRequired)).toBeNull();
    expect(screen.queryByText(messages.emailRequired)).toBeNull();
    expect(field('Email').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('says an e-mail is not valid once the field is left', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    renderWithData(<InviteForm />);
    await user.type(field('Email'), 'not-an-email');
    await user.tab();
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
    expect(screen.queryByText(messages.firstNameRequired)).toBeNull();
  });

  it("sends the invitation, says the spec's message and empties the form", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { message: messages.invitationSent, data: {} }));
    renderWithData(<InviteForm />);
    await user.type(field('First name'), 'Wendy');
    await user.type(field('Email'), 'Wendy@Example.com');
    await user.selectOptions(field('Role'), 'worker');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.invitationSent));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/team/invitations');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      first_name: 'Wendy',
      last_name: '',
      email: 'wendy@example.com',
      role: 'worker',
    });
    await waitFor(() => expect((field('First name') as HTMLInputElement).value).toBe(''));
  });

  it("puts the server's field messages under the fields, and a taken address under Email", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    fetchMock.mockResolvedValueOnce(
      jsonResponse(409, { error: { code: 'CONFLICT', message: messages.alreadyMember } }),
    );
    renderWithData(<InviteForm />);
    await user.type(field('First name'), 'Wendy');
    await user.type(field('Email'), 'wendy@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(messages.alreadyMember)).toBeTruthy();
    expect(notify.error).toHaveBeenCalledWith(messages.alreadyMember);
  });
});
