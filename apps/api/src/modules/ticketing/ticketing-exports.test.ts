import { describe, expect, it } from 'vitest';
import { csvBody } from '../../test/csv.ts';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { memberIn, newTenant } from '../../test/tenants.ts';
import { auditRowsOf, theAuditRow } from '../audit/audit-test-helpers.ts';
import { createCounter, createService, takeTicket } from './ticketing-test-helpers.ts';

/* The module's CSV exports: tickets, services and counters, each with the list's filters and audited. */

const t = useTestApp();

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const lines = (csv: string) => csvBody(csv).trimEnd().split('\r\n');

async function queue() {
  const tenant = await newTenant(t, 'ticketing');
  const token = tenant.owner.token;
  const a = await createService(t, token, { name: 'Accounts', prefix: 'A', avg_service_minutes: 6 });
  const b = await createService(t, token, { name: 'Bills', prefix: 'B', status: 'inactive' });
  const c = await createService(t, token, { name: '=HYPERLINK("x")', prefix: 'C' });
  await createCounter(t, token, { name: 'Window 1', service_ids: [a.id, c.id] });
  await createCounter(t, token, { name: 'Window 2', service_ids: [a.id], status: 'inactive' });
  return { ...tenant, token, a, b, c };
}

describe('services and counters as CSV', () => {
  it('exports the services the search and filter keep, in the list order; formulas neutralised', async () => {
    const q = await queue();
    await takeTicket(t, q.token, q.a.id);
    const all = await get(q.token, '/api/ticketing/services/export');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toMatch(/^text\/csv/);
    expect(all.headers['content-disposition']).toMatch(
      /attachment; filename="queue-services-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = lines(all.body);
    expect(rows[0]).toBe('Prefix,Name,Average minutes,Status,Waiting now,Created at');
    expect(rows.slice(1).map((r) => r.split(',').slice(0, 5).join(','))).toEqual([
      'A,Accounts,6,active,1',
      'B,Bills,5,inactive,0',
      `C,"'=HYPERLINK(""x"")",5,active,0`,
    ]);
    const active = await get(q.token, '/api/ticketing/services/export?status=active&q=acc');
    expect(
      lines(active.body)
        .slice(1)
        .map((r) => r.split(',')[1]),
    ).toEqual(['Accounts']);
  });

  it('exports the counters the search and filter keep, with their services and status', async () => {
    const q = await queue();
    const all = await get(q.token, '/api/ticketing/counters/export');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-disposition']).toMatch(/filename="queue-counters-/);
    const rows = lines(all.body);
    expect(rows[0]).toBe('Name,Services,Operator,Status,Created at');
    expect(rows.slice(1).map((r) => r.split(',').slice(0, 4).join(','))).toEqual([
      'Window 1,"A Accounts; C =HYPERLINK(""x"")",,active',
      'Window 2,A Accounts,,inactive',
    ]);
    const inactive = await get(q.token, '/api/ticketing/counters/export?status=inactive&q=window');
    expect(
      lines(inactive.body)
        .slice(1)
        .map((r) => r.split(',')[0]),
    ).toEqual(['Window 2']);
  });

  it("never carries another workspace's services, counters or tickets", async () => {
    const ours = await queue();
    const theirs = await queue();
    await createService(t, theirs.token, { name: 'Their secret service', prefix: 'S' });
    await createCounter(t, theirs.token, { name: 'Their window', service_ids: [theirs.a.id] });
    await takeTicket(t, theirs.token, theirs.a.id);
    const services = await get(ours.token, '/api/ticketing/services/export');
    const counters = await get(ours.token, '/api/ticketing/counters/export');
    const tickets = await get(ours.token, '/api/ticketing/tickets/export');
    expect(services.body).not.toContain('Their secret service');
    expect(lines(services.body)).toHaveLength(4);
    expect(counters.body).not.toContain('Their window');
    expect(lines(counters.body)).toHaveLength(3);
    expect(lines(tickets.body)).toHaveLength(1);
  });

  it.each([
    ['an unknown status', '/api/ticketing/services/export?status=closed'],
    ['a search too long', `/api/ticketing/counters/export?q=${'x'.repeat(101)}`],
    ['an unknown ticket status', '/api/ticketing/tickets/export?status=gone'],
  ])('refuses %s (400), and audits nothing', async (_label, url) => {
    const q = await queue();
    const response = await get(q.token, url);
    expect(response.statusCode, response.body).toBe(400);
    expect(await auditRowsOf(t, q.workspace.account_id)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ action: expect.stringMatching(/^export\./) })]),
    );
  });

  it('refuses a customer and a guest (403)', async () => {
    const q = await queue();
    for (const role of ['customer', 'guest'] as const) {
      const who = await memberIn(t, q.workspace, role);
      for (const url of [
        '/api/ticketing/services/export',
        '/api/ticketing/counters/export',
        '/api/ticketing/tickets/export',
      ]) {
        expect((await get(who.token, url)).statusCode, `${role} ${url}`).toBe(403);
      }
    }
  });
});

describe('the audit rows of the exports', () => {
  it('writes export.tickets, export.ticketing_services and export.ticketing_counters with the rows and filters', async () => {
    const q = await queue();
    const worker = await memberIn(t, q.workspace, 'worker');
    await takeTicket(t, q.token, q.a.id);
    expect(
      (await get(worker.token, '/api/ticketing/tickets/export?status=waiting&sort=number')).statusCode,
    ).toBe(200);
    expect((await get(worker.token, '/api/ticketing/services/export?status=active')).statusCode).toBe(200);
    expect((await get(worker.token, '/api/ticketing/counters/export?q=window')).statusCode).toBe(200);
    const account = q.workspace.account_id;
    const common = { workspaceId: q.workspace.workspace_id, actorEmail: worker.email, ip: '127.0.0.1' };
    expect(await theAuditRow(t, account, 'export.tickets')).toMatchObject({
      ...common,
      after: { rows: 1, status: 'waiting', sort: 'number' },
    });
    expect(await theAuditRow(t, account, 'export.ticketing_services')).toMatchObject({
      ...common,
      after: { rows: 2, status: 'active' },
    });
    expect(await theAuditRow(t, account, 'export.ticketing_counters')).toMatchObject({
      ...common,
      after: { rows: 2, q: 'window' },
    });
  });

  it('writes no row for a refused export (403)', async () => {
    const q = await queue();
    const customer = await memberIn(t, q.workspace, 'customer');
    await get(customer.token, '/api/ticketing/services/export');
    await get(customer.token, '/api/ticketing/tickets/export');
    expect(await auditRowsOf(t, q.workspace.account_id, 'export.ticketing_services')).toEqual([]);
    expect(await auditRowsOf(t, q.workspace.account_id, 'export.tickets')).toEqual([]);
  });
});
