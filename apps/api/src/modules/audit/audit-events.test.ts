import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, PASSWORD, post, uniqueEmail, useTestApp } from '../../test/helpers.ts';
import { invite } from '../../test/invitations.ts';
import { staffMember } from '../../test/staff.ts';
import { createTag } from '../../test/tags.ts';
import { addMember, memberIn, newTenant } from '../../test/tenants.ts';
import { call, createMilestone, createProject, createTask, tenantWithWorker } from '../../test/work.ts';
import { auditRowsOf, theAuditRow } from './audit-test-helpers.ts';

/*
 * Every event class of the audit log writes its row, with the tenant, the actor (id, e-mail, IP),
 * the record and its before and after, and never a secret (theAuditRow checks each row for one).
 * The app is called through inject, whose client address is 127.0.0.1.
 */

const t = useTestApp();
const IP = '127.0.0.1';

describe('sign-ins', () => {
  it('writes auth.sign_in in the account the session opens in, with the IP', async () => {
    const { holder, workspace } = await newTenant(t);
    const rows = await auditRowsOf(t, workspace.account_id, 'auth.sign_in');
    // newTenant signs the holder in twice (at home, then again to enter the workspace).
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toMatchObject({
      actorUserId: holder.session.user.user_id,
      actorEmail: holder.email,
      entityType: 'user',
      ip: IP,
    });
  });

  it('writes auth.sign_in_failed: a wrong password in the holder account, an unknown address in the platform log', async () => {
    const { holder, workspace } = await newTenant(t);
    expect(
      (await post(t.app, '/api/auth/login', { email: holder.email, password: 'wrong-1' })).statusCode,
    ).toBe(401);
    const failed = await theAuditRow(t, workspace.account_id, 'auth.sign_in_failed');
    expect(failed).toMatchObject({ actorEmail: holder.email, ip: IP, after: { reason: 'wrong_password' } });
    expect(JSON.stringify(failed)).not.toContain('wrong-1');

    const stranger = uniqueEmail('nobody');
    await post(t.app, '/api/auth/login', { email: stranger, password: PASSWORD });
    const platform = (await auditRowsOf(t, null, 'auth.sign_in_failed')).filter(
      (r) => r.actorEmail === stranger,
    );
    expect(platform).toHaveLength(1);
    expect(platform[0]).toMatchObject({ actorUserId: null, after: { reason: 'unknown_email' } });
  });
});

