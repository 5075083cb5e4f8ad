import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { TeamMember } from '@workhub/shared/schemas/team';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { ifMatchOf, readTwice, routeFetch } from '../../../test/route-fetch.ts';
import { MemberEditPage } from './member-edit-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
const WENDY = '00000000-0000-4000-8000-00000000000a';
const OWNER = '00000000-0000-4000-8000-00000000000b';
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

afterEach(() => vi.mocked(notify.success).mockReset());

const wendy: TeamMember = {
  user_id: WENDY,
  first_name: 'Wendy',
  last_name: 'Worker',
  email: 'wendy@example.com',
  role: 'worker',
  status: 'active',
  phone: '555-0100',
  address: null,
  state: null,
  country: 'Norway',
  city: null,
  zip: null,
  notes: null,
  joined_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T09:30:00.123Z',
};

const renderEdit = (path: string) =>
  renderWithData(
    <Routes>
      <Route path="/team/:id/edit" element={<MemberEditPage />} />
      <Route path="/user/:id" element={<MemberEditPage />} />
      <Route path="/team" element={<h1>Team page</h1>} />
    </Routes>,
    path,
  );

describe('MemberEditPage', () => {
  it("edits a member's details and role, says 'Update done !!!' and goes back to the team", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/team/${WENDY}`]: () => jsonResponse(200, { data: wendy }),
      [`PATCH /api/team/${WENDY}`]: () =>
        jsonResponse(200, { message: messages.updateDone, data: { ...wendy, role: 'member' } }),
    });
    renderEdit(`/team/${WENDY}/edit`);
    expect(screen.getByRole('heading', { name: 'Edit team member' })).toBeTruthy();
    await waitFor(() => expect(field('First name').value).toBe('Wendy'));
    expect(field('Phone').value).toBe('555-0100');
    expect(field('Country').value).toBe('Norway');
    expect(field('Address').value).toBe('');
    for (const label of ['Last name', 'Role', 'State', 'City', 'Zip', 'Notes'])
      expect(field(label)).toBeTruthy();

    await user.selectOptions(field('Role'), 'member');
    await user.type(field('City'), 'Oslo');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('heading', { name: 'Team page' })).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(messages.updateDone);
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toMatchObject({
      role: 'member',
      city: 'Oslo',
      phone: '555-0100',
    });
  });

  it('sends the version it opened (If-Match); a 412 keeps what was typed, names their change, loads theirs', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    const theirs: TeamMember = { ...wendy, phone: '555-0111', updated_at: '2026-01-02T09:31:00.000Z' };
    const ifMatches: string[] = [];
    routeFetch(fetchMock, {
      [`GET /api/team/${WENDY}`]: readTwice(wendy, theirs),
      [`PATCH /api/team/${WENDY}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
      },
    });
    renderEdit(`/team/${WENDY}/edit`);
    await waitFor(() => expect(field('First name').value).toBe('Wendy'));
    await user.selectOptions(field('Role'), 'member');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    await within(alert).findByText(/They changed: Phone\./);
    expect(within(alert).getByText(/Someone else saved this member/)).toBeTruthy();
    expect(field('Role').value).toBe('member');
    expect(ifMatches).toEqual([`"${wendy.updated_at}"`]);
    await user.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect(field('Phone').value).toBe('555-0111');
    expect(field('Role').value).toBe('worker');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('shows the required first name message', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, { [`GET /api/team/${WENDY}`]: () => jsonResponse(200, { data: wendy }) });
    renderEdit(`/user/${WENDY}`);
    await waitFor(() => expect(field('First name').value).toBe('Wendy'));
    await user.clear(field('First name'));
    await user.tab();
    expect(await screen.findByText(messages.firstNameRequired)).toBeTruthy();
  });

  it('does not offer to edit the owner', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'admin'));
    routeFetch(fetchMock, {
      [`GET /api/team/${OWNER}`]: () =>
        jsonResponse(200, { data: { ...wendy, user_id: OWNER, role: 'owner' } }),
    });
    renderEdit(`/team/${OWNER}/edit`);
    expect(await screen.findByText(messages.ownerImmutable)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('answers an address whose id no member can have as not found, without asking the API', async () => {
    routeFetch(fetchMock, {});
    renderEdit('/user/general');
    expect(await screen.findByText('This member could not be loaded')).toBeTruthy();
    expect(screen.getByText(messages.notFound)).toBeTruthy();
    // A 404: no Try again, which could never help.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/team/'))).toEqual([]);
  });
});
