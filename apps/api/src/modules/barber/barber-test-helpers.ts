import { randomUUID } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../../db/schema/outbox.ts';
import { bearer, type TestApp } from '../../test/helpers.ts';
import { newTenant } from '../../test/tenants.ts';
import { call } from '../../test/work.ts';
import { linkInBookingMail } from './barber.mails.ts';
import { barberAppointments } from './barber.schema.ts';
import { addDays, instantAt, localTimeOf } from './slots.ts';

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/** PUT with a bearer token and a JSON body (test/work.ts's call has no PUT). */
export const put = (t: TestApp, url: string, token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });

/**
 * A fixed-offset time zone in which it is 06:xx now (the test clock's), so that a test's "today"
 * has a whole working day ahead whenever the tests run. 'Etc/GMT-3' is UTC+3 (the signs are POSIX's).
 */
export function morningZone(t: TestApp): string {
  let offset = 6 - t.clock.now().getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** 'YYYY-MM-DD' of the shop's day `days` after today (the test clock's). */
export const shopDay = (t: TestApp, timezone: string, days: number) =>
  addDays(localTimeOf(t.clock.now(), timezone).date, days);

/** The instant at `hour`:`minute` of the shop's day `days` from today. */
export const shopTimeAt = (t: TestApp, timezone: string, days: number, hour: number, minute = 0) =>
  instantAt(shopDay(t, timezone, days), hour * 60 + minute, timezone).toISOString();

export async function addService(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; name: string; duration_minutes: number; price: string }> {
  const response = await call(t, 'POST', '/api/barber/services', token, {
    name: `Cut ${randomUUID().slice(0, 6)}`,
    duration_minutes: 30,
    price: '800',
    category: 'Hair',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** A staff member performing `serviceIds`, working 08:00-20:00 every day with a 13:00-14:00 break. */
export async function addStaff(
  t: TestApp,
  token: string,
  serviceIds: string[],
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; name: string }> {
  const response = await call(t, 'POST', '/api/barber/staff', token, {
    name: `Barber ${randomUUID().slice(0, 6)}`,
    service_ids: serviceIds,
    hours: EVERY_DAY.map((weekday) => ({ weekday, start_minute: 8 * 60, end_minute: 20 * 60 })),
    breaks: EVERY_DAY.map((weekday) => ({ weekday, start_minute: 13 * 60, end_minute: 14 * 60 })),
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

export type Shop = {
  token: string;
  timezone: string;
  slug: string;
  workspaceId: string;
  accountId: string;
  service: { id: string; name: string };
  staff: { id: string; name: string };
};

/** A Barber Shop & Spa workspace with a service and a staff member who performs it. */
export async function barberShop(t: TestApp): Promise<Shop> {
  const tenant = await newTenant(t, 'barber');
  const token = tenant.owner.token;
  const timezone = morningZone(t);
  const settings = await put(t, '/api/barber/settings', token, { timezone });
  expect(settings.statusCode, settings.body).toBe(200);
  const service = await addService(t, token);
  const staff = await addStaff(t, token, [service.id]);
  return {
    token,
    timezone,
    slug: tenant.workspace.public_slug,
    workspaceId: tenant.workspace.workspace_id,
    accountId: tenant.workspace.account_id,
    service,
    staff,
  };
}

/** Books as staff; the raw response. */
export const bookAs = (t: TestApp, token: string, body: Record<string, unknown>) =>
  call(t, 'POST', '/api/barber/appointments', token, {
    customer: { name: 'Wanjiru', phone: '+254700000000', email: 'wanjiru@example.com' },
    ...body,
  });

/** Books and expects 201; the appointment. */
export async function booked(t: TestApp, token: string, body: Record<string, unknown>) {
  const response = await bookAs(t, token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    id: string;
    start_at: string;
    end_at: string;
    status: string;
    staff: { id: string };
  };
}

/**
 * Books `shop`'s first service on its public page for `email`, tomorrow at `hour` (shop time), and
 * expects 201; the start booked and the link its confirmation mailed.
 */
export async function bookedOnline(
  t: TestApp,
  shop: Shop,
  email: string,
  hour: number,
  name = 'Online Booker',
) {
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/public/booking/${shop.slug}/appointments`,
    payload: {
      name,
      phone: '+254700000001',
      email,
      service_ids: [shop.service.id],
      start_at: shopTimeAt(t, shop.timezone, 1, hour),
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const [mail] = await t.db.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), like(outbox.subject, 'Your booking at%')))
    .orderBy(desc(outbox.createdAt));
  const link = mail && linkInBookingMail(mail.text);
  if (!link) throw new Error(`no confirmation to ${email}`);
  return { start: made.json().data.start_at as string, link };
}

/** A booked appointment that has already started (a booking cannot be made in the past): straight into the database. */
export async function pastAppointment(
  t: TestApp,
  shop: { accountId: string; workspaceId: string; token: string; staffId: string },
  hoursAgo: number,
  customerBody: { name: string; email?: string } = { name: `Late ${hoursAgo}` },
): Promise<string> {
  const customer = await call(t, 'POST', '/api/barber/customers', shop.token, customerBody);
  expect(customer.statusCode, customer.body).toBe(201);
  const start = new Date(t.clock.now().getTime() - hoursAgo * 3_600_000);
  const [row] = await t.db.db
    .insert(barberAppointments)
    .values({
      accountId: shop.accountId,
      workspaceId: shop.workspaceId,
      customerId: customer.json().data.id,
      staffId: shop.staffId,
      startAt: start,
      endAt: new Date(start.getTime() + 30 * 60_000),
      status: 'booked',
      source: 'staff',
    })
    .returning({ id: barberAppointments.id });
  if (!row) throw new Error('no appointment inserted');
  return row.id;
}
