import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { bearer, errorOf, PASSWORD, post, signUp, useTestApp } from '../test/helpers.ts';
import { invite } from '../test/invitations.ts';
import { createTag } from '../test/tags.ts';
import { addMember, insertProject, insertTask, login, newTenant } from '../test/tenants.ts';
import { call, createMilestone, daysFromNow } from '../test/work.ts';
import { auditRowsOf } from './audit/audit-test-helpers.ts';

// The same request sent many times at the same instant (on PostgreSQL they run at once, on several
// connections): the record is taken, changed or closed once, its audit has one row whose 'before' is
// what it was, and every other answer says what the first one left (404 for what is gone).

const t = useTestApp();
const AT_ONCE = 8;
type Status = { status: string };

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();
const times = (n: number, code: number) => Array.from({ length: n }, () => code);
const atOnce = <T>(send: () => Promise<T>) => Promise.all(Array.from({ length: AT_ONCE }, send));

describe('deleting one record many times at once', () => {
  it('a tag: one 200, the rest 404, one audit row', async () => {
    const { owner, workspace } = await newTenant(t);
    const tag = await createTag(t, owner.token, { name: 'Urgent' });
    const answers = await atOnce(() => call(t, 'DELETE', `/api/tags/${tag.id}`, owner.token));
    expect(statuses(answers)).toEqual([200, ...times(AT_ONCE - 1, 404)]);
    expect(await auditRowsOf(t, workspace.account_id, 'tag.deleted', tag.id)).toHaveLength(1);
  });

  it('a task: one 2xx, the rest 404, one audit row', async () => {
    const { owner, workspace } = await newTenant(t);
    const project = await insertProject(t, workspace);
    const task = await insertTask(t, { ...workspace, project_id: project });
    const answers = await atOnce(() => call(t, 'DELETE', `/api/tasks/${task}`, owner.token));
    const ok = answers.filter((a) => a.statusCode < 300);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 404)).toHaveLength(AT_ONCE - 1);
    expect(await auditRowsOf(t, workspace.account_id, 'task.deleted', task)).toHaveLength(1);
  });

  it('a milestone: one 2xx, the rest 404, one audit row', async () => {
    const { owner, workspace } = await newTenant(t);
    const project = await insertProject(t, workspace);
    const milestone = await createMilestone(t, owner.token, project);
    const answers = await atOnce(() =>
      call(t, 'DELETE', `/api/milestones/${milestone.milestone_id}`, owner.token),
    );
    expect(answers.filter((a) => a.statusCode < 300)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 404)).toHaveLength(AT_ONCE - 1);
    expect(
      await auditRowsOf(t, workspace.account_id, 'milestone.deleted', milestone.milestone_id),
    ).toHaveLength(1);
  });

  it('a member: one 2xx, the rest 404, one audit row', async () => {
    const { owner, workspace } = await newTenant(t);
    const member = await addMember(t, workspace, 'worker');
    const answers = await atOnce(() => call(t, 'DELETE', `/api/team/${member.userId}`, owner.token));
    expect(answers.filter((a) => a.statusCode < 300)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 404)).toHaveLength(AT_ONCE - 1);
    expect(await auditRowsOf(t, workspace.account_id, 'member.removed', member.userId)).toHaveLength(1);
  });
});

