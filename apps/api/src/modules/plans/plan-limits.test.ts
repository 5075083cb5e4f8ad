import { messages } from '@workhub/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionPlans, subscriptions } from '../../db/schema/plans.ts';
import { bearer, errorOf, PASSWORD, post, uniqueEmail, useTestApp } from '../../test/helpers.ts';
import { invite } from '../../test/invitations.ts';
import { addMember, createWorkspace, enter, login, newTenant, type Tenant } from '../../test/tenants.ts';

const t = useTestApp();

type Limits = { maxWorkspaces: number | null; maxMembers: number | null };

/** A plan of this test's own (seeded plans are shared by every test) with these limits. */
async function planWith(limits: Limits, title = 'Limited'): Promise<number> {
  const [row] = await t.db.db
    .insert(subscriptionPlans)
    .values({
      title,
      subscription: 'per month',
      price: '9',
      description: 'A plan with limits, for the tests.',
      buttonText: 'Buy',
      buttonVariant: 'filled',
      month: 1,
      ...limits,
    })
    .returning({ id: subscriptionPlans.subscriptionId });
  if (!row) throw new Error('no plan');
  return row.id;
}

/** Moves the tenant's account onto a plan with these limits; answers the plan id. */
async function limitTo(tenant: Tenant, limits: Limits, title?: string): Promise<number> {
  const planId = await planWith(limits, title);
  await t.db.db
    .update(subscriptions)
    .set({ planId })
    .where(eq(subscriptions.accountId, tenant.workspace.account_id));
  return planId;
}

const setLimits = (planId: number, limits: Partial<Limits>) =>
  t.db.db.update(subscriptionPlans).set(limits).where(eq(subscriptionPlans.subscriptionId, planId));

const newWorkspace = (token: string, name = 'Another') =>
  t.app.inject({
    method: 'POST',
    url: '/api/workspaces',
    headers: bearer(token),
    payload: { workspace_name: name, template: 'workspace', description: 'One more' },
  });

