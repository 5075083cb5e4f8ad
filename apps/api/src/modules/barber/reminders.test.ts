import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { tenantAware } from '../../db/tenant-context.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { testConfig, useTestApp } from '../../test/helpers.ts';
import { call } from '../../test/work.ts';
import { Mailer } from '../mail/mailer.ts';
import { linkInBookingMail } from './barber.mails.ts';
import { barberAppointments } from './barber.schema.ts';
import { barberShop, booked, bookedOnline, type Shop, shopTimeAt } from './barber-test-helpers.ts';
import { createReminderJob } from './reminders.ts';

const t = useTestApp();

/**
 * A job as the server starts it: the app's role, its own mailer (a new instance: a restart), the
 * app's config (its secret: the links' tokens derive from it) unless another is given.
 */
async function job(config: Pick<Config, 'publicUrl' | 'jwtSecret'> = testConfig()) {
  const db = tenantAware(await t.db.appDb());
  const mailer = new Mailer({
    db,
    now: t.clock.now,
    log: t.app.log,
    smtpUrl: undefined,
    from: 'shop@example.com',
  });
  return createReminderJob({ db, now: t.clock.now, mailer, log: t.app.log, config });
}

const remindersTo = (to: string) =>
  t.db.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), like(outbox.subject, 'Reminder:%')));

async function allDayShop() {
  const shop = await barberShop(t);
  const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 0, end_minute: 1440 }));
  const edit = await call(t, 'PATCH', `/api/barber/staff/${shop.staff.id}`, shop.token, {
    name: shop.staff.name,
    service_ids: [shop.service.id],
    hours,
  });
  expect(edit.statusCode).toBe(200);
  return shop;
}

const bookFor = (shop: Awaited<ReturnType<typeof barberShop>>, email: string, start: string) =>
  booked(t, shop.token, {
    service_ids: [shop.service.id],
    staff_id: shop.staff.id,
    start_at: start,
    customer: { name: 'Reminded', email },
  });

describe('the reminder mail the day before', () => {
  it('reminds once the appointment is within a day, once, across restarts', async () => {
    const shop = await allDayShop();
    const soon = `soon-${Date.now()}@example.com`;
    const later = `later-${Date.now()}@example.com`;
    const cancelled = `cancelled-${Date.now()}@example.com`;
    // Now is 06:xx in the shop: tomorrow 05:00 is within 24 hours, the day after is not.
    await bookFor(shop, soon, shopTimeAt(t, shop.timezone, 1, 5));
    await bookFor(shop, later, shopTimeAt(t, shop.timezone, 2, 10));
    const gone = await bookFor(shop, cancelled, shopTimeAt(t, shop.timezone, 1, 4));
    await call(t, 'POST', `/api/barber/appointments/${gone.id}/cancel`, shop.token);

    const first = await job();
    await first.runOnce();
    const mails = await remindersTo(soon);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(shop.staff.name);
    expect(mails[0]?.text).toContain(shop.service.name);
    // The time as the shop's clock reads it, and which clock that is.
    expect(mails[0]?.text).toContain(`(${shop.timezone})`);
    expect(mails[0]?.subject).toMatch(/ tomorrow$/);
    // Booked at the desk: there is no link to give.
    expect(mails[0]?.text).not.toContain('Cancel or reschedule');
    expect(await remindersTo(later)).toHaveLength(0);
    expect(await remindersTo(cancelled)).toHaveLength(0);

    await first.runOnce();
    await (await job()).runOnce();
    expect(await remindersTo(soon)).toHaveLength(1);
  });

  it("says 'today' of an appointment later the same day (booked hours ahead), not 'tomorrow'", async () => {
    const shop = await allDayShop();
    const email = `sameday-${Date.now()}@example.com`;
    // Now is 06:xx in the shop: 10:00 is today.
    await bookFor(shop, email, shopTimeAt(t, shop.timezone, 0, 10));
    await (await job()).runOnce();
    const [mail] = await remindersTo(email);
    expect(mail?.subject).toMatch(/ today$/);
  });

  it('never sends twice when two instances run at the same instant', async () => {
    const shop = await allDayShop();
    const email = `twice-${Date.now()}@example.com`;
    await bookFor(shop, email, shopTimeAt(t, shop.timezone, 1, 3));
    const [a, b, c] = [await job(), await job(), await job()];
    await Promise.all([a.runOnce(), b.runOnce(), c.runOnce()]);
    expect(await remindersTo(email)).toHaveLength(1);
  });

  it('reminds a moved appointment of its new time', async () => {
    const shop = await allDayShop();
    const email = `moved-${Date.now()}@example.com`;
    const a = await bookFor(shop, email, shopTimeAt(t, shop.timezone, 1, 2));
    await (await job()).runOnce();
    expect(await remindersTo(email)).toHaveLength(1);
    const moved = await call(t, 'PATCH', `/api/barber/appointments/${a.id}`, shop.token, {
      start_at: shopTimeAt(t, shop.timezone, 1, 3),
    });
    expect(moved.statusCode).toBe(200);
    await (await job()).runOnce();
    expect(await remindersTo(email)).toHaveLength(2);
  });

  it('starts when the server listens (the routes plugin starts it), and keeps looking', async () => {
    const shop = await allDayShop();
    const email = `started-${Date.now()}@example.com`;
    await bookFor(shop, email, shopTimeAt(t, shop.timezone, 1, 1));
    expect(await remindersTo(email)).toHaveLength(0);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await expect.poll(async () => (await remindersTo(email)).length, { timeout: 10_000 }).toBe(1);
  });
});