describe('one change sent many times at once', () => {
  it("archiving a project: every answer 200, one audit row whose 'before' is in progress", async () => {
    const { owner, workspace } = await newTenant(t);
    const project = await insertProject(t, workspace, { status: 'in_progress' });
    const answers = await atOnce(() =>
      call(t, 'PATCH', `/api/projects/${project}/status`, owner.token, { status: 'archived' }),
    );
    expect(statuses(answers)).toEqual(times(AT_ONCE, 200));
    const rows = await auditRowsOf(t, workspace.account_id, 'project.status_changed', project);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.before).toMatchObject({ status: 'in_progress' });
    expect(rows[0]?.after).toMatchObject({ status: 'archived' });
  });

  it('archiving and restoring at once: the audit rows chain from the first status to the last', async () => {
    const { owner, workspace } = await newTenant(t);
    const project = await insertProject(t, workspace, { status: 'in_progress' });
    const answers = await Promise.all(
      ['archived', 'in_progress', 'archived', 'in_progress', 'archived'].map((status) =>
        call(t, 'PATCH', `/api/projects/${project}/status`, owner.token, { status }),
      ),
    );
    expect(statuses(answers)).toEqual(times(5, 200));
    const final = (await call(t, 'GET', `/api/projects/${project}`, owner.token)).json().data.status;
    const rows = await auditRowsOf(t, workspace.account_id, 'project.status_changed', project);
    const moves = rows.map((row) => `${(row.before as Status).status}>${(row.after as Status).status}`);
    // Each row a real change from what the project then was: archivals and restorations alternate
    // from 'in_progress', so they differ by one when it ends archived and are as many otherwise.
    const archivals = moves.filter((move) => move === 'in_progress>archived').length;
    const restorations = moves.filter((move) => move === 'archived>in_progress').length;
    expect(archivals + restorations).toBe(moves.length);
    expect(archivals - restorations).toBe(final === 'archived' ? 1 : 0);
  });

  it("deactivating a member: one audit row whose 'before' is active", async () => {
    const { owner, workspace } = await newTenant(t);
    const member = await addMember(t, workspace, 'worker');
    const answers = await atOnce(() =>
      call(t, 'PATCH', `/api/team/${member.userId}/status`, owner.token, { status: '0' }),
    );
    expect(statuses(answers)).toEqual(times(AT_ONCE, 200));
    const rows = await auditRowsOf(t, workspace.account_id, 'member.status_changed', member.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.before).toMatchObject({ status: 'active' });
  });

  it("changing a member's role: one audit row whose 'before' is the old role", async () => {
    const { owner, workspace } = await newTenant(t);
    const member = await addMember(t, workspace, 'worker');
    const body = { first_name: 'Worker', last_name: 'Tester', role: 'admin' };
    const answers = await atOnce(() => call(t, 'PATCH', `/api/team/${member.userId}`, owner.token, body));
    expect(statuses(answers)).toEqual(times(AT_ONCE, 200));
    const rows = await auditRowsOf(t, workspace.account_id, 'member.role_changed', member.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.before).toMatchObject({ role: 'worker' });
  });

  it('revoking an invitation: one audit row, every answer 204', async () => {
    const { owner, workspace } = await newTenant(t);
    const { invitation } = await invite(t, owner.token);
    const url = `/api/team/invitations/${invitation.invitation_id}`;
    const answers = await atOnce(() => call(t, 'DELETE', url, owner.token));
    expect(statuses(answers)).toEqual(times(AT_ONCE, 204));
    expect(
      await auditRowsOf(t, workspace.account_id, 'invitation.revoked', invitation.invitation_id),
    ).toHaveLength(1);
  });

  it('an accepted invitation is not marked revoked by a revocation at the same instant', async () => {
    const { owner, workspace } = await newTenant(t);
    const { invitation, token } = await invite(t, owner.token);
    const [revoked, accepted] = await Promise.all([
      call(t, 'DELETE', `/api/team/invitations/${invitation.invitation_id}`, owner.token),
      post(t.app, `/api/invitations/${token}/accept`, {
        first_name: 'Ivy',
        last_name: 'Vite',
        password: PASSWORD,
        confirm_password: PASSWORD,
      }),
    ]);
    const revokedRows = await auditRowsOf(
      t,
      workspace.account_id,
      'invitation.revoked',
      invitation.invitation_id,
    );
    if (accepted.statusCode < 300) {
      // Accepted first: the revocation is refused and leaves no trace.
      expect(revoked.statusCode, revoked.body).toBe(410);
      expect(revokedRows).toHaveLength(0);
    } else {
      expect(revoked.statusCode).toBe(204);
      expect(revokedRows).toHaveLength(1);
    }
  });
});

describe('editing a project while it is archived at the same instant', () => {
  it('never brings an archived project back: the edit lands before the archival or is refused (409)', async () => {
    const { owner, workspace } = await newTenant(t);
    for (let round = 0; round < 6; round++) {
      const project = await insertProject(t, workspace, { status: 'in_progress' });
      const edit = (n: number) =>
        call(t, 'PATCH', `/api/projects/${project}`, owner.token, {
          name: `Edit ${n}`,
          description: 'Edited',
          due_date: daysFromNow(t, 30),
          status: 'in_progress',
        });
      const [archived, ...edits] = await Promise.all([
        call(t, 'PATCH', `/api/projects/${project}/status`, owner.token, { status: 'archived' }),
        ...Array.from({ length: AT_ONCE - 1 }, (_, n) => edit(n)),
      ]);
      expect(archived.statusCode).toBe(200);
      for (const answer of edits) expect([200, 409], answer.body).toContain(answer.statusCode);
      const final = (await call(t, 'GET', `/api/projects/${project}`, owner.token)).json().data;
      // The archival answered 200 and nothing restored it: an edit that read the project before it
      // was archived must not write its status over the archival.
      expect(final.status).toBe('archived');
    }
  });
});

describe('changing the password twice at once', () => {
  it('one change is made; the other is told the current password is wrong', async () => {
    const { email } = await signUp(t);
    const device = await login(t, email);
    const answers = await Promise.all(
      ['first-new-1', 'second-new-1', 'third-new-1'].map((password) =>
        post(
          t.app,
          '/api/me/password',
          { current_password: PASSWORD, password, confirm_password: password },
          bearer(device.token),
        ),
      ),
    );
    expect(statuses(answers)).toEqual([200, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400)) {
      expect(errorOf(refused).error.message).toBe(messages.currentPasswordWrong);
    }
  });
});
