import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { useTestApp } from '../../test/helpers.ts';
import { call } from '../../test/work.ts';
import { barberShop, booked, shopDay, shopTimeAt } from './barber-test-helpers.ts';
import { weekdayOf } from './slots.ts';

const t = useTestApp();

const count = async (table: string, workspaceId: string, where = 'true') => {
  const result = await t.db.db.execute(
    sql.raw(`select count(*)::int as n from ${table} where workspace_id = '${workspaceId}' and ${where}`),
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
};

describe('the sample data', () => {
  it('books no walk-in for a day to come, and creates no booking later than now', async () => {
    const { owner, workspace } = await (await import('../../test/tenants.ts')).newTenant(t, 'barber');
    const loaded = await call(t, 'POST', '/api/barber/sample-data', owner.token);
    expect(loaded.statusCode, loaded.body).toBe(201);
    const now = new Date(t.clock.now()).toISOString();
    const id = workspace.workspace_id;
    // A walk-in is someone at the door today: none a week ahead.
    expect(
      await count(
        'barber_appointments',
        id,
        `source = 'walk_in' and start_at > '${now}'::timestamptz + interval '1 day'`,
      ),
    ).toBe(0);
    expect(await count('barber_appointments', id, `created_at > '${now}'::timestamptz`)).toBe(0);
    // Bookings to come are still made, online and at the desk.
    expect(
      await count(
        'barber_appointments',
        id,
        `source <> 'walk_in' and start_at > '${now}'::timestamptz + interval '1 day'`,
      ),
    ).toBeGreaterThan(20);
  });
  it("never books one staff member twice at once, whatever the appointments' status", async () => {
    const { owner, workspace } = await (await import('../../test/tenants.ts')).newTenant(t, 'barber');
    const loaded = await call(t, 'POST', '/api/barber/sample-data', owner.token);
    expect(loaded.statusCode, loaded.body).toBe(201);
    const id = workspace.workspace_id;
    const clashes = rowsOf<{ staff: string; a: string; b: string }>(
      await t.db.db.execute(
        sql.raw(
          `select s.name as staff, a.start_at::text as a, b.start_at::text as b from barber_appointments a join barber_appointments b on b.workspace_id = a.workspace_id and b.staff_id = a.staff_id and a.id < b.id and a.start_at < b.end_at and b.start_at < a.end_at join barber_staff s on s.id = a.staff_id where a.workspace_id = '${id}'`,
        ),
      ),
    );
    expect(clashes).toEqual([]);
    expect(await count('barber_appointments', id)).toBeGreaterThan(300);
  });
});

describe('the barber dashboard and its sample data', () => {
  it('loads a realistic month into an empty salon, shows it, and clears exactly it', async () => {
    const shop = await barberShop(t);
    // Not empty: a service and a staff member are there.
    expect((await call(t, 'POST', '/api/barber/sample-data', shop.token)).statusCode).toBe(409);

    const empty = await (await import('../../test/tenants.ts')).newTenant(t, 'barber');
    const token = empty.owner.token;
    const workspaceId = empty.workspace.workspace_id;
    const before = (await call(t, 'GET', '/api/barber/dashboard', token)).json().data;
    expect(before).toMatchObject({
      has_data: false,
      has_sample: false,
      today_appointments: 0,
      no_show_rate: null,
    });
    expect(before.revenue_per_week).toHaveLength(8);
    expect(before.revenue_per_week.every((w: { revenue: string }) => Number(w.revenue) === 0)).toBe(true);

    const loaded = await call(t, 'POST', '/api/barber/sample-data', token);
    expect(loaded.statusCode, loaded.body).toBe(201);
    const made = loaded.json().data;
    expect(made.appointments).toBeGreaterThan(300);
    expect(await count('barber_appointments', workspaceId)).toBe(made.appointments);
    // Never two holding appointments of one staff member at once (the constraint held).
    const dash = (await call(t, 'GET', '/api/barber/dashboard', token)).json().data;
    expect(dash).toMatchObject({ has_data: true, has_sample: true });
    expect(dash.today_staff).toHaveLength(4);
    const weekly = dash.revenue_per_week.reduce(
      (sum: number, w: { revenue: string }) => sum + Number(w.revenue),
      0,
    );
    const doneRevenue = rowsOf<{ total: string }>(
      await t.db.db.execute(
        sql.raw(
          `select coalesce(sum(l.price), 0)::text as total from barber_appointment_services l join barber_appointments a on a.account_id = l.account_id and a.id = l.appointment_id where a.workspace_id = '${workspaceId}' and a.status = 'done'`,
        ),
      ),
    )[0]?.total;
    // Every done appointment is within the 8 weeks shown (the month lies within them).
    expect(weekly).toBeCloseTo(Number(doneRevenue), 2);
    expect(dash.bookings_per_weekday).toHaveLength(7);
    expect(dash.bookings_per_weekday.find((d: { weekday: number }) => d.weekday === 7).bookings).toBe(0);
    expect(dash.top_services.length).toBeGreaterThan(0);
    expect(dash.staff_sales.length).toBe(4);
    const noShows = await count(
      'barber_appointments',
      workspaceId,
      `status = 'no_show' and start_at >= now() - interval '31 days'`,
    );
    expect(noShows).toBeGreaterThan(0);
    expect(dash.no_show_rate).toBeGreaterThan(0);
    expect(dash.no_show_rate).toBeLessThan(30);
    expect(dash.returning_customer_rate).not.toBeNull();

    // A real booking of a sample customer with a sample staff member stays, with what it uses.
    const staff = (await call(t, 'GET', '/api/barber/staff', token)).json().data[0];
    const customer = (await call(t, 'GET', '/api/barber/customers', token)).json().data[0];
    // Three weeks ahead, past the sample's last week, on a working day (not a Sunday).
    const ahead = weekdayOf(shopDay(t, 'Africa/Nairobi', 20)) === 7 ? 21 : 20;
    const real = await call(t, 'POST', '/api/barber/appointments', token, {
      start_at: shopTimeAt(t, 'Africa/Nairobi', ahead, 11, 30),
      service_ids: [staff.service_ids[0]],
      staff_id: staff.id,
      customer_id: customer.id,
    });
    expect(real.statusCode, real.body).toBe(201);
    const cleared = await call(t, 'DELETE', '/api/barber/sample-data', token);
    expect(cleared.statusCode).toBe(200);
    expect(await count('barber_appointments', workspaceId, 'sample')).toBe(0);
    const left = 1;
    expect(await count('barber_appointments', workspaceId)).toBe(left);
    expect(await count('barber_customers', workspaceId)).toBe(left);
    expect(await count('barber_staff', workspaceId)).toBe(left);
    const after = (await call(t, 'GET', '/api/barber/dashboard', token)).json().data;
    // The sample service the real booking uses stays too, still marked.
    expect(await count('barber_services', workspaceId)).toBe(1);
    expect(after.has_sample).toBe(true);
  });

  it("counts today's appointments and utilisation per staff member", async () => {
    const shop = await barberShop(t);
    await booked(t, shop.token, {
      service_ids: [shop.service.id],
      staff_id: shop.staff.id,
      start_at: shopTimeAt(t, shop.timezone, 0, 9),
    });
    await booked(t, shop.token, {
      service_ids: [shop.service.id],
      staff_id: shop.staff.id,
      start_at: shopTimeAt(t, shop.timezone, 0, 10),
    });
    const dash = (await call(t, 'GET', '/api/barber/dashboard', shop.token)).json().data;
    expect(dash.today_appointments).toBe(2);
    // 60 booked minutes of 11 working hours (08:00-20:00 less the hour's break).
    expect(dash.today_staff[0]).toMatchObject({
      appointments: 2,
      booked_minutes: 60,
      working_minutes: 660,
      utilisation: 9.1,
    });
  });
});
