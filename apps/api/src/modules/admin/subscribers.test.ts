import { randomUUID } from 'node:crypto';
import { messages } from '@workhub/shared/messages';
import type { Subscriber } from '@workhub/shared/schemas/admin';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/plans.ts';
import { bearer, errorOf, post, registration, signUp, uniqueEmail, useTestApp } from '../../test/helpers.ts';
import { staffMember } from '../../test/staff.ts';
import { createWorkspace, login, memberIn, newTenant } from '../../test/tenants.ts';

const t = useTestApp();

let superAdmin: string;
let platformAdmin: string;
beforeAll(async () => {
  superAdmin = (await staffMember(t, 'super_admin')).token;
  platformAdmin = (await staffMember(t, 'admin')).token;
});

const list = (query: string, token = superAdmin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/subscribers${query}`, headers: bearer(token) });
const setStatus = (accountId: string, payload: object, token = superAdmin) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/subscribers/${accountId}/status`,
    headers: bearer(token),
    payload,
  });
/** A surname nobody else has, so a search finds only this test's holders. */
const uniqueName = () => `Zq${randomUUID().slice(0, 8)}`;

describe('GET /api/admin/subscribers', () => {
  it('lists every account holder with plan, subscription, status and workspace count, newest first', async () => {
    const surname = uniqueName();
    const first = await signUp(t, uniqueEmail('sub'), { first_name: 'Grace', last_name: surname });
    t.clock.advance(60);
    const second = await signUp(t, uniqueEmail('sub'), { first_name: 'Alan', last_name: surname });
    const home = await login(t, second.email);
    await createWorkspace(t, home.token);
    await createWorkspace(t, home.token, { workspace_name: 'Second' });

    for (const token of [superAdmin, platformAdmin]) {
      const response = await list(`?q=${surname}`, token);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { data: Subscriber[]; meta: object };
      expect(body.meta).toEqual({ page: 1, limit: 14, total: 2 });
      expect(body.data.map((s) => s.email)).toEqual([second.email, first.email]);
      const [newest] = body.data;
      expect(newest).toMatchObject({
        account_id: second.session.user.account_id,
        user_id: second.session.user.user_id,
        first_name: 'Alan',
        last_name: surname,
        subscription_id: 1,
        plan_title: expect.any(String),
        subscription_status: 'trialing',
        current_period_end: null,
        status: 'active',
        workspaces: 2,
      });
      expect(Date.parse(newest?.trial_ends_at ?? '')).toBeGreaterThan(t.clock.now().getTime());
      expect(body.data[1]?.workspaces).toBe(0);
      expect(body.data.map((s) => s.email_verified)).toEqual([true, true]);
    }
  });

  it("says whose access is over (read-only), at the server's clock: the stored status stays 'trialing'", async () => {
    const surname = uniqueName();
    const early = await signUp(t, uniqueEmail('sub'), { first_name: 'Early', last_name: surname });
    t.clock.advance(60);
    const late = await signUp(t, uniqueEmail('sub'), { first_name: 'Late', last_name: surname });
    // Early's trial ended a minute ago.
    await t.db.db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(t.clock.now().getTime() - 60_000) })
      .where(eq(subscriptions.accountId, early.session.user.account_id ?? ''));
    const { data } = (await list(`?q=${surname}`)).json() as { data: Subscriber[] };
    expect(data.map((s) => [s.email, s.subscription_status, s.access])).toEqual([
      [late.email, 'trialing', 'full'],
      [early.email, 'trialing', 'read_only'],
    ]);
  });

  it('says which holders never entered the code mailed at sign-up', async () => {
    const surname = uniqueName();
    const email = uniqueEmail('unverified');
    const registered = await post(t.app, '/api/auth/register', registration(email, { last_name: surname }));
    expect(registered.statusCode, registered.body).toBe(201);
    const response = await list(`?q=${surname}`, superAdmin);
    expect((response.json() as { data: Subscriber[] }).data).toMatchObject([
      { email, email_verified: false },
    ]);
  });

  it('searches first name, last name, full name and e-mail, in any case; pattern characters are literal', async () => {
    const surname = uniqueName();
    const holder = await signUp(t, uniqueEmail('findme'), { first_name: 'Katherine', last_name: surname });
    const search = async (q: string) =>
      ((await list(`?q=${encodeURIComponent(q)}`)).json().data as Subscriber[]).map((s) => s.email);
    expect(await search(surname.toUpperCase())).toEqual([holder.email]);
    expect(await search(`katherine ${surname}`)).toEqual([holder.email]);
    expect(await search(holder.email.toUpperCase())).toEqual([holder.email]);
    expect(await search(`${surname}%`)).toEqual([]);
  });

  it('pages by 14', async () => {
    const surname = uniqueName();
    for (let i = 0; i < 15; i += 1) await signUp(t, uniqueEmail('page'), { last_name: surname });
    const first = (await list(`?q=${surname}`)).json();
    expect(first.data).toHaveLength(14);
    expect(first.meta).toEqual({ page: 1, limit: 14, total: 15 });
    const second = (await list(`?q=${surname}&page=2`)).json();
    expect(second.data).toHaveLength(1);
    expect(second.meta.total).toBe(15);
  });

  it('answers 400 to a bad page, 401 without a token, 403 to an owner and to a member', async () => {
    expect((await list('?page=0')).statusCode).toBe(400);
    expect((await list('?limit=101')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/subscribers' })).statusCode).toBe(401);
    const tenant = await newTenant(t);
    for (const token of [tenant.home.token, tenant.owner.token]) {
      const response = await list('', token);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).error.code).toBe('FORBIDDEN');
    }
    const member = await memberIn(t, tenant.workspace, 'admin');
    expect((await list('', member.token)).statusCode).toBe(403);
  });
});

describe('PATCH /api/admin/subscribers/:accountId/status', () => {
  it('deactivates and reactivates an account, answering the updated row', async () => {
    const holder = await signUp(t, uniqueEmail('toggle'), { last_name: uniqueName() });
    const accountId = holder.session.user.account_id ?? '';
    const off = await setStatus(accountId, { status: 'inactive' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      message: messages.subscriberStatusChanged,
      data: { account_id: accountId, email: holder.email, status: 'inactive', workspaces: 0 },
    });
    const listed = (await list(`?q=${holder.email}`)).json().data as Subscriber[];
    expect(listed[0]?.status).toBe('inactive');
    // The spec's '1' and '0' are taken too.
    const on = await setStatus(accountId, { status: '1' }, platformAdmin);
    expect(on.json().data.status).toBe('active');
  });

  it('answers 404 to an unknown account, 400 to a bad id or body, 403 to workspace roles', async () => {
    const missing = await setStatus(randomUUID(), { status: 'inactive' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).error.code).toBe('NOT_FOUND');
    expect((await setStatus('not-a-uuid', { status: 'inactive' })).statusCode).toBe(400);
    const tenant = await newTenant(t);
    const bad = await setStatus(tenant.workspace.account_id, { status: 'paused' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).error.fields).toHaveProperty('status');
    expect((await setStatus(tenant.workspace.account_id, {})).statusCode).toBe(400);
    const refused = await setStatus(tenant.workspace.account_id, { status: 'inactive' }, tenant.owner.token);
    expect(refused.statusCode).toBe(403);
    // Nothing changed.
    const listed = (await list(`?q=${tenant.holder.email}`)).json().data as Subscriber[];
    expect(listed[0]?.status).toBe('active');
  });
});
