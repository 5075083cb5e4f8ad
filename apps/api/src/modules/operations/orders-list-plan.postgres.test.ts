import { customerOrderListQuery, purchaseOrderListQuery } from '@workhub/shared/schemas/operations-orders';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { useTestApp } from '../../test/helpers.ts';
import { planOfListPage, planScope, rowsRead, statementCtx } from '../../test/plans.ts';
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

const KINDS = [
  {
    table: 'customer_orders',
    party: 'customer_name',
    list: (app: Db, scope: WorkspaceScope) =>
      createCustomerOrderService(statementCtx(app)).listOf(scope, closed(customerOrderListQuery)),
  },
  {
    table: 'purchase_orders',
    party: 'supplier_name',
    list: (app: Db, scope: WorkspaceScope) =>
      createPurchaseOrderService(statementCtx(app)).listOf(scope, closed(purchaseOrderListQuery)),
  },
] as const;

/** The closed orders, in the list's default order (the number, newest first). */
function closed<Q extends { sort: string }>(schema: { parse: (input: object) => Q }): Q {
  const query = schema.parse({ status: 'closed' });
  expect(query.sort).toBe('-number');
  return query;
}

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
    const list = kind.list(app, planScope(accountId, workspaceId));
    const plan = await planOfListPage(app, { accountId, workspaceId, userId: null }, list, LIMIT);
    expect(plan['Actual Rows']).toBe(LIMIT);
    expect(rowsRead(plan, kind.table), JSON.stringify(plan)).toBeLessThanOrEqual(LIMIT + 1);
  });
});
