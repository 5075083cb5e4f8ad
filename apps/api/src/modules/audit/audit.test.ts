import { messages } from '@workhub/shared/messages';
import type { AuditEntry } from '@workhub/shared/schemas/audit';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvBody } from '../../test/csv.ts';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { staffMember } from '../../test/staff.ts';
import { createTag } from '../../test/tags.ts';
import { addMember, memberIn, newTenant, type Tenant } from '../../test/tenants.ts';
import { call } from '../../test/work.ts';
import { recordAudit } from './audit.ts';
import { auditRowsOf } from './audit-test-helpers.ts';

const t = useTestApp();

const list = (token: string, query = '') => call(t, 'GET', `/api/audit${query}`, token);
const entries = async (token: string, query = ''): Promise<AuditEntry[]> => {
  const response = await list(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

/** Rows straight into the log of the tenant's account, `daysAgo` days before the test clock. */
async function seedRows(
  tenant: Tenant,
  rows: { action: 'task.deleted' | 'tag.deleted'; email: string; daysAgo: number }[],
) {
  for (const row of rows) {
    await recordAudit(t.db.db, {
      action: row.action,
      accountId: tenant.workspace.account_id,
      workspaceId: tenant.workspace.workspace_id,
      actor: { userId: null, email: row.email, ip: '10.0.0.1' },
      entityType: row.action === 'task.deleted' ? 'task' : 'tag',
      entityId: crypto.randomUUID(),
      at: new Date(t.clock.now().getTime() - row.daysAgo * 86_400_000),
    });
  }
}

describe('GET /api/audit', () => {
  it("answers the account's events newest first in the list envelope, for the owner at home or in a workspace", async () => {
    const tenant = await newTenant(t);
    const atHome = await list(tenant.home.token);
    expect(atHome.statusCode).toBe(200);
    const { data, meta } = atHome.json();
    expect(meta).toEqual({ page: 1, limit: 14, total: data.length });
    expect(data.length).toBeGreaterThanOrEqual(2);
    expect(data[0]).toMatchObject({
      account_id: tenant.workspace.account_id,
      action: 'auth.sign_in',
      actor_email: tenant.holder.email,
      ip: '127.0.0.1',
    });
    const times = data.map((e: AuditEntry) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await entries(tenant.owner.token)).length).toBe(data.length);
  });

  it('filters by action, actor, entity type and dates (both ends included), and pages in SQL', async () => {
    const tenant = await newTenant(t);
    await seedRows(tenant, [
      { action: 'task.deleted', email: 'ann@example.com', daysAgo: 10 },
      { action: 'task.deleted', email: 'bob@example.com', daysAgo: 5 },
      { action: 'tag.deleted', email: 'ann@example.com', daysAgo: 1 },
    ]);
    const token = tenant.owner.token;
    expect((await entries(token, '?action=task.deleted')).map((e) => e.actor_email)).toEqual([
      'bob@example.com',
      'ann@example.com',
    ]);
    expect((await entries(token, '?actor=ANN@')).map((e) => e.action)).toEqual([
      'tag.deleted',
      'task.deleted',
    ]);
    expect((await entries(token, '?entity_type=tag')).map((e) => e.action)).toEqual(['tag.deleted']);
    const day = (daysAgo: number) =>
      new Date(t.clock.now().getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const ranged = await entries(token, `?action=task.deleted&from=${day(5)}&to=${day(5)}`);
    expect(ranged.map((e) => e.actor_email)).toEqual(['bob@example.com']);

    const second = await list(token, '?action=task.deleted&page=2&limit=1');
    expect(second.json().meta).toEqual({ page: 2, limit: 1, total: 2 });
    expect(second.json().data.map((e: AuditEntry) => e.actor_email)).toEqual(['ann@example.com']);
  });

  it('answers 400 for an unknown action, a bad date, an inverted range and a limit over 100', async () => {
    const { owner } = await newTenant(t);
    const bad = await list(owner.token, '?action=drop.tables');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).error.fields?.action).toBe(messages.auditActionInvalid);
    expect((await list(owner.token, '?from=2026-02-30')).statusCode).toBe(400);
    const inverted = await list(owner.token, '?from=2026-03-02&to=2026-03-01');
    expect(errorOf(inverted).error.fields?.to).toBe(messages.auditRangeInvalid);
    expect((await list(owner.token, '?limit=101')).statusCode).toBe(400);
  });

  it("never shows another account's rows, whatever the filters", async () => {
    const mine = await newTenant(t);
    const theirs = await newTenant(t);
    await seedRows(theirs, [{ action: 'tag.deleted', email: 'theirs@example.com', daysAgo: 0 }]);
    const seen = await entries(mine.owner.token, '?limit=100');
    expect(seen.every((e) => e.account_id === mine.workspace.account_id)).toBe(true);
    expect(await entries(mine.owner.token, '?actor=theirs@')).toEqual([]);
    const body = (await list(mine.owner.token, '?limit=100')).body;
    expect(body).not.toContain(theirs.workspace.account_id);
  });

  it("is the owner's only: 403 for an admin, member and worker; 401 anonymous", async () => {
    const { workspace } = await newTenant(t);
    for (const role of ['admin', 'member', 'worker'] as const) {
      const response = await list((await memberIn(t, workspace, role)).token);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).error.message).toBe(messages.forbidden);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });
});

