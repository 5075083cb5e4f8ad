import { desc, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { useTestApp } from '../../test/helpers.ts';
import { explainAnalyze, planScope, rowsRead } from '../../test/plans.ts';
import { mrpRuns } from './mrp.schema.ts';
import { runItemColumns } from './mrp-run-read.ts';
import { opsTenant } from './orders-test-helpers.ts';

/*
 * What the MRP runs list reads (GET /api/mrp/runs): each run's count of confirmed proposals from the
 * partial index of confirmed ones (migration 0025), not every proposal of every run. A bench-scale
 * run has 34,080 proposals; the count read them all, and once analyzed PGlite's planner scanned
 * the whole table for each run (docs/performance.md, "PGlite's own autovacuum"). PostgreSQL only:
 * the plan is the server's.
 */

const RUNS = 3;
const PROPOSALS = 5_000;
const CONFIRMED = 7;

describe("a workspace's MRP runs with many proposals", () => {
  const t = useTestApp();
  let tenant: Awaited<ReturnType<typeof opsTenant>>;

  beforeAll(async () => {
    tenant = await opsTenant(t);
    const { account_id, workspace_id } = tenant.where;
    await t.db.db.execute(sql`
      insert into mrp_runs (account_id, workspace_id, today, horizon_days, horizon_end, summary, created_at)
      select ${account_id}, ${workspace_id}, current_date, 90, current_date + 90, '{}'::jsonb, now() - make_interval(mins => n)
      from generate_series(1, ${RUNS}) as n`);
    await t.db.db.execute(sql`
      insert into mrp_proposals (account_id, workspace_id, run_id, seq, product_id, kind, quantity,
        need_date, release_date, past_due, status, confirmed_at)
      select r.account_id, r.workspace_id, r.id, n, ${tenant.spoke}::uuid, 'purchase', 1, current_date,
        current_date, false, case when n <= ${CONFIRMED} then 'confirmed' else 'open' end,
        case when n <= ${CONFIRMED} then now() end
      from mrp_runs r cross join generate_series(1, ${PROPOSALS}) as n
      where r.account_id = ${account_id} and r.workspace_id = ${workspace_id}`);
    await t.db.db.execute(sql`analyze mrp_runs`);
    await t.db.db.execute(sql`analyze mrp_proposals`);
  });

  it("counts each run's confirmed proposals from the confirmed ones alone", async () => {
    const app = await t.db.appDb();
    const { account_id: accountId, workspace_id: workspaceId } = tenant.where;
    const scope = planScope(accountId, workspaceId);
    const { sql: text, params } = app
      .select(runItemColumns)
      .from(mrpRuns)
      .where(scope.workspace(mrpRuns))
      .orderBy(desc(mrpRuns.createdAt), desc(mrpRuns.id))
      .limit(14)
      .toSQL();
    const plan = await explainAnalyze(app, { accountId, workspaceId, userId: null }, text, params);
    expect(plan['Actual Rows']).toBe(RUNS);
    expect(rowsRead(plan, 'mrp_proposals'), JSON.stringify(plan)).toBeLessThanOrEqual(RUNS * CONFIRMED);
    const counts = rowsOf<{ n: number }>(
      await t.db.db.execute(
        sql`select count(*)::int as n from mrp_proposals where account_id = ${accountId} and status = 'confirmed'`,
      ),
    );
    expect(counts[0]?.n).toBe(RUNS * CONFIRMED);
  });
});