describe("the reminder's link (an online booking's cancel/reschedule page)", () => {
  const bookOnline = (shop: Shop, email: string, hour: number) => bookedOnline(t, shop, email, hour);
  /** The public API's answer for a link's page (/book/{slug}/manage/{token}). */
  const manage = (link: string) =>
    t.app.inject({ method: 'GET', url: new URL(link).pathname.replace(/^\/book\//, '/api/public/booking/') });

  it('carries the link of a booking made online, which opens that booking', async () => {
    const shop = await allDayShop();
    const email = `online-${Date.now()}@example.com`;
    const { start, link: confirmed } = await bookOnline(shop, email, 5);
    await (await job()).runOnce();
    const [reminder] = await remindersTo(email);
    const link = reminder && linkInBookingMail(reminder.text);
    expect(link).toBe(confirmed);
    expect(reminder?.html).toContain(`href="${link}"`);
    const opened = await manage(link ?? '');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toMatchObject({
      start_at: start,
      status: 'booked',
      staff_name: shop.staff.name,
    });
  });

  it('gives no link for a booking whose token was random (made before), and its own link still opens it', async () => {
    const shop = await allDayShop();
    const email = `legacy-${Date.now()}@example.com`;
    const { start } = await bookOnline(shop, email, 3);
    // As a booking made before the tokens were derived: a random token, kept as its hash.
    const legacy = randomToken();
    await t.db.db
      .update(barberAppointments)
      .set({ tokenHash: sha256(legacy) })
      .where(
        and(
          eq(barberAppointments.workspaceId, shop.workspaceId),
          eq(barberAppointments.startAt, new Date(start)),
        ),
      );
    await (await job()).runOnce();
    const [reminder] = await remindersTo(email);
    expect(reminder?.text).toContain(shop.staff.name);
    expect(reminder && linkInBookingMail(reminder.text)).toBeUndefined();
    expect(reminder?.html).not.toContain('/manage/');
    const opened = await manage(`http://x/book/${shop.slug}/manage/${legacy}`);
    expect(opened.statusCode).toBe(200);
  });

  it('after the secret is rotated: the reminder goes out without a link, and the mailed link keeps working', async () => {
    const shop = await allDayShop();
    const email = `rotated-${Date.now()}@example.com`;
    const { link } = await bookOnline(shop, email, 4);
    const rotated = { ...testConfig(), jwtSecret: `rotated-${'r'.repeat(60)}` };
    await (await job(rotated)).runOnce();
    const [reminder] = await remindersTo(email);
    expect(reminder?.subject).toMatch(/ tomorrow$/);
    expect(reminder && linkInBookingMail(reminder.text)).toBeUndefined();
    expect((await manage(link)).statusCode).toBe(200);
  });
});
