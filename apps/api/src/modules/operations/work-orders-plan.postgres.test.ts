import { workOrderListQuery } from '@workhub/shared/schemas/operations-orders';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { planOfListPage, planScope, rowsRead, statementCtx } from '../../test/plans.ts';
import { opsTenant } from './orders-test-helpers.ts';
import { createWorkOrderService } from './work-orders.service.ts';

/*
 * What a page of a busy workspace's work orders reads (GET /api/work-orders, by need date, the
 * default): the page's orders in the index's order, their product and unit read for those rows,
 * not the workspace's whole history joined and sorted. Runs in the api-postgres project only: the
 * plan is the server's.
 */

const HISTORY = 5_000;
const LIMIT = 14;

describe("a busy workspace's work orders", () => {
  const t = useTestApp();
  let tenant: Awaited<ReturnType<typeof opsTenant>>;

  beforeAll(async () => {
    tenant = await opsTenant(t);
    const { account_id, workspace_id } = tenant.where;
    // Years of planned work orders of the workspace's two products, one a day.
    await t.db.db.execute(sql`
      insert into work_orders (account_id, workspace_id, number, product_id, quantity, need_date, release_date)
      select ${account_id}, ${workspace_id}, n, case when n % 2 = 0 then ${tenant.spoke}::uuid else ${tenant.wheel}::uuid end, 1,
        current_date - (${HISTORY} - n)::int, current_date - (${HISTORY} - n)::int
      from generate_series(1, ${HISTORY}) as n`);
    await t.db.db.execute(sql`analyze work_orders`);
  });

  it('reads a page, by need date', async () => {
    const app = await t.db.appDb();
    const { account_id: accountId, workspace_id: workspaceId } = tenant.where;
    const query = workOrderListQuery.parse({});
    expect(query.sort).toBe('need_date');
    const list = createWorkOrderService(statementCtx(app)).listOf(planScope(accountId, workspaceId), query);
    const plan = await planOfListPage(app, { accountId, workspaceId, userId: null }, list, LIMIT);
    expect(plan['Actual Rows']).toBe(LIMIT);
    expect(rowsRead(plan, 'work_orders'), JSON.stringify(plan)).toBeLessThanOrEqual(LIMIT + 1);
  });
});
