import { ticketListQuery } from '@workhub/shared/schemas/ticketing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { workspaceConditions } from '../../db/tenant-scope.ts';
import { useTestApp } from '../../test/helpers.ts';
import { explainAnalyze, rowsRead } from '../../test/plans.ts';
import { newTenant, type Tenant } from '../../test/tenants.ts';
import { createService } from './ticketing-test-helpers.ts';
import { ticketsPage } from './tickets.service.ts';

/*
 * What a page of a busy queue's ticket list reads (GET /api/ticketing/tickets), in each sort: a
 * page through the workspace's queued_at index, not the queue's history sorted; by number, the
 * latest day's tickets (the number order is the day, then the service's prefix, then the number).
 * Runs in the api-postgres project only: the plan is the server's.
 */

const DAYS = 10;
const PER_DAY = 500;
const LIMIT = 14;

describe("a busy queue's ticket list", () => {
  const t = useTestApp();
  let tenant: Tenant;

  beforeAll(async () => {
    tenant = await newTenant(t, 'ticketing');
    const token = tenant.owner.token;
    const services = [await createService(t, token), await createService(t, token)];
    const { account_id, workspace_id } = tenant.workspace;
    // Ten days of a queue, 500 tickets a day over two services, numbered per service and day.
    await t.db.db.execute(sql`
      insert into ticketing_tickets (account_id, workspace_id, service_id, service_day, number, status, source, queued_at)
      select ${account_id}, ${workspace_id}, case when n % 2 = 0 then ${services[0]?.id}::uuid else ${services[1]?.id}::uuid end,
        current_date - (n / ${PER_DAY}), n % ${PER_DAY} + 1, 'done', 'kiosk',
        now() - (n / ${PER_DAY}) * interval '1 day' - (n % ${PER_DAY}) * interval '1 minute'
      from generate_series(0, ${DAYS * PER_DAY - 1}) as n`);
    await t.db.db.execute(sql`analyze ticketing_tickets`);
  });

  async function readFor(sort: string) {
    const app = await t.db.appDb();
    const { account_id: accountId, workspace_id: workspaceId } = tenant.workspace;
    const scope = { accountId, workspaceId, ...workspaceConditions({ accountId, workspaceId }) };
    const query = ticketListQuery.parse({ sort, limit: LIMIT });
    const { sql: text, params } = ticketsPage(app, scope, query).toSQL();
    const plan = await explainAnalyze(app, { accountId, workspaceId, userId: null }, text, params);
    expect(plan['Actual Rows']).toBe(LIMIT);
    return { read: rowsRead(plan, 'ticketing_tickets'), plan };
  }

  it.each(['-queued_at', 'queued_at'])('reads a page, sorted %s', async (sort) => {
    const { read, plan } = await readFor(sort);
    expect(read, JSON.stringify(plan)).toBeLessThanOrEqual(LIMIT + 1);
  });

  it("reads the latest day's tickets, by number", async () => {
    const { read, plan } = await readFor('-number');
    expect(read, JSON.stringify(plan)).toBeLessThanOrEqual(PER_DAY + 1);
  });
});
