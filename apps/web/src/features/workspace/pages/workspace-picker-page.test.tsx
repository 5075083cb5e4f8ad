import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEMPLATE_LABELS, TEMPLATES, type Template } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import { templateDashboard } from '@workhub/shared/modules';
import type { MyWorkspace } from '@workhub/shared/schemas/workspaces';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setLostWorkspace } from '../../../lib/lost-workspace.ts';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { getSession } from '../../../lib/session-store.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import {
  fakeAuthSession,
  fakeSubscription,
  fakeWorkspaceAuthSession,
  jsonResponse,
} from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { WorkspacePickerPage } from './workspace-picker-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

const workspace = (template: Template, patch: Partial<MyWorkspace> = {}): MyWorkspace => ({
  workspace_id: `w-${template}`,
  account_id: 'a1',
  workspace_name: `${TEMPLATE_LABELS[template]} HQ`,
  template,
  workspace_logo: '/default-workspace-logo.svg',
  role: 'owner',
  currency: null,
  ...patch,
});

const Landed = () => <h1>Landed on {useLocation().pathname}</h1>;

const renderPicker = () =>
  renderWithData(
    <Routes>
      <Route path="/workspace" element={<WorkspacePickerPage />} />
      <Route path="*" element={<Landed />} />
    </Routes>,
    '/workspace',
  );

describe('WorkspacePickerPage', () => {
  it('offers no + Add New Workspace to a read-only account', async () => {
    signIn(
      fakeAuthSession(
        {},
        {
          subscription: fakeSubscription({ access: 'read_only', days_left: 0 }),
        },
      ),
    );
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [workspace('crm')] }));
    renderPicker();
    expect(await screen.findByRole('button', { name: /HQ/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '+ Add New Workspace' })).toBeNull();
  });

  it.each(TEMPLATES)(
    'opens the %s dashboard after choosing a workspace of that template',
    async (template) => {
      const user = userEvent.setup();
      signIn(fakeAuthSession());
      const mine = [
        workspace(template === 'crm' ? 'mrp' : 'crm', { workspace_name: 'Somewhere else' }),
        workspace(template, { workspace_id: 'chosen', workspace_name: 'The chosen one', role: 'worker' }),
      ];
      fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: mine })).mockResolvedValueOnce(
        jsonResponse(200, {
          data: fakeWorkspaceAuthSession(template, 'worker', { workspace_id: 'chosen' }),
        }),
      );
      renderPicker();

      const button = await screen.findByRole('button', { name: /The chosen one/ });
      expect(button.textContent).toContain(TEMPLATE_LABELS[template]);
      expect(button.textContent).toContain('Worker');
      await user.click(button);

      expect(
        await screen.findByRole('heading', { name: `Landed on ${templateDashboard(template)}` }),
      ).toBeTruthy();
      expect(calledUrls(fetchMock)).toEqual(['/api/me/workspaces', '/api/auth/workspace-session']);
      expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ workspace_id: 'chosen' });
      // The new session (token and current workspace) replaced the old one.
      const session = getSession();
      expect(session.status === 'signed_in' && session.user.workspace?.workspace_id).toBe('chosen');
      expect(session.status === 'signed_in' && session.claims?.template).toBe(template);
    },
  );

  it('shows logo, name, template and role on each button, and + Add New Workspace for an account holder', async () => {
    signIn(fakeAuthSession());
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [workspace('crm'), workspace('barber')] }));
    renderPicker();
    const crm = await screen.findByRole('button', { name: /CRM HQ/ });
    expect(crm.textContent).toContain('CRM');
    expect(crm.textContent).toContain('Owner');
    expect(crm.querySelector('img')?.getAttribute('src')).toBe('/default-workspace-logo.svg');
    expect(screen.getByRole('button', { name: /Barber Shop & Spa HQ/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: '+ Add New Workspace' }).getAttribute('href')).toBe(
      '/workspace/create',
    );
    expect(screen.queryByRole('link', { name: 'Admin dashboard' })).toBeNull();
  });

  it("puts a workspace's whole name in the title of the line that cuts it short", async () => {
    signIn(fakeAuthSession());
    const long = 'Supercalifragilisticexpialidocious'.repeat(3);
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { data: [workspace('crm', { workspace_name: long })] }),
    );
    renderPicker();
    const button = await screen.findByRole('button', { name: new RegExp(long) });
    expect(button.querySelector(`[title="${long}"]`)?.textContent).toBe(long);
  });

  it('shows the admin dashboard button to platform staff and no workspace list', async () => {
    signIn(
      fakeAuthSession(
        { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
        { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
      ),
    );
    renderPicker();
    expect(screen.getByRole('link', { name: 'Admin dashboard' }).getAttribute('href')).toBe(
      '/dashboard_admin',
    );
    expect(screen.queryByRole('link', { name: '+ Add New Workspace' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells an invited user without workspaces to ask for an invitation, without the add button', async () => {
    signIn(fakeAuthSession({ role: 'member', accounts: 0 }, { role: 'member', accounts: 0 }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [] }));
    renderPicker();
    expect(await screen.findByText('You are not in a workspace yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '+ Add New Workspace' })).toBeNull();
  });

  it('says which workspace a removed member was just put out of, and why, above their choices', async () => {
    signIn(fakeAuthSession({ role: 'member', accounts: 0 }, { role: 'member', accounts: 0 }));
    setLostWorkspace({ name: 'Acme Works', reason: messages.notAMember });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [] }));
    renderPicker();
    expect(await screen.findByText('You are not in a workspace yet')).toBeTruthy();
    expect(screen.getByText('You no longer have access to Acme Works')).toBeTruthy();
    expect(screen.getByText(messages.notAMember)).toBeTruthy();
    setLostWorkspace(null);
  });

  it("shows the server's message when the workspace cannot be opened", async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { data: [workspace('erp')] }))
      .mockResolvedValueOnce(
        jsonResponse(409, { error: { code: 'CONFLICT', message: 'This workspace is archived.' } }),
      );
    renderPicker();
    await user.click(await screen.findByRole('button', { name: /ERP HQ/ }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('This workspace is archived.'));
    expect(screen.queryByRole('heading', { name: /Landed on/ })).toBeNull();
  });
});
