import { customerOrderListQuery, purchaseOrderListQuery } from '@workhub/shared/schemas/operations-orders';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsStatement } from '../../db/paging.ts';
import { type WorkspaceScope, workspaceConditions } from '../../db/tenant-scope.ts';
import { useTestApp } from '../../test/helpers.ts';
import { boundStatement, explainAnalyze, rowsRead } from '../../test/plans.ts';
import { newTenant, type Tenant } from '../../test/tenants.ts';
import { createCustomerOrderService, createPurchaseOrderService } from './orders.service.ts';

/*
 * What a page of orders filtered by status reads in the list's default order (the number, newest
 * first): the orders of that status, through `*_workspace_status_number_idx` (migration 0020), not
 * every order of the workspace walked by number until a page of that status is found. Runs in the
 * api-postgres project only: the plan is the server's.
 */

const HISTORY = 3_000;
/** The newest orders, still open; the older ones closed. */
const OPEN = 1_000;
const LIMIT = 14;

type List = Parameters<typeof rowsStatement>[1];

/** A page of closed orders in the default order: its statement, as the list prepares it. */
function closedPage(list: unknown, app: Db, query: { sort: string }) {
  expect(query.sort).toBe('-number');
  // The service's list is typed for either kind of order; its statement is the same either way.
  const sorted = list as List;
  return boundStatement(rowsStatement(app, sorted), { ...sorted.shape.values, limit: LIMIT, offset: 0 });
}

const ctxOf = (db: Db) => ({ db, now: () => new Date() }) as unknown as Ctx;

const KINDS = [
  {
    table: 'customer_orders',
    party: 'customer_name',
    page: (app: Db, scope: WorkspaceScope) => {
      const query = customerOrderListQuery.parse({ status: 'closed' });
      return closedPage(createCustomerOrderService(ctxOf(app)).listOf(scope, query), app, query);
    },
  },
  {
    table: 'purchase_orders',
    party: 'supplier_name',
    page: (app: Db, scope: WorkspaceScope) => {
      const query = purchaseOrderListQuery.parse({ status: 'closed' });
      return closedPage(createPurchaseOrderService(ctxOf(app)).listOf(scope, query), app, query);
    },
  },
] as const;

describe.each(KINDS)('$table filtered by status, by number', (kind) => {
  const t = useTestApp();
  let tenant: Tenant;

  beforeAll(async () => {
    tenant = await newTenant(t, 'mrp');
    const { account_id, workspace_id } = tenant.workspace;
    // A workspace's years of orders: the older ones closed, the newest still open.
    await t.db.db.execute(sql`
      insert into ${sql.identifier(kind.table)}
        (account_id, workspace_id, number, order_date, due_date, ${sql.identifier(kind.party)}, status,
         confirmed_at, closed_at)
      select ${account_id}, ${workspace_id}, n, current_date - (${HISTORY} - n)::int, current_date - (${HISTORY} - n)::int,
        'Party ' || n, case when n > ${HISTORY - OPEN} then 'confirmed' else 'closed' end,
        now(), case when n <= ${HISTORY - OPEN} then now() end
      from generate_series(1, ${HISTORY}) as n`);
    await t.db.db.execute(sql.raw(`analyze ${kind.table}`));
  });

  it('reads a page of the closed ones, not the open ones before them nor every closed one', async () => {
    const app = await t.db.appDb();
    const { account_id: accountId, workspace_id: workspaceId } = tenant.workspace;
    const scope = { accountId, workspaceId, ...workspaceConditions({ accountId, workspaceId }) };
    const { text, params } = kind.page(app, scope as unknown as WorkspaceScope);
    const plan = await explainAnalyze(app, { accountId, workspaceId, userId: null }, text, params);
    expect(plan['Actual Rows']).toBe(LIMIT);
    expect(rowsRead(plan, kind.table), JSON.stringify(plan)).toBeLessThanOrEqual(LIMIT + 1);
  });
});
