import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestApp, testApp } from '../../test/helpers.ts';
import { eventually, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { addMember, type Member, newTenant, type Tenant } from '../../test/tenants.ts';
import { call, createProject, taskBody, taskMailsTo } from '../../test/work.ts';

/*
 * A mail a request writes is delivered once the request's transaction has committed, never before
 * (db/tenant-context.ts afterCommit): a change that is rolled back at its COMMIT mails nobody, and a
 * delivery marks an outbox row that is there to see. A constraint trigger deferred to the COMMIT
 * makes the COMMIT fail, or take its time, for tasks of one name.
 */

describe('mail written by a request, delivered after its COMMIT', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let tenant: Tenant;
  let member: Member;
  let projectId: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await testApp(await openTestDb(), { SMTP_URL: smtp.url });
    await t.db.db.execute(sql`
      create or replace function test_task_at_commit() returns trigger language plpgsql as $$
      begin
        if new.name = 'Refused at commit' then
          raise exception 'refused at commit (test)';
        end if;
        if new.name = 'Slow at commit' then
          perform pg_sleep(0.4);
        end if;
        return null;
      end $$`);
    await t.db.db.execute(sql`drop trigger if exists test_task_at_commit on tasks`);
    await t.db.db.execute(sql`
      create constraint trigger test_task_at_commit after insert on tasks
      deferrable initially deferred for each row execute function test_task_at_commit()`);
    tenant = await newTenant(t);
    member = await addMember(t, tenant.workspace, 'member');
    projectId = (await createProject(t, tenant.owner.token)).project_id;
  });

  afterAll(async () => {
    await t.db.db.execute(sql`drop trigger if exists test_task_at_commit on tasks`);
    await t.db.db.execute(sql`drop function if exists test_task_at_commit()`);
    await t.app.close();
    await t.db.close();
    await smtp.close();
  });

  const createFor = (name: string) =>
    call(
      t,
      'POST',
      '/api/tasks',
      tenant.owner.token,
      taskBody(t, { project_id: projectId, assigned_to: member.userId }, { name }),
    );

  const mailsAbout = (name: string) =>
    smtp.received.filter((mail) => mail.to.includes(member.email) && mail.raw.includes(name));

  it('mails nobody when the COMMIT fails: no task, no outbox row, nothing delivered', async () => {
    const refused = await createFor('Refused at commit');
    expect(refused.statusCode).toBeGreaterThanOrEqual(500);
    // A task that commits, to the same person after it: once its mail is in, the refused one
    // would have been too.
    expect((await createFor('Committed after')).statusCode).toBe(201);
    await eventually(() => mailsAbout('Committed after')[0], 'the committed task’s mail');
    expect(mailsAbout('Refused at commit')).toEqual([]);
    const rows = await taskMailsTo(t, member.email);
    expect(rows.map((row) => row.subject)).toEqual(['New task: Committed after']);
  });

  it('delivers once the COMMIT is done, and marks the outbox row sent', async () => {
    const created = await createFor('Slow at commit');
    expect(created.statusCode).toBe(201);
    await eventually(() => mailsAbout('Slow at commit')[0], 'the slow task’s mail');
    const row = await eventually(async () => {
      const [found] = (await taskMailsTo(t, member.email)).filter((mail) => mail.subject.includes('Slow'));
      return found?.status === 'pending' ? undefined : found;
    }, 'the outbox row to be marked');
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
  });
});
