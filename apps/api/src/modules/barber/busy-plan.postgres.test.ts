import { APPOINTMENT_MINUTES_MAX } from '@workhub/shared/schemas/barber';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenant-context.ts';
import { workspaceConditions } from '../../db/tenant-scope.ts';
import { useTestApp } from '../../test/helpers.ts';
import { explainAnalyze, rowsRead } from '../../test/plans.ts';
import { call } from '../../test/work.ts';
import { busyAppointments } from './appointments.service.ts';
import { barberShop, type Shop } from './barber-test-helpers.ts';

/*
 * What a slot's check reads of a staff member's appointments (appointments.service.ts
 * busyAppointments): the window's, and those that started up to an appointment's longest run
 * before it, not every one before it. `start_at < to`
 * alone, served by the (account, staff, start) index, read a staff member's whole history on
 * every slot list of the public booking page. Runs in the api-postgres project only: the plan is
 * the server's.
 */

const HISTORY = 5_000;
/** An appointment's longest run, in hours: how far before the window the read looks. */
const LOOK_BACK_HOURS = APPOINTMENT_MINUTES_MAX / 60;
const HOUR = 3_600_000;

describe("a slot check reads the window's appointments only", () => {
  const t = useTestApp();
  let shop: Shop;
  /** Tomorrow, 00:00 to 24:00 UTC, after the test clock's now. */
  let from: Date;
  let to: Date;

  beforeAll(async () => {
    shop = await barberShop(t);
    const customer = await call(t, 'POST', '/api/barber/customers', shop.token, { name: 'Regular' });
    expect(customer.statusCode, customer.body).toBe(201);
    const now = t.clock.now();
    from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    to = new Date(from.getTime() + 24 * HOUR);
    // Years of history, still 'booked' (nobody marked them done): one an hour before the window,
    // 30 minutes each, and three inside it.
    await t.db.db.execute(sql`
      insert into barber_appointments (account_id, workspace_id, customer_id, staff_id, start_at, end_at, status, source)
      select ${shop.accountId}, ${shop.workspaceId}, ${customer.json().data.id}, ${shop.staff.id},
        s, s + interval '30 minutes', 'booked', 'staff'
      from (select ${from.toISOString()}::timestamptz - n * interval '1 hour' as s
            from generate_series(1, ${HISTORY}) as n
            union all
            select ${from.toISOString()}::timestamptz + n * interval '3 hours' from generate_series(1, 3) as n) as starts`);
    await t.db.db.execute(sql`analyze barber_appointments`);
  });

  it("finds the three of the window, having looked back an appointment's longest run only", async () => {
    const app = await t.db.appDb();
    const scope = workspaceConditions({ accountId: shop.accountId, workspaceId: shop.workspaceId });
    const tenant = { accountId: shop.accountId, workspaceId: shop.workspaceId, userId: null };
    const query = (db: Db) => busyAppointments(db, scope, [shop.staff.id], from, to);
    const { sql: text, params } = query(app).toSQL();
    const [found, plan] = await Promise.all([
      withTenant(app, tenant, (tx: Db) => query(tx)),
      explainAnalyze(app, tenant, text, params),
    ]);
    expect(found).toHaveLength(3);
    // The window's three and the history's last 80 hours (one appointment an hour), not its 5,000.
    expect(rowsRead(plan, 'barber_appointments'), JSON.stringify(plan)).toBeLessThanOrEqual(
      3 + LOOK_BACK_HOURS + 1,
    );
  });
});
