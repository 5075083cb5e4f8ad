import { count } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { conflict } from '../../lib/app-error.ts';
import { clearSampleRows, takeSampleLoadTurn } from '../../lib/sample-data.ts';
import {
  barberAppointmentServices,
  barberAppointments,
  barberBreaks,
  barberCustomers,
  barberServices,
  barberStaff,
  barberStaffServices,
  barberWorkingHours,
} from './barber.schema.ts';
import { type BarberScope, timezoneOf } from './barber.service.ts';
import { addDays, instantAt, localTimeOf, weekdayOf } from './slots.ts';

const SERVICES = [
  { name: 'Haircut', duration: 30, price: '800', category: 'Hair' },
  { name: 'Beard trim', duration: 15, price: '400', category: 'Beard' },
  { name: 'Hot towel shave', duration: 30, price: '600', category: 'Beard' },
  { name: 'Kids cut', duration: 30, price: '500', category: 'Hair' },
  { name: 'Braids', duration: 120, price: '3000', category: 'Hair' },
  { name: 'Swedish massage', duration: 60, price: '3500', category: 'Spa' },
  { name: 'Manicure', duration: 45, price: '1200', category: 'Spa' },
] as const;

const STAFF = [
  { name: 'Brian Otieno', services: ['Haircut', 'Beard trim', 'Hot towel shave', 'Kids cut'] },
  { name: 'Faith Wanjiku', services: ['Haircut', 'Braids', 'Kids cut', 'Manicure'] },
  { name: 'Kevin Mutua', services: ['Haircut', 'Beard trim', 'Hot towel shave'] },
  { name: 'Grace Achieng', services: ['Swedish massage', 'Manicure', 'Braids'] },
] as const;

const FIRST = [
  'James',
  'Mary',
  'John',
  'Aisha',
  'Peter',
  'Esther',
  'David',
  'Lucy',
  'Samuel',
  'Naomi',
  'Daniel',
  'Joy',
  'Paul',
  'Ruth',
  'Moses',
  'Sarah',
  'Eric',
  'Ann',
  'Victor',
  'Mercy',
];
const LAST = [
  'Kamau',
  'Odhiambo',
  'Njoroge',
  'Wambui',
  'Kiprop',
  'Mwangi',
  'Chebet',
  'Omondi',
  'Auma',
  'Ndungu',
];

/** A small deterministic generator (mulberry32): the same month every time. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const OPEN = 9 * 60;
const CLOSE = 18 * 60;
const LUNCH = [13 * 60, 14 * 60] as const;

/**
 * "Load sample data" (a realistic month, so a new shop sees a living dashboard in one click) and
 * "Clear sample data" (exactly those rows: each is marked `sample`). Loading needs an empty
 * module (409 otherwise). Clearing leaves a sample customer, staff member or service that a real
 * appointment has come to use.
 */
