import type { BarberDashboard } from '@workhub/shared/schemas/barber';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { rowsOf } from '../../db/rows.ts';
import type { BarberScope } from './barber.service.ts';
import { timezoneOf } from './barber.service.ts';
import { addDays, instantAt, localTimeOf, weekdayOf } from './slots.ts';

const WEEKS = 8;

/**
 * The module's dashboard, every figure from the shop's rows in SQL (issue 15): today's
 * appointments and utilisation per staff member (booked minutes of holding and done appointments
 * over their working minutes less breaks), revenue per week (done appointments' lines at their
 * booked price, the last 8 weeks of the shop's calendar), bookings per weekday (not cancelled, the
 * same weeks), the top services and sales per staff member (30 days), the no-show rate (no-shows
 * over done and no-shows, 30 days) and the returning-customer rate (of the customers served in
 * the last 30 days, the share served before).
 */
export function createBarberDashboardService(ctx: Ctx) {
  const { db, now } = ctx;

  return async function dashboard(scope: BarberScope): Promise<BarberDashboard> {
    const { accountId, workspaceId } = scope.workspaceValues();
    const timezone = await timezoneOf(db, scope);
    const today = localTimeOf(now(), timezone).date;
    const dayStart = instantAt(today, 0, timezone);
    const dayEnd = instantAt(addDays(today, 1), 0, timezone);
    const weekday = weekdayOf(today);
    const monthAgo = instantAt(addDays(today, -29), 0, timezone);
    // Monday of the week 7 weeks before this one.
    const firstWeek = addDays(today, -(weekday - 1) - 7 * (WEEKS - 1));
    const weeksFrom = instantAt(firstWeek, 0, timezone);
    const own = (alias: string) =>
      sql`${sql.raw(alias)}.account_id = ${accountId}::uuid and ${sql.raw(alias)}.workspace_id = ${workspaceId}::uuid`;
    const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

    const [flags, staffToday, weeks, weekdays, services, staffSales, rates] = await Promise.all([
      db.execute(sql`select
          exists (select 1 from barber_services s where ${own('s')}) or exists (select 1 from barber_appointments a where ${own('a')}) as has_data,
          exists (select 1 from barber_services s where ${own('s')} and s.sample) or exists (select 1 from barber_appointments a where ${own('a')} and a.sample) as has_sample`),
      db.execute(sql`select st.id as staff_id, st.name,
          (select count(*)::int from barber_appointments a where ${own('a')} and a.staff_id = st.id
             and a.start_at >= ${at(dayStart)} and a.start_at < ${at(dayEnd)} and a.status <> 'cancelled') as appointments,
          (select coalesce(sum(extract(epoch from (a.end_at - a.start_at)) / 60), 0)::int from barber_appointments a
             where ${own('a')} and a.staff_id = st.id and a.start_at >= ${at(dayStart)} and a.start_at < ${at(dayEnd)}
             and a.status in ('booked', 'checked_in', 'done')) as booked_minutes,
          coalesce((select h.end_minute - h.start_minute from barber_working_hours h where ${own('h')} and h.staff_id = st.id and h.weekday = ${weekday}), 0)
            - coalesce((select sum(b.end_minute - b.start_minute) from barber_breaks b where ${own('b')} and b.staff_id = st.id and b.weekday = ${weekday}), 0)::int as working_minutes,
          exists (select 1 from barber_days_off d where ${own('d')} and d.staff_id = st.id and d.day = ${today}::date) as off
        from barber_staff st where ${own('st')} and st.active order by lower(st.name)`),
      db.execute(sql`select to_char(w.week, 'YYYY-MM-DD') as week, coalesce(sum(l.price), 0)::text as revenue
        from generate_series(${firstWeek}::date, ${today}::date, interval '7 days') as w(week)
        left join barber_appointments a on ${own('a')} and a.status = 'done'
          and date_trunc('week', a.start_at at time zone ${timezone})::date = w.week::date
        left join barber_appointment_services l on l.account_id = a.account_id and l.appointment_id = a.id
        group by w.week order by w.week`),
      db.execute(sql`select extract(isodow from a.start_at at time zone ${timezone})::int as weekday, count(*)::int as bookings
        from barber_appointments a where ${own('a')} and a.status <> 'cancelled' and a.start_at >= ${at(weeksFrom)} and a.start_at < ${at(dayEnd)}
        group by 1 order by 1`),
      db.execute(sql`select l.name, count(*)::int as bookings, coalesce(sum(l.price) filter (where a.status = 'done'), 0)::text as revenue
        from barber_appointment_services l join barber_appointments a on a.account_id = l.account_id and a.id = l.appointment_id
        where ${own('a')} and a.status not in ('cancelled') and a.start_at >= ${at(monthAgo)} and a.start_at < ${at(dayEnd)}
        group by l.name order by count(*) desc, l.name limit 5`),
      db.execute(sql`select st.name, count(distinct a.id)::int as appointments, coalesce(sum(l.price), 0)::text as revenue
        from barber_appointments a join barber_staff st on st.account_id = a.account_id and st.id = a.staff_id
        join barber_appointment_services l on l.account_id = a.account_id and l.appointment_id = a.id
        where ${own('a')} and a.status = 'done' and a.start_at >= ${at(monthAgo)} and a.start_at < ${at(dayEnd)}
        group by st.name order by sum(l.price) desc, st.name`),
      db.execute(sql`with served as (
          select distinct a.customer_id from barber_appointments a
          where ${own('a')} and a.status = 'done' and a.start_at >= ${at(monthAgo)} and a.start_at < ${at(dayEnd)})
        select
          (select count(*) filter (where a.status = 'no_show')::float / nullif(count(*), 0)
             from barber_appointments a where ${own('a')} and a.status in ('done', 'no_show') and a.start_at >= ${at(monthAgo)} and a.start_at < ${at(dayEnd)}) as no_show_rate,
          (select count(*) filter (where exists (select 1 from barber_appointments p where ${own('p')} and p.customer_id = s.customer_id and p.status = 'done' and p.start_at < ${at(monthAgo)}))::float
             / nullif(count(*), 0) from served s) as returning_rate`),
    ]);
    type Flags = { has_data: boolean; has_sample: boolean };
    type StaffRow = {
      staff_id: string;
      name: string;
      appointments: number;
      booked_minutes: number;
      working_minutes: number;
      off: boolean;
    };
    const [flag] = rowsOf<Flags>(flags);
    const [rate] = rowsOf<{ no_show_rate: number | null; returning_rate: number | null }>(rates);
    const todayStaff = rowsOf<StaffRow>(staffToday).map((r) => {
      const working = r.off ? 0 : Number(r.working_minutes);
      return {
        staff_id: r.staff_id,
        name: r.name,
        appointments: Number(r.appointments),
        booked_minutes: Number(r.booked_minutes),
        working_minutes: working,
        utilisation: working > 0 ? Math.round((Number(r.booked_minutes) / working) * 1000) / 10 : null,
      };
    });
    const percent = (v: number | null | undefined) =>
      v === null || v === undefined ? null : Math.round(Number(v) * 1000) / 10;
    return {
      timezone,
      today,
      has_data: Boolean(flag?.has_data),
      has_sample: Boolean(flag?.has_sample),
      today_staff: todayStaff,
      today_appointments: todayStaff.reduce((sum, s) => sum + s.appointments, 0),
      revenue_per_week: rowsOf<{ week: string; revenue: string }>(weeks),
      bookings_per_weekday: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
        weekday: day,
        bookings: Number(
          rowsOf<{ weekday: number; bookings: number }>(weekdays).find((w) => Number(w.weekday) === day)
            ?.bookings ?? 0,
        ),
      })),
      top_services: rowsOf<{ name: string; bookings: number; revenue: string }>(services).map((s) => ({
        ...s,
        bookings: Number(s.bookings),
      })),
      staff_sales: rowsOf<{ name: string; appointments: number; revenue: string }>(staffSales).map((s) => ({
        ...s,
        appointments: Number(s.appointments),
      })),
      no_show_rate: percent(rate?.no_show_rate),
      returning_customer_rate: percent(rate?.returning_rate),
    };
  };
}