const setArchived = (token: string, id: string, archived: boolean) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/workspaces/${id}/status`,
    headers: bearer(token),
    payload: { archived },
  });

const inviteAddress = (token: string, email = uniqueEmail('invitee')) =>
  post(t.app, '/api/team/invitations', { first_name: 'Ivy', email, role: 'worker' }, bearer(token));

const expectPlanLimit = (response: { statusCode: number; body: string }, message: string) => {
  expect(response.statusCode, response.body).toBe(403);
  expect(JSON.parse(response.body).error).toEqual({ code: 'PLAN_LIMIT', message });
};

describe('workspace limit', () => {
  it('answers 403 PLAN_LIMIT naming the limit past max_workspaces; archiving frees a place, restoring takes it', async () => {
    const tenant = await newTenant(t);
    await limitTo(tenant, { maxWorkspaces: 1, maxMembers: null }, 'Solo');
    const refused = await newWorkspace(tenant.home.token);
    expectPlanLimit(refused, messages.planLimitWorkspaces('Solo', 1));
    expect(errorOf(refused).error.message).toContain('Upgrade');

    expect((await setArchived(tenant.home.token, tenant.workspace.workspace_id, true)).statusCode).toBe(200);
    const second = await newWorkspace(tenant.home.token);
    expect(second.statusCode, second.body).toBe(201);
    const restore = await setArchived(tenant.home.token, tenant.workspace.workspace_id, false);
    expectPlanLimit(restore, messages.planLimitWorkspaces('Solo', 1));
    // Archiving again what is archived, or the other one, is never refused.
    expect((await setArchived(tenant.home.token, second.json().data.workspace_id, true)).statusCode).toBe(
      200,
    );
    expect((await setArchived(tenant.home.token, tenant.workspace.workspace_id, false)).statusCode).toBe(200);
  });

  it('null is unlimited', async () => {
    const tenant = await newTenant(t);
    await limitTo(tenant, { maxWorkspaces: null, maxMembers: null });
    for (const name of ['Two', 'Three'])
      expect((await newWorkspace(tenant.home.token, name)).statusCode).toBe(201);
  });

  it('three creations at the same instant never overshoot the limit', async () => {
    const tenant = await newTenant(t);
    await limitTo(tenant, { maxWorkspaces: 2, maxMembers: null });
    const answers = await Promise.all(['A', 'B', 'C'].map((name) => newWorkspace(tenant.home.token, name)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
  });
});

describe('member limit', () => {
  it('counts the holder, active members and pending invitations; re-inviting the same address costs nothing', async () => {
    const tenant = await newTenant(t);
    await limitTo(tenant, { maxWorkspaces: null, maxMembers: 3 }, 'Trio');
    await addMember(t, tenant.workspace, 'member');
    const invited = uniqueEmail('invitee');
    expect((await inviteAddress(tenant.owner.token, invited)).statusCode).toBe(201);
    expectPlanLimit(await inviteAddress(tenant.owner.token), messages.planLimitMembers('Trio', 3));
    // The same person again (a new link, a minute later) or in another workspace of the account: no new place.
    t.clock.advance(60);
    expect((await inviteAddress(tenant.owner.token, invited)).statusCode).toBe(201);
    const other = await createWorkspace(t, tenant.home.token, { workspace_name: 'Other' });
    const inOther = await enter(t, await login(t, tenant.holder.email), other.workspace_id);
    expect((await inviteAddress(inOther.token, invited)).statusCode).toBe(201);
    expectPlanLimit(await inviteAddress(inOther.token), messages.planLimitMembers('Trio', 3));
  });

  it('an inactive member and an expired invitation hold no place; reactivating and resending take one', async () => {
    const tenant = await newTenant(t);
    const planId = await limitTo(tenant, { maxWorkspaces: null, maxMembers: 2 }, 'Duo');
    const resting = await addMember(t, tenant.workspace, 'member', { status: 'inactive' });
    const pending = await invite(t, tenant.owner.token);
    const reactivate = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/team/${resting.userId}/status`,
        headers: bearer(tenant.owner.token),
        payload: { status: '1' },
      });
    expectPlanLimit(await reactivate(), messages.planLimitMembers('Duo', 2));

    t.clock.advance(8 * 86_400);
    const owner = await enter(t, await login(t, tenant.holder.email), tenant.workspace.workspace_id);
    const reactivated = await t.app.inject({
      method: 'PATCH',
      url: `/api/team/${resting.userId}/status`,
      headers: bearer(owner.token),
      payload: { status: '1' },
    });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    const resend = await post(
      t.app,
      `/api/team/invitations/${pending.invitation.invitation_id}/resend`,
      undefined,
      bearer(owner.token),
    );
    expectPlanLimit(resend, messages.planLimitMembers('Duo', 2));
    await setLimits(planId, { maxMembers: 3 });
    expect(
      (
        await post(
          t.app,
          `/api/team/invitations/${pending.invitation.invitation_id}/resend`,
          undefined,
          bearer(owner.token),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('accepting keeps the place the invitation held, but not past a limit lowered since', async () => {
    const tenant = await newTenant(t);
    const planId = await limitTo(tenant, { maxWorkspaces: null, maxMembers: 3 }, 'Trio');
    const first = await invite(t, tenant.owner.token);
    const second = await invite(t, tenant.owner.token);
    const newUser = { first_name: 'Ivy', last_name: 'Vite', password: PASSWORD, confirm_password: PASSWORD };
    const accepted = await post(t.app, `/api/invitations/${first.token}/accept`, newUser);
    expect(accepted.statusCode, accepted.body).toBe(200);

    await setLimits(planId, { maxMembers: 2 });
    const refused = await post(t.app, `/api/invitations/${second.token}/accept`, newUser);
    expectPlanLimit(refused, messages.planLimitMembers('Trio', 2));
    // Refused, the claim rolled back: the invitation still works once there is room.
    await setLimits(planId, { maxMembers: 3 });
    expect((await post(t.app, `/api/invitations/${second.token}/accept`, newUser)).statusCode).toBe(200);
  });

  it('five invitations at the same instant never overshoot the limit', async () => {
    const tenant = await newTenant(t);
    await limitTo(tenant, { maxWorkspaces: null, maxMembers: 3 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => inviteAddress(tenant.owner.token)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 403, 403, 403]);
  });
});

describe('GET /api/billing usage', () => {
  it('shows workspaces and members against the limits, null for unlimited', async () => {
    const tenant = await newTenant(t);
    const planId = await limitTo(tenant, { maxWorkspaces: 1, maxMembers: 5 });
    await addMember(t, tenant.workspace, 'member');
    await addMember(t, tenant.workspace, 'member', { status: 'inactive' });
    await invite(t, tenant.owner.token);
    const usage = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/billing', headers: bearer(tenant.home.token) })).json()
        .data.usage;
    expect(await usage()).toEqual({ workspaces: { used: 1, max: 1 }, members: { used: 3, max: 5 } });
    await setLimits(planId, { maxWorkspaces: null, maxMembers: null });
    expect(await usage()).toEqual({ workspaces: { used: 1, max: null }, members: { used: 3, max: null } });
  });
});
