import { messages } from '@workhub/shared/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, errorOf, post, refreshCookieOf, useTestApp, withRefresh } from '../../test/helpers.ts';
import { staffMember } from '../../test/staff.ts';
import {
  addMember,
  chooseWorkspace,
  type Device,
  enter,
  login,
  type Member,
  newTenant,
  type Tenant,
} from '../../test/tenants.ts';

/*
 * What an inactive account (accounts.status, set by platform staff in the Subscribers table) does:
 * its holder cannot sign in nor refresh, nobody acts in its workspaces, its workspaces leave every
 * picker, and a member with nowhere else to go cannot sign in. Reactivating gives it all back.
 */
const t = useTestApp();

let staff: string;
beforeAll(async () => {
  staff = (await staffMember(t, 'super_admin')).token;
});

const setAccountStatus = async (accountId: string, status: 'active' | 'inactive') => {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/subscribers/${accountId}/status`,
    headers: bearer(staff),
    payload: { status },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const loginAs = (email: string) => post(t.app, '/api/auth/login', { email, password: 'secret-1' });
const refresh = (cookie: string) => post(t.app, '/api/auth/refresh', undefined, withRefresh(cookie));
const accountInactive = { code: 'ACCOUNT_INACTIVE', message: messages.accountInactive };
// A member is sent to the account's holder, not to support, whom only the holder can ask.
const ownerInactive = { code: 'ACCOUNT_INACTIVE', message: messages.accountInactiveMember };
const pickerIds = async (token: string) =>
  ((await get('/api/me/workspaces', token)).json().data as { workspace_id: string }[]).map(
    (w) => w.workspace_id,
  );

describe('an inactive account', () => {
  let tenant: Tenant;
  let other: Tenant;
  let member: Member & { device: Device };
  let sharedMember: Member & { home: Device; inTenant: Device };

  beforeAll(async () => {
    tenant = await newTenant(t);
    other = await newTenant(t);
    const onlyHere = await addMember(t, tenant.workspace, 'member');
    member = {
      ...onlyHere,
      device: await enter(t, await login(t, onlyHere.email), tenant.workspace.workspace_id),
    };
    const both = await addMember(t, tenant.workspace, 'worker');
    await addMember(t, other.workspace, 'member', { email: both.email });
    sharedMember = {
      ...both,
      home: await login(t, both.email),
      inTenant: await enter(t, await login(t, both.email), tenant.workspace.workspace_id),
    };
    await setAccountStatus(tenant.workspace.account_id, 'inactive');
  });

  it('refuses its holder at sign-in with 403 accountInactive', async () => {
    const response = await loginAs(tenant.holder.email);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).error).toEqual(accountInactive);
  });

  it("refuses its holder's refresh, and the holder's live tokens at home and in a workspace", async () => {
    const refused = await refresh(tenant.home.cookie);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).error).toEqual(accountInactive);
    const atHome = await get('/api/workspaces', tenant.home.token);
    expect(atHome.statusCode).toBe(403);
    expect(errorOf(atHome).error).toEqual(accountInactive);
    const inWorkspace = await get('/api/dashboard', tenant.owner.token);
    expect(inWorkspace.statusCode).toBe(403);
    expect(errorOf(inWorkspace).error).toEqual(accountInactive);
  });

  it('refuses a member with no other account: sign-in, refresh and their live workspace token', async () => {
    const signIn = await loginAs(member.email);
    expect(signIn.statusCode).toBe(403);
    expect(errorOf(signIn).error).toEqual(ownerInactive);
    expect(errorOf(await refresh(member.device.cookie)).error).toEqual(ownerInactive);
    const acting = await get('/api/projects', member.device.token);
    expect(acting.statusCode).toBe(403);
    expect(errorOf(acting).error).toEqual(ownerInactive);
  });

  it('lets a member of another active account in, without the inactive workspaces', async () => {
    const device = await login(t, sharedMember.email);
    expect(await pickerIds(device.token)).toEqual([other.workspace.workspace_id]);
    const opening = await chooseWorkspace(t, device, tenant.workspace.workspace_id);
    expect(opening.statusCode).toBe(403);
    expect(errorOf(opening).error).toEqual(ownerInactive);
    const acting = await get('/api/dashboard', sharedMember.inTenant.token);
    expect(errorOf(acting).error).toEqual(ownerInactive);
    // The device that acted in the inactive account's workspace is brought home by a refresh.
    const refreshed = await refresh(sharedMember.inTenant.cookie);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().data.user.workspace).toBeNull();
    sharedMember.inTenant = {
      token: refreshed.json().data.access_token,
      cookie: refreshCookieOf(refreshed) ?? sharedMember.inTenant.cookie,
      session: refreshed.json().data,
    };
  });

  it('leaves other accounts alone', async () => {
    expect((await get('/api/dashboard', other.owner.token)).statusCode).toBe(200);
    expect((await loginAs(other.holder.email)).statusCode).toBe(200);
  });

  it('gives everything back when reactivated', async () => {
    await setAccountStatus(tenant.workspace.account_id, 'active');
    expect((await loginAs(tenant.holder.email)).statusCode).toBe(200);
    expect((await get('/api/workspaces', tenant.home.token)).statusCode).toBe(200);
    expect((await get('/api/dashboard', tenant.owner.token)).statusCode).toBe(200);
    expect((await refresh(tenant.home.cookie)).statusCode).toBe(200);
    expect((await loginAs(member.email)).statusCode).toBe(200);
    expect((await get('/api/projects', member.device.token)).statusCode).toBe(200);
    expect(await pickerIds(sharedMember.home.token)).toEqual(
      expect.arrayContaining([tenant.workspace.workspace_id, other.workspace.workspace_id]),
    );
    expect((await chooseWorkspace(t, sharedMember.inTenant, tenant.workspace.workspace_id)).statusCode).toBe(
      200,
    );
  });
});
