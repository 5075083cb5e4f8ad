import { TRIAL_DAYS } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { errorOf, type TestApp, useTestApp } from '../test/helpers.ts';
import { enter, login, memberIn, newTenant, type Tenant } from '../test/tenants.ts';
import { call, createProject, projectBody, taskBody } from '../test/work.ts';

const t = useTestApp();
const DAY_SECONDS = 24 * 60 * 60;

const expectReadOnly = (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode, response.body).toBe(403);
  expect(errorOf(response).error).toEqual({ code: 'READ_ONLY', message: messages.readOnlyAccount });
};

/** The tenant signed in again (home and workspace) after the clock moved past its refresh tokens. */
async function signInAgain(t: TestApp, tenant: Tenant): Promise<Tenant> {
  const home = await login(t, tenant.holder.email);
  const owner = await enter(t, await login(t, tenant.holder.email), tenant.workspace.workspace_id);
  return { ...tenant, home, owner };
}

const checkout = (token: string, planId = 2) =>
  call(t, 'POST', '/api/billing/checkout', token, { plan_id: planId });

describe('read-only accounts', () => {
  it('refuses every change once the trial is over, keeps reads and the own settings, and checkout lifts it', async () => {
    const before = await newTenant(t);
    const project = await createProject(t, before.owner.token);
    const worker = await memberIn(t, before.workspace, 'admin');
    t.clock.advance((TRIAL_DAYS + 1) * DAY_SECONDS);
    const tenant = await signInAgain(t, before);
    const { home, owner, workspace } = tenant;

    const me = await call(t, 'GET', '/api/me', owner.token);
    expect(me.json().data.subscription).toMatchObject({
      access: 'read_only',
      days_left: 0,
      status: 'trialing',
    });

    // Creating and changing: projects, tasks, milestones, workspaces, team, logo.
    expectReadOnly(await call(t, 'POST', '/api/projects', owner.token, projectBody(t)));
    expectReadOnly(
      await call(
        t,
        'POST',
        '/api/tasks',
        owner.token,
        taskBody(t, { assigned_to: before.holder.session.user.user_id, project_id: project.project_id }),
      ),
    );
    expectReadOnly(
      await call(t, 'POST', `/api/projects/${project.project_id}/milestones`, owner.token, {
        name: 'M',
        description: 'A milestone',
        status: 'not_started',
        due_date: '2030-01-01',
      }),
    );
    expectReadOnly(
      await call(t, 'PATCH', `/api/projects/${project.project_id}/status`, owner.token, {
        status: 'archived',
      }),
    );
    expectReadOnly(
      await call(t, 'POST', '/api/workspaces', home.token, {
        workspace_name: 'Second',
        template: 'workspace',
        description: 'Another one',
      }),
    );
    expectReadOnly(
      await call(t, 'PATCH', `/api/workspaces/${workspace.workspace_id}/status`, home.token, {
        archived: '1',
      }),
    );
    expectReadOnly(
      await call(t, 'POST', '/api/team/invitations', owner.token, {
        first_name: 'Ivy',
        email: 'ivy-read-only@example.com',
        role: 'worker',
      }),
    );
    const logo = await t.app.inject({
      method: 'PUT',
      url: `/api/workspaces/${workspace.workspace_id}/logo`,
      headers: { authorization: `Bearer ${home.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expectReadOnly(logo);
    // A member of the account is held to it too.
    const admin = await enter(t, await login(t, worker.email), workspace.workspace_id);
    expectReadOnly(await call(t, 'POST', '/api/projects', admin.token, projectBody(t)));

    // Reading still works.
    expect((await call(t, 'GET', '/api/projects', owner.token)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/projects/${project.project_id}`, owner.token)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/workspaces', home.token)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/team', owner.token)).statusCode).toBe(200);
    // The user's own settings, the session and billing still work.
    const profile = await call(t, 'PATCH', '/api/me/profile', owner.token, { first_name: 'Ada' });
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await call(t, 'GET', '/api/billing', home.token)).statusCode).toBe(200);

    // Buying a plan gives the access back at once, to the same tokens.
    const bought = await checkout(home.token);
    expect(bought.statusCode, bought.body).toBe(201);
    const created = await call(t, 'POST', '/api/projects', owner.token, projectBody(t));
    expect(created.statusCode, created.body).toBe(201);
    expect((await call(t, 'POST', '/api/projects', admin.token, projectBody(t))).statusCode).toBe(201);
    const meAfter = await call(t, 'GET', '/api/me', owner.token);
    expect(meAfter.json().data.subscription).toMatchObject({ access: 'full', status: 'active', plan_id: 2 });
  });

  it('turns read-only again when the paid period ends', async () => {
    const tenant = await newTenant(t);
    const bought = await checkout(tenant.home.token);
    expect(bought.statusCode).toBe(201);
    // Bought during the trial, the month runs from the trial's end (30 days) for a calendar month:
    // 28 to 31 days, by the date (the file's clock has moved on with the tests before).
    const { trial_ends_at: trialEnd, current_period_end: periodEnd } = bought.json().data.subscription;
    const seconds = (iso: string) => (Date.parse(iso) - t.clock.now().getTime()) / 1000;
    expect(seconds(trialEnd)).toBe(TRIAL_DAYS * DAY_SECONDS);
    expect(seconds(periodEnd)).toBeGreaterThanOrEqual((TRIAL_DAYS + 28) * DAY_SECONDS);
    t.clock.advance(seconds(periodEnd) - DAY_SECONDS);
    const during = await signInAgain(t, tenant);
    expect((await call(t, 'POST', '/api/projects', during.owner.token, projectBody(t))).statusCode).toBe(201);
    t.clock.advance(2 * DAY_SECONDS);
    const after = await signInAgain(t, tenant);
    expectReadOnly(await call(t, 'POST', '/api/projects', after.owner.token, projectBody(t)));
  });

  it('leaves accounts whose trial runs alone', async () => {
    const tenant = await newTenant(t);
    t.clock.advance((TRIAL_DAYS - 1) * DAY_SECONDS);
    const later = await signInAgain(t, tenant);
    expect((await call(t, 'POST', '/api/projects', later.owner.token, projectBody(t))).statusCode).toBe(201);
    const me = await call(t, 'GET', '/api/me', later.owner.token);
    expect(me.json().data.subscription).toMatchObject({ access: 'full', days_left: 1 });
  });

  it('still answers 400 for bad input and 401 without a token before the rule', async () => {
    const tenant = await newTenant(t);
    t.clock.advance((TRIAL_DAYS + 1) * DAY_SECONDS);
    const later = await signInAgain(t, tenant);
    const bad = await call(t, 'POST', '/api/projects', later.owner.token, { name: '' });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/projects', payload: projectBody(t) });
    expect(anonymous.statusCode).toBe(401);
  });
});
