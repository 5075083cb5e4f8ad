import { messages } from '@workhub/shared/messages';
import { accessTokenClaims } from '@workhub/shared/schemas/auth';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces.ts';
import { bearer, errorOf, post, refreshCookieOf, useTestApp, withRefresh } from '../../test/helpers.ts';
import { addMember, chooseWorkspace, createWorkspace, enter, login, newTenant } from '../../test/tenants.ts';

const t = useTestApp();

const claimsOf = (token: string) => accessTokenClaims.parse(decodeJwt(token));
const refresh = (cookie: string, url = '/api/auth/refresh') =>
  post(t.app, url, undefined, withRefresh(cookie));
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });

async function setMemberStatus(
  accountId: string,
  workspaceId: string,
  userId: string,
  status: 'active' | 'inactive',
) {
  await t.db.db
    .update(workspaceMembers)
    .set({ status })
    .where(
      and(
        eq(workspaceMembers.accountId, accountId),
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.userId, userId),
      ),
    );
}

describe('POST /api/auth/workspace-session', () => {
  it('scopes the tokens to the workspace: account, workspace, template and the role held there, and names its public pages', async () => {
    const { workspace, holder } = await newTenant(t, 'crm');
    const worker = await addMember(t, workspace, 'worker');
    const device = await login(t, worker.email);
    expect(claimsOf(device.token)).toMatchObject({ role: 'member', account_id: null, workspace_id: null });

    const response = await chooseWorkspace(t, device, workspace.workspace_id);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(claimsOf(data.access_token)).toMatchObject({
      user_id: worker.userId,
      role: 'worker',
      account_id: workspace.account_id,
      workspace_id: workspace.workspace_id,
      template: 'crm',
      platform_role: null,
    });
    expect(data.user).toMatchObject({
      role: 'worker',
      account_id: workspace.account_id,
      workspace: {
        workspace_id: workspace.workspace_id,
        workspace_name: 'Acme',
        template: 'crm',
        role: 'worker',
        // Every member may share the public pages: GET /api/workspaces/:id is the owner's and admins'.
        public_slug: workspace.public_slug,
      },
    });
    expect(workspace.public_slug).toMatch(/^acme-[0-9a-f]{6}$/);
    expect(refreshCookieOf(response)).toBeDefined();
    expect(refreshCookieOf(response)).not.toBe(device.cookie);

    const owner = await enter(t, await login(t, holder.email), workspace.workspace_id);
    expect(claimsOf(owner.token)).toMatchObject({ role: 'owner', accounts: 1, template: 'crm' });
  });

  it('is kept by refresh, by session restore and by /api/me; null goes back home', async () => {
    const { workspace, holder } = await newTenant(t, 'mrp');
    const device = await enter(t, await login(t, holder.email), workspace.workspace_id);

    const refreshed = await refresh(device.cookie);
    expect(refreshed.statusCode).toBe(200);
    expect(claimsOf(refreshed.json().data.access_token)).toMatchObject({
      workspace_id: workspace.workspace_id,
    });
    const restored = await refresh(refreshCookieOf(refreshed) ?? '', '/api/auth/session');
    expect(restored.json().data.user.workspace).toMatchObject({
      workspace_id: workspace.workspace_id,
      template: 'mrp',
      public_slug: workspace.public_slug,
    });
    expect((await me(restored.json().data.access_token)).json().data.workspace).toMatchObject({
      workspace_id: workspace.workspace_id,
      public_slug: workspace.public_slug,
    });

    const home = await chooseWorkspace(t, { cookie: refreshCookieOf(restored) ?? '' }, null);
    expect(home.statusCode).toBe(200);
    expect(claimsOf(home.json().data.access_token)).toMatchObject({
      role: 'owner',
      account_id: workspace.account_id,
      workspace_id: null,
      template: null,
    });
    const later = await refresh(refreshCookieOf(home) ?? '');
    expect(later.json().data.user.workspace).toBeNull();
  });

  it('answers 404 for a workspace the user is not a member of, in any account, or that does not exist', async () => {
    const a = await newTenant(t);
    const b = await newTenant(t);
    const other = await createWorkspace(t, a.home.token, { workspace_name: 'Second' });
    const member = await addMember(t, a.workspace, 'member');
    const device = await login(t, member.email);
    for (const id of [other.workspace_id, b.workspace.workspace_id, '00000000-0000-4000-8000-000000000000']) {
      const response = await chooseWorkspace(t, device, id);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).error.code).toBe('NOT_FOUND');
    }
  });

  it('answers 403 memberInactive to an inactive member', async () => {
    const { workspace } = await newTenant(t);
    const member = await addMember(t, workspace, 'worker', { status: 'inactive' });
    const response = await chooseWorkspace(t, await login(t, member.email), workspace.workspace_id);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).error).toEqual({ code: 'FORBIDDEN', message: messages.memberInactive });
  });

  it('answers 409 for an archived workspace', async () => {
    const { workspace, holder } = await newTenant(t);
    await t.db.db.update(workspaces).set({ archived: true }).where(eq(workspaces.id, workspace.workspace_id));
    const response = await chooseWorkspace(t, await login(t, holder.email), workspace.workspace_id);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).error).toEqual({ code: 'CONFLICT', message: messages.workspaceUnavailable });
  });

  it('falls back home on refresh once the membership is inactive, and refuses the old token at once', async () => {
    const { workspace } = await newTenant(t);
    const member = await addMember(t, workspace, 'member');
    const device = await enter(t, await login(t, member.email), workspace.workspace_id);
    await setMemberStatus(workspace.account_id, workspace.workspace_id, member.userId, 'inactive');

    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: bearer(device.token),
    });
    expect(dashboard.statusCode).toBe(403);
    expect(errorOf(dashboard).error.message).toBe(messages.memberInactive);
    const refreshed = await refresh(device.cookie);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data.user).toMatchObject({ workspace: null, role: 'member', account_id: null });
    // Which workspace it left, and why, said once: the next refresh remembers no workspace.
    expect(refreshed.json().data.left_workspace).toEqual({ workspace_name: 'Acme', reason: 'inactive' });
    const again = await refresh(refreshCookieOf(refreshed) ?? '', '/api/auth/session');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.left_workspace).toBeUndefined();
  });

  it('tells a device whose member was removed, on the page load that restores it, which workspace it left', async () => {
    const { workspace } = await newTenant(t);
    const member = await addMember(t, workspace, 'worker');
    const device = await enter(t, await login(t, member.email), workspace.workspace_id);
    await t.db.db
      .delete(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, workspace.workspace_id),
          eq(workspaceMembers.userId, member.userId),
        ),
      );
    const restored = await refresh(device.cookie, '/api/auth/session');
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.user.workspace).toBeNull();
    expect(restored.json().data.left_workspace).toEqual({ workspace_name: 'Acme', reason: 'removed' });
  });

  it('says nothing of a workspace left by choice, nor while the device keeps its workspace', async () => {
    const { workspace, owner } = await newTenant(t);
    const kept = await refresh(owner.cookie);
    expect(kept.json().data.user.workspace?.workspace_id).toBe(workspace.workspace_id);
    expect(kept.json().data.left_workspace).toBeUndefined();
    const home = await chooseWorkspace(t, { ...owner, cookie: refreshCookieOf(kept) ?? '' }, null);
    expect(home.statusCode).toBe(200);
    expect(home.json().data.left_workspace).toBeUndefined();
  });

  it('falls back home on refresh once the workspace is archived', async () => {
    const { workspace, owner } = await newTenant(t);
    const archived = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspaces/${workspace.workspace_id}/status`,
      headers: bearer(owner.token),
      payload: { archived: '1' },
    });
    expect(archived.statusCode).toBe(200);
    const refreshed = await refresh(owner.cookie);
    expect(refreshed.json().data.user).toMatchObject({ workspace: null, role: 'owner' });
    expect(claimsOf(refreshed.json().data.access_token).workspace_id).toBeNull();
    expect(refreshed.json().data.left_workspace).toEqual({ workspace_name: 'Acme', reason: 'archived' });
  });

  it('within the grace period, the browser-held newer token takes the chosen workspace', async () => {
    const { workspace, holder } = await newTenant(t);
    const device = await login(t, holder.email);
    const rotated = refreshCookieOf(await refresh(device.cookie)) ?? '';
    const chosen = await chooseWorkspace(t, device, workspace.workspace_id);
    expect(chosen.statusCode).toBe(200);
    expect(refreshCookieOf(chosen)).toBeUndefined();
    expect((await refresh(rotated)).json().data.user.workspace?.workspace_id).toBe(workspace.workspace_id);
  });

  it('answers 401 and clears the cookie without a usable refresh cookie', async () => {
    const { workspace } = await newTenant(t);
    const response = await chooseWorkspace(t, { cookie: 'nope' }, workspace.workspace_id);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).error.message).toBe(messages.sessionExpired);
    expect(response.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('');
  });

  it.each([[{}], [{ workspace_id: 'abc' }], [{ workspace_id: 12 }]])('answers 400 for %j', async (body) => {
    const { holder } = await newTenant(t);
    const device = await login(t, holder.email);
    const response = await post(t.app, '/api/auth/workspace-session', body, withRefresh(device.cookie));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields).toEqual({ workspace_id: 'Choose a workspace' });
  });
});

describe('GET /api/me/workspaces', () => {
  it('lists the workspaces the user may open, owned or joined, in every account', async () => {
    const a = await newTenant(t, 'erp');
    const b = await newTenant(t, 'crm');
    const archived = await createWorkspace(t, a.home.token, { workspace_name: 'Old' });
    await t.db.db.update(workspaces).set({ archived: true }).where(eq(workspaces.id, archived.workspace_id));
    const inactive = await createWorkspace(t, b.home.token, { workspace_name: 'Gone' });
    await addMember(t, b.workspace, 'worker', { email: a.holder.email });
    await addMember(t, inactive, 'worker', { email: a.holder.email, status: 'inactive' });

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/me/workspaces',
      headers: bearer(a.home.token),
    });
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toEqual({ page: 1, limit: 100, total: 2 });
    expect(data).toEqual([
      {
        workspace_id: a.workspace.workspace_id,
        account_id: a.workspace.account_id,
        workspace_name: 'Acme',
        template: 'erp',
        workspace_logo: '/default-workspace-logo.svg',
        role: 'owner',
        currency: null,
      },
      expect.objectContaining({ workspace_id: b.workspace.workspace_id, template: 'crm', role: 'worker' }),
    ]);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/workspaces' })).statusCode).toBe(401);
  });
});
