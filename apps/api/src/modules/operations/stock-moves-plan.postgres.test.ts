import { stockMoveListQuery } from '@workhub/shared/schemas/operations';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { planOfListPage, planScope, rowsRead, statementCtx } from '../../test/plans.ts';
import { insertProduct, opsTenant } from './orders-test-helpers.ts';
import { createStockService } from './stock.service.ts';

/*
 * What a page of a busy workspace's stock moves reads (GET /api/stock-moves, the latest first):
 * the page's moves in the index's order, their product, author and order read for those rows, not
 * the workspace's whole history joined and sorted (5,000 read for 14 with the joins). Runs in the
 * api-postgres project only: the plan is the server's.
 */

const HISTORY = 5_000;
const LIMIT = 14;

describe("a busy workspace's stock moves", () => {
  const t = useTestApp();
  let tenant: Awaited<ReturnType<typeof opsTenant>>;

  beforeAll(async () => {
    tenant = await opsTenant(t);
    const parts = [tenant.spoke, tenant.wheel, await insertProduct(t, tenant.where)];
    const { account_id, workspace_id } = tenant.where;
    // A year of stock counts over three products, the latest last.
    await t.db.db.execute(sql`
      insert into stock_moves (account_id, workspace_id, product_id, kind, qty_delta, on_hand_after, reason, created_at)
      select ${account_id}, ${workspace_id}, (${sql.param(parts)}::uuid[])[1 + n % 3], 'adjustment', 1, n, 'Count',
        now() - (${HISTORY} - n) * interval '1 hour'
      from generate_series(1, ${HISTORY}) as n`);
    await t.db.db.execute(sql`analyze stock_moves`);
  });

  it('reads a page, the latest first', async () => {
    const app = await t.db.appDb();
    const { account_id: accountId, workspace_id: workspaceId } = tenant.where;
    const list = createStockService(statementCtx(app)).listOf(
      planScope(accountId, workspaceId),
      stockMoveListQuery.parse({}),
    );
    const plan = await planOfListPage(app, { accountId, workspaceId, userId: null }, list, LIMIT);
    expect(plan['Actual Rows']).toBe(LIMIT);
    expect(rowsRead(plan, 'stock_moves'), JSON.stringify(plan)).toBeLessThanOrEqual(LIMIT + 1);
  });
});
