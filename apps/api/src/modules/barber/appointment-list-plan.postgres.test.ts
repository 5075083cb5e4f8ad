import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { workspaceConditions } from '../../db/tenant-scope.ts';
import { useTestApp } from '../../test/helpers.ts';
import { explainAnalyze, rowsRead } from '../../test/plans.ts';
import { appointmentListOrder, appointmentRows } from './appointments.service.ts';
import { barberShop, type Shop } from './barber-test-helpers.ts';

/*
 * What a page of a busy shop's appointment list reads (GET /api/barber/appointments, the latest
 * first): a page through the workspace's start index, its customers and staff member joined to
 * those rows, not the shop's whole history joined and sorted. Runs in the api-postgres project
 * only: the plan is the server's.
 */

const HISTORY = 5_000;
const CUSTOMERS = 500;
const LIMIT = 14;

describe("a busy shop's appointment list", () => {
  const t = useTestApp();
  let shop: Shop;

  beforeAll(async () => {
    shop = await barberShop(t);
    await t.db.db.execute(sql`
      insert into barber_customers (account_id, workspace_id, name)
      select ${shop.accountId}, ${shop.workspaceId}, 'Customer ' || n from generate_series(1, ${CUSTOMERS}) as n`);
    // Two years of appointments, one every three hours, each of one of the shop's customers.
    await t.db.db.execute(sql`
      insert into barber_appointments (account_id, workspace_id, customer_id, staff_id, start_at, end_at, status, source)
      select ${shop.accountId}, ${shop.workspaceId}, c.id, ${shop.staff.id},
        now() - n * interval '3 hours', now() - n * interval '3 hours' + interval '30 minutes', 'done', 'staff'
      from generate_series(1, ${HISTORY}) as n
      join lateral (select id from barber_customers
        where account_id = ${shop.accountId} and workspace_id = ${shop.workspaceId}
        order by id offset n % ${CUSTOMERS} limit 1) c on true`);
    await t.db.db.execute(sql`analyze barber_customers`);
    await t.db.db.execute(sql`analyze barber_appointments`);
  });

  it('reads a page, the latest first', async () => {
    const app = await t.db.appDb();
    const scope = workspaceConditions({ accountId: shop.accountId, workspaceId: shop.workspaceId });
    const page = appointmentRows(app, scope, undefined, appointmentListOrder(), { limit: LIMIT, offset: 0 });
    const { sql: text, params } = page.toSQL();
    const tenant = { accountId: shop.accountId, workspaceId: shop.workspaceId, userId: null };
    const plan = await explainAnalyze(app, tenant, text, params);
    expect(plan['Actual Rows']).toBe(LIMIT);
    expect(rowsRead(plan, 'barber_appointments'), JSON.stringify(plan)).toBeLessThanOrEqual(LIMIT + 1);
  });
});
