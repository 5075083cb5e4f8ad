import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenant-context.ts';
import { workspaceConditions } from '../../db/tenant-scope.ts';
import { useTestApp } from '../../test/helpers.ts';
import { explainAnalyze, rowsRead } from '../../test/plans.ts';
import { newTenant, type Tenant } from '../../test/tenants.ts';
import { createService } from './ticketing-test-helpers.ts';
import { myTicketsPage } from './tickets.service.ts';

/*
 * What a customer's own tickets page reads (GET /api/ticketing/my-tickets): the customer's tickets,
 * through ticketing_tickets_issuer_idx (migration 0019), not the queue's whole history newest first.
 * Runs in the api-postgres project only: the plan is the server's.
 */

const HISTORY = 3_000;

describe("a customer's own tickets", () => {
  const t = useTestApp();
  let tenant: Tenant;
  const customer = () => tenant.holder.session.user.user_id;

  beforeAll(async () => {
    tenant = await newTenant(t, 'ticketing');
    const service = await createService(t, tenant.owner.token);
    const { account_id, workspace_id } = tenant.workspace;
    // A busy queue's history: tickets anyone took at the kiosk, one a minute, newest last; three of
    // them the customer's, long ago.
    await t.db.db.execute(sql`
      insert into ticketing_tickets (account_id, workspace_id, service_id, service_day, number, status, source, queued_at, issued_by)
      select ${account_id}, ${workspace_id}, ${service.id}, (now() - n * interval '1 minute')::date, n,
        'done', 'kiosk', now() - n * interval '1 minute', case when n > ${HISTORY - 3} then ${customer()}::uuid end
      from generate_series(1, ${HISTORY}) as n`);
    await t.db.db.execute(sql`analyze ticketing_tickets`);
  });

  it("finds the customer's three, having looked at few more", async () => {
    const app = await t.db.appDb();
    const { account_id: accountId, workspace_id: workspaceId } = tenant.workspace;
    const scope = { accountId, workspaceId, ...workspaceConditions({ accountId, workspaceId }) };
    const tenantOf = { accountId, workspaceId, userId: customer() };
    const page = (db: Db) => myTicketsPage(db, scope, customer(), { page: 1, limit: 20 });
    const { sql: text, params } = page(app).toSQL();
    const [found, plan] = await Promise.all([
      withTenant(app, tenantOf, (tx: Db) => page(tx)),
      explainAnalyze(app, tenantOf, text, params),
    ]);
    expect(found).toHaveLength(3);
    expect(rowsRead(plan, 'ticketing_tickets'), JSON.stringify(plan)).toBeLessThanOrEqual(10);
  });
});