describe('team and invitations', () => {
  it('writes member.role_changed, member.status_changed and member.removed with before and after', async () => {
    const { owner, workspace, holder } = await newTenant(t);
    const member = await addMember(t, workspace, 'member');
    const url = `/api/team/${member.userId}`;
    expect((await call(t, 'PATCH', url, owner.token, { first_name: 'M', role: 'admin' })).statusCode).toBe(
      200,
    );
    const role = await theAuditRow(t, workspace.account_id, 'member.role_changed', member.userId);
    expect(role).toMatchObject({
      workspaceId: workspace.workspace_id,
      actorEmail: holder.email,
      entityType: 'member',
      before: { email: member.email, role: 'member' },
      after: { email: member.email, role: 'admin' },
      ip: IP,
    });
    expect((await call(t, 'PATCH', `${url}/status`, owner.token, { status: 'inactive' })).statusCode).toBe(
      200,
    );
    const status = await theAuditRow(t, workspace.account_id, 'member.status_changed', member.userId);
    expect(status).toMatchObject({ before: { status: 'active' }, after: { status: 'inactive' } });
    expect((await call(t, 'DELETE', url, owner.token)).statusCode).toBe(204);
    const removed = await theAuditRow(t, workspace.account_id, 'member.removed', member.userId);
    expect(removed.before).toMatchObject({ email: member.email, role: 'admin' });
  });

  it('writes invitation.sent, resent, revoked and accepted, never the link token', async () => {
    const { owner, workspace } = await newTenant(t);
    const first = await invite(t, owner.token);
    const sent = await theAuditRow(
      t,
      workspace.account_id,
      'invitation.sent',
      first.invitation.invitation_id,
    );
    expect(sent.after).toMatchObject({ email: first.email, role: 'worker' });
    expect(JSON.stringify(sent)).not.toContain(first.token);
    const id = first.invitation.invitation_id;
    t.clock.advance(60);
    expect(
      (await post(t.app, `/api/team/invitations/${id}/resend`, undefined, bearer(owner.token))).statusCode,
    ).toBe(200);
    await theAuditRow(t, workspace.account_id, 'invitation.resent', id);
    expect((await call(t, 'DELETE', `/api/team/invitations/${id}`, owner.token)).statusCode).toBe(204);
    await theAuditRow(t, workspace.account_id, 'invitation.revoked', id);

    const second = await invite(t, owner.token);
    const accepted = await post(t.app, `/api/invitations/${second.token}/accept`, {
      first_name: 'Ivy',
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const row = await theAuditRow(
      t,
      workspace.account_id,
      'invitation.accepted',
      second.invitation.invitation_id,
    );
    expect(row).toMatchObject({ actorEmail: second.email, after: { new_user: true }, ip: IP });
  });
});

describe('workspaces, projects and deletions', () => {
  it('writes workspace.archived and workspace.restored', async () => {
    const { home, workspace } = await newTenant(t);
    const url = `/api/workspaces/${workspace.workspace_id}/status`;
    expect((await call(t, 'PATCH', url, home.token, { archived: true })).statusCode).toBe(200);
    expect((await call(t, 'PATCH', url, home.token, { archived: false })).statusCode).toBe(200);
    const archived = await theAuditRow(t, workspace.account_id, 'workspace.archived', workspace.workspace_id);
    expect(archived).toMatchObject({ workspaceId: workspace.workspace_id, after: { archived: true } });
    await theAuditRow(t, workspace.account_id, 'workspace.restored', workspace.workspace_id);
  });

  it('writes project.status_changed, milestone.deleted, task.deleted and tag.deleted with the record before', async () => {
    const { owner, workspace, project, toWorker } = await tenantWithWorker(t);
    const milestone = await createMilestone(t, owner.token, project.project_id, { name: 'Beta' });
    const task = await createTask(t, owner.token, toWorker, { name: 'Write docs' });
    const tag = await createTag(t, owner.token, { name: 'Old' });
    expect((await call(t, 'DELETE', `/api/tasks/${task.task_id}`, owner.token)).statusCode).toBe(200);
    expect(
      (await call(t, 'DELETE', `/api/milestones/${milestone.milestone_id}`, owner.token)).statusCode,
    ).toBe(200);
    expect((await call(t, 'DELETE', `/api/tags/${tag.id}`, owner.token)).statusCode).toBe(200);
    const status = { status: 'archived' };
    expect(
      (await call(t, 'PATCH', `/api/projects/${project.project_id}/status`, owner.token, status)).statusCode,
    ).toBe(200);
    const account = workspace.account_id;
    expect((await theAuditRow(t, account, 'task.deleted', task.task_id)).before).toMatchObject({
      name: 'Write docs',
    });
    expect((await theAuditRow(t, account, 'milestone.deleted', milestone.milestone_id)).before).toMatchObject(
      {
        name: 'Beta',
      },
    );
    expect((await theAuditRow(t, account, 'tag.deleted', tag.id)).before).toMatchObject({ name: 'Old' });
    const archived = await theAuditRow(t, account, 'project.status_changed', project.project_id);
    expect(archived).toMatchObject({ before: { name: 'Website' }, after: { status: 'archived' } });
  });

  it('writes export.projects and export.tasks with the rows exported and the filters', async () => {
    const { owner, workspace } = await newTenant(t);
    await createProject(t, owner.token, { name: 'Alpha' });
    expect((await call(t, 'GET', '/api/projects/export?q=alp', owner.token)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/tasks/export', owner.token)).statusCode).toBe(200);
    const projects = await theAuditRow(t, workspace.account_id, 'export.projects');
    expect(projects).toMatchObject({ workspaceId: workspace.workspace_id, after: { rows: 1, q: 'alp' } });
    expect((await theAuditRow(t, workspace.account_id, 'export.tasks')).after).toMatchObject({ rows: 0 });
  });
});

describe('plans and billing', () => {
  it('writes subscription.plan_chosen and billing.checkout in the account', async () => {
    const { home, workspace } = await newTenant(t);
    const picked = await t.app.inject({
      method: 'PUT',
      url: '/api/account/subscription',
      headers: bearer(home.token),
      payload: { subscription_id: 1 },
    });
    expect(picked.statusCode, picked.body).toBe(200);
    await theAuditRow(t, workspace.account_id, 'subscription.plan_chosen');
    const bought = await call(t, 'POST', '/api/billing/checkout', home.token, { plan_id: 2 });
    expect(bought.statusCode, bought.body).toBe(201);
    const row = await theAuditRow(t, workspace.account_id, 'billing.checkout');
    expect(row).toMatchObject({ entityType: 'invoice', before: { plan_id: 1 }, after: { plan_id: 2 } });
  });

  it("writes staff's plan edits and account status changes in the platform log", async () => {
    const staff = await staffMember(t, 'super_admin');
    const created = await call(t, 'POST', '/api/admin/plans', staff.token, {
      title: `Audit ${randomUUID().slice(0, 6)}`,
      subscription: 'per month',
      price: 9,
      description: 'A plan for the audit log test, with enough words in it.',
      button_text: 'Go',
      button_variant: 'contained',
      month: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = String(created.json().data.subscription_id);
    expect((await call(t, 'PATCH', `/api/admin/plans/${id}`, staff.token, { price: 11 })).statusCode).toBe(
      200,
    );
    // The form saved again unchanged (every field as it is): no second 'Plan edited' without a change.
    const plan = (await call(t, 'GET', `/api/admin/plans/${id}`, staff.token)).json().data;
    const again = await call(t, 'PATCH', `/api/admin/plans/${id}`, staff.token, {
      title: plan.title,
      subscription: plan.subscription,
      subheader: plan.subheader ?? '',
      price: Number(plan.price),
      description: plan.description,
      button_text: plan.button_text,
      button_variant: plan.button_variant,
      month: plan.month,
      max_workspaces: plan.max_workspaces,
      max_members: plan.max_members,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ title: plan.title, price: plan.price });
    expect(
      (await call(t, 'PATCH', `/api/admin/plans/${id}/status`, staff.token, { status: 'inactive' }))
        .statusCode,
    ).toBe(200);
    await theAuditRow(t, null, 'plan.created', id);
    const edited = await theAuditRow(t, null, 'plan.changed', id);
    expect(edited).toMatchObject({ actorEmail: staff.email, before: { price: 9 }, after: { price: 11 } });
    await theAuditRow(t, null, 'plan.status_changed', id);

    const { workspace } = await newTenant(t);
    const url = `/api/admin/subscribers/${workspace.account_id}/status`;
    expect((await call(t, 'PATCH', url, staff.token, { status: 'inactive' })).statusCode).toBe(200);
    const row = await theAuditRow(t, null, 'subscriber.status_changed', workspace.account_id);
    expect(row).toMatchObject({ before: { status: 'active' }, after: { status: 'inactive' } });
  });
});

describe('failed changes', () => {
  it('write no row: a refused removal, a forbidden role change', async () => {
    const { owner, workspace } = await newTenant(t);
    const admin = await memberIn(t, workspace, 'admin');
    const member = await addMember(t, workspace, 'member');
    expect((await call(t, 'DELETE', `/api/team/${member.userId}`, admin.token)).statusCode).toBe(403);
    const ownerId = owner.session.user.user_id;
    expect(
      (await call(t, 'PATCH', `/api/team/${ownerId}/status`, owner.token, { status: 'inactive' })).statusCode,
    ).toBe(409);
    expect(await auditRowsOf(t, workspace.account_id, 'member.removed')).toEqual([]);
    expect(await auditRowsOf(t, workspace.account_id, 'member.status_changed')).toEqual([]);
  });
});