export function createSampleData(ctx: Ctx) {
  const { db, now } = ctx;

  async function isEmpty(scope: BarberScope): Promise<boolean> {
    const [services] = await db
      .select({ n: count() })
      .from(barberServices)
      .where(scope.workspace(barberServices));
    const [staff] = await db.select({ n: count() }).from(barberStaff).where(scope.workspace(barberStaff));
    const [appointments] = await db
      .select({ n: count() })
      .from(barberAppointments)
      .where(scope.workspace(barberAppointments));
    return (services?.n ?? 0) + (staff?.n ?? 0) + (appointments?.n ?? 0) === 0;
  }

  return {
    async load(
      scope: BarberScope,
    ): Promise<{ services: number; staff: number; customers: number; appointments: number }> {
      await takeSampleLoadTurn(db, 'barber', scope);
      if (!(await isEmpty(scope)))
        throw conflict('Sample data goes into an empty salon only: this one has records');
      const values = scope.workspaceValues();
      const timezone = await timezoneOf(db, scope);
      const at = now();
      const next = random(20_261_125);
      const services = await db
        .insert(barberServices)
        .values(
          SERVICES.map((s) => ({
            ...values,
            name: s.name,
            durationMinutes: s.duration,
            price: s.price,
            category: s.category,
            sample: true,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .returning();
      const serviceByName = new Map(services.map((s) => [s.name, s]));
      const staff = await db
        .insert(barberStaff)
        .values(STAFF.map((s) => ({ ...values, name: s.name, sample: true, createdAt: at, updatedAt: at })))
        .returning();
      for (const member of staff) {
        const plan = STAFF.find((s) => s.name === member.name);
        if (!plan) continue;
        await db.insert(barberStaffServices).values(
          plan.services.map((name) => ({
            ...values,
            staffId: member.id,
            serviceId: serviceByName.get(name)?.id ?? '',
          })),
        );
        await db.insert(barberWorkingHours).values(
          [1, 2, 3, 4, 5, 6].map((weekday) => ({
            ...values,
            staffId: member.id,
            weekday,
            startMinute: OPEN,
            endMinute: CLOSE,
          })),
        );
        await db.insert(barberBreaks).values(
          [1, 2, 3, 4, 5, 6].map((weekday) => ({
            ...values,
            staffId: member.id,
            weekday,
            startMinute: LUNCH[0],
            endMinute: LUNCH[1],
          })),
        );
      }
      const customers = await db
        .insert(barberCustomers)
        .values(
          Array.from({ length: 45 }, (_, i) => {
            const first = FIRST[i % FIRST.length] ?? 'Guest';
            const last = LAST[Math.floor(i / 2) % LAST.length] ?? 'Customer';
            return {
              ...values,
              name: `${first} ${last}`,
              phone: `+2547${String(10_000_000 + i * 7919).slice(0, 8)}`,
              email: `${first}.${last}.${i}@example.com`.toLowerCase(),
              sample: true,
              createdAt: at,
            };
          }),
        )
        .returning({ id: barberCustomers.id });
      // Regulars come back: the first fifteen customers are picked far more often.
      const pickCustomer = () => {
        const regular = next() < 0.55;
        const index = regular ? Math.floor(next() * 15) : 15 + Math.floor(next() * (customers.length - 15));
        return customers[index]?.id ?? customers[0]?.id ?? '';
      };

      const today = localTimeOf(at, timezone).date;
      let appointmentCount = 0;
      for (let offset = -30; offset <= 7; offset++) {
        const day = addDays(today, offset);
        const weekday = weekdayOf(day);
        if (weekday === 7) continue;
        const busier = weekday === 5 || weekday === 6 ? 0.75 : 0.5;
        for (const member of staff) {
          const plan = STAFF.find((s) => s.name === member.name);
          if (!plan) continue;
          let minute = OPEN;
          while (minute < CLOSE) {
            if (minute >= LUNCH[0] && minute < LUNCH[1]) {
              minute = LUNCH[1];
              continue;
            }
            if (next() > busier) {
              minute += 30;
              continue;
            }
            const first = serviceByName.get(plan.services[Math.floor(next() * plan.services.length)] ?? '');
            if (!first) break;
            const lines = [first];
            const beard = serviceByName.get('Beard trim');
            if (
              first.name === 'Haircut' &&
              beard &&
              plan.services.includes('Beard trim' as never) &&
              next() < 0.3
            )
              lines.push(beard);
            const duration = lines.reduce((sum, s) => sum + s.durationMinutes, 0);
            const end = minute + duration;
            const crossesLunch = minute < LUNCH[1] && end > LUNCH[0];
            if (end > CLOSE || crossesLunch) {
              minute += 15;
              continue;
            }
            const start = instantAt(day, minute, timezone);
            const past = start.getTime() + duration * 60_000 < at.getTime();
            const roll = next();
            const status = past
              ? roll < 0.08
                ? 'no_show'
                : roll < 0.18
                  ? 'cancelled'
                  : 'done'
              : roll < 0.06
                ? 'cancelled'
                : 'booked';
            const sourceRoll = next();
            // A walk-in is someone at the door, today or before: a day to come is booked ahead.
            const source =
              sourceRoll < 0.45 ? 'public' : sourceRoll < 0.75 || offset > 0 ? 'staff' : 'walk_in';
            const walkIn = source === 'walk_in';
            const [made] = await db
              .insert(barberAppointments)
              .values({
                ...values,
                customerId: pickCustomer(),
                staffId: member.id,
                startAt: start,
                endAt: new Date(start.getTime() + duration * 60_000),
                status,
                source,
                // A past appointment needs no reminder any more.
                reminderSentAt: past ? start : null,
                sample: true,
                // Booked three days ahead, a walk-in as they came in; never later than now.
                createdAt: new Date(
                  Math.min(start.getTime() - (walkIn ? 20 * 60_000 : 3 * 86_400_000), at.getTime()),
                ),
                updatedAt: at,
              })
              .returning({ id: barberAppointments.id });
            if (made) {
              await db.insert(barberAppointmentServices).values(
                lines.map((s, position) => ({
                  ...values,
                  appointmentId: made.id,
                  position,
                  serviceId: s.id,
                  name: s.name,
                  durationMinutes: s.durationMinutes,
                  price: s.price,
                })),
              );
              appointmentCount++;
            }
            minute = end + (next() < 0.5 ? 0 : 15);
          }
        }
      }
      return {
        services: services.length,
        staff: staff.length,
        customers: customers.length,
        appointments: appointmentCount,
      };
    },

    /** Removes exactly the sample rows, keeping any a real record still refers to. */
    async clear(
      scope: BarberScope,
    ): Promise<{ appointments: number; customers: number; staff: number; services: number }> {
      const A = barberAppointments;
      return {
        appointments: await clearSampleRows(db, A, scope.workspace(A)),
        customers: await clearSampleRows(db, barberCustomers, scope.workspace(barberCustomers), {
          table: A,
          column: A.customerId,
        }),
        staff: await clearSampleRows(db, barberStaff, scope.workspace(barberStaff), {
          table: A,
          column: A.staffId,
        }),
        services: await clearSampleRows(db, barberServices, scope.workspace(barberServices), {
          table: barberAppointmentServices,
          column: barberAppointmentServices.serviceId,
        }),
      };
    },
  };
}