describe('GET /api/audit/export', () => {
  it('answers the filtered log as CSV, neutralising formulas, and logs the export itself', async () => {
    const tenant = await newTenant(t);
    await seedRows(tenant, [{ action: 'tag.deleted', email: '=HYPERLINK("x")@example.com', daysAgo: 0 }]);
    const response = await call(t, 'GET', '/api/audit/export?entity_type=tag', tenant.owner.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csvBody(response.body).split('\r\n').slice(0, -1);
    expect(lines[0]).toBe('When (UTC),Actor,Action,Record type,Record id,Workspace id,Before,After,IP');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")@example.com"`);
    const [exported] = await auditRowsOf(t, tenant.workspace.account_id, 'export.audit');
    expect(exported).toMatchObject({
      actorEmail: tenant.holder.email,
      after: { rows: 1, entity_type: 'tag' },
    });
    // Only its filters: an export has no page.
    expect(Object.keys(exported?.after ?? {})).not.toContain('page');
    expect(Object.keys(exported?.after ?? {})).not.toContain('limit');
  });

  it('is refused to an admin (403)', async () => {
    const { workspace } = await newTenant(t);
    const admin = await memberIn(t, workspace, 'admin');
    expect((await call(t, 'GET', '/api/audit/export', admin.token)).statusCode).toBe(403);
  });
});

describe('one transaction with the change', () => {
  it('a row written in a transaction that fails is not kept', async () => {
    const { workspace } = await newTenant(t);
    const entityId = crypto.randomUUID();
    await expect(
      t.db.db.transaction(async (tx) => {
        await recordAudit(tx, {
          action: 'tag.deleted',
          accountId: workspace.account_id,
          actor: { userId: null, email: null, ip: null },
          entityId,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await auditRowsOf(t, workspace.account_id, 'tag.deleted', entityId)).toEqual([]);
  });

  it('a change whose audit row cannot be written does not happen (the delete rolls back)', async () => {
    const { owner, workspace } = await newTenant(t);
    const tag = await createTag(t, owner.token, { name: 'Kept' });
    // A trigger that refuses this one row: the audit insert fails inside the delete's transaction.
    const fn = `refuse_audit_${tag.id.replaceAll('-', '')}`;
    await t.db.db.execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin
        if new.entity_id = '${tag.id}' then raise exception 'audit refused'; end if; return new; end $$`),
    );
    await t.db.db.execute(
      sql.raw(`create trigger ${fn} before insert on audit_log for each row execute function ${fn}()`),
    );
    try {
      expect((await call(t, 'DELETE', `/api/tags/${tag.id}`, owner.token)).statusCode).toBe(500);
    } finally {
      await t.db.db.execute(sql.raw(`drop trigger ${fn} on audit_log`));
      await t.db.db.execute(sql.raw(`drop function ${fn}()`));
    }
    const tags = (await call(t, 'GET', '/api/tags', owner.token)).json().data;
    expect(tags.map((x: { id: string }) => x.id)).toContain(tag.id);
    expect(await auditRowsOf(t, workspace.account_id, 'tag.deleted', tag.id)).toEqual([]);
  });
});

describe('GET /api/admin/audit', () => {
  it("answers the platform's rows (no account) to staff, and one account's with account_id", async () => {
    const staff = await staffMember(t, 'admin');
    const tenant = await newTenant(t);
    await addMember(t, tenant.workspace, 'member');
    const platform = await call(t, 'GET', '/api/admin/audit?limit=100', staff.token);
    expect(platform.statusCode).toBe(200);
    const rows: AuditEntry[] = platform.json().data;
    expect(rows.every((e) => e.account_id === null)).toBe(true);
    // The staff member's own sign-in is a platform event.
    expect(rows.some((e) => e.action === 'auth.sign_in' && e.actor_email === staff.email)).toBe(true);
    const one = await call(
      t,
      'GET',
      `/api/admin/audit?account_id=${tenant.workspace.account_id}`,
      staff.token,
    );
    expect(one.json().data.every((e: AuditEntry) => e.account_id === tenant.workspace.account_id)).toBe(true);
    expect(one.json().meta.total).toBeGreaterThan(0);
    expect((await call(t, 'GET', '/api/admin/audit', tenant.owner.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/admin/audit?account_id=nope', staff.token)).statusCode).toBe(400);
  });
});
