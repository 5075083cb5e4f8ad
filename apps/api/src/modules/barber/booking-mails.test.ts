import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/outbox.ts';
import { useTestApp } from '../../test/helpers.ts';
import { call } from '../../test/work.ts';
import { linkInBookingMail } from './barber.mails.ts';
import { barberShop, booked, shopTimeAt } from './barber-test-helpers.ts';

/** The customer hears of what the shop does to their booking: a new time, a cancellation. */
const t = useTestApp();

const mailsTo = (to: string, subject: string) =>
  t.db.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)));

async function bookedWith(email: string | null) {
  const shop = await barberShop(t);
  const appointment = await booked(t, shop.token, {
    service_ids: [shop.service.id],
    staff_id: shop.staff.id,
    start_at: shopTimeAt(t, shop.timezone, 1, 10),
    customer: { name: 'Dan Customer', ...(email ? { email } : {}) },
  });
  return { shop, appointment };
}

describe("the shop's changes to a booking, told to the customer", () => {
  it('mails the new time when the shop moves the booking, and nothing for a change of services alone', async () => {
    const email = `moved-${Date.now()}@example.com`;
    const { shop, appointment } = await bookedWith(email);
    const services = await call(t, 'PATCH', `/api/barber/appointments/${appointment.id}`, shop.token, {
      service_ids: [shop.service.id],
    });
    expect(services.statusCode, services.body).toBe(200);
    expect(await mailsTo(email, 'has moved')).toHaveLength(0);

    const moved = await call(t, 'PATCH', `/api/barber/appointments/${appointment.id}`, shop.token, {
      start_at: shopTimeAt(t, shop.timezone, 1, 11),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [mail] = await mailsTo(email, 'has moved');
    expect(mail?.text).toContain('Hello Dan Customer');
    expect(mail?.text).toContain('11:00');
    expect(mail?.text).toContain(`(${shop.timezone})`);
    // Booked at the desk: the booking has no link to give.
    expect(mail?.text).not.toContain('Cancel or reschedule');
  });

  it("gives a booking made online its link when the shop moves it, and the link opens the booking's new time", async () => {
    const email = `online-moved-${Date.now()}@example.com`;
    const shop = await barberShop(t);
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/public/booking/${shop.slug}/appointments`,
      payload: {
        name: 'Online Dan',
        phone: '+254700000003',
        email,
        service_ids: [shop.service.id],
        start_at: shopTimeAt(t, shop.timezone, 1, 10),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const [confirmation] = await mailsTo(email, 'Your booking at');
    const confirmed = confirmation && linkInBookingMail(confirmation.text);
    const list = await call(t, 'GET', `/api/barber/appointments?q=${encodeURIComponent(email)}`, shop.token);
    const later = shopTimeAt(t, shop.timezone, 1, 15);
    const moved = await call(t, 'PATCH', `/api/barber/appointments/${list.json().data[0].id}`, shop.token, {
      start_at: later,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [mail] = await mailsTo(email, 'has moved');
    const link = mail && linkInBookingMail(mail.text);
    expect(link).toBeDefined();
    expect(link).toBe(confirmed);
    const token = link?.split('/').pop();
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/public/booking/${shop.slug}/manage/${token}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.start_at).toBe(later);
  });

  it('mails a cancellation by the shop, and nothing to a customer without an e-mail', async () => {
    const email = `cancelled-${Date.now()}@example.com`;
    const { shop, appointment } = await bookedWith(email);
    const cancel = await call(t, 'POST', `/api/barber/appointments/${appointment.id}/cancel`, shop.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [mail] = await mailsTo(email, 'is cancelled');
    expect(mail?.subject).toMatch(/^Your booking at .+ is cancelled$/);
    expect(mail?.text).toContain('10:00');
    expect(mail?.text).toContain(shop.staff.name);

    const silent = await bookedWith(null);
    // The mails about this shop's bookings (each names its staff member, whose name is the test's
    // own): on PostgreSQL other files write to the same outbox meanwhile.
    const aboutSilent = async () =>
      (
        await t.db.db
          .select()
          .from(outbox)
          .where(like(outbox.text, `%${silent.shop.staff.name}%`))
      ).length;
    const before = await aboutSilent();
    const quiet = await call(
      t,
      'POST',
      `/api/barber/appointments/${silent.appointment.id}/cancel`,
      silent.shop.token,
    );
    expect(quiet.statusCode).toBe(200);
    expect(await aboutSilent()).toBe(before);
  });
});
