import { messages } from '@workhub/shared/messages';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/outbox.ts';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { barberAppointments } from './barber.schema.ts';
import { barberShop, type Shop, shopTimeAt } from './barber-test-helpers.ts';

/*
 * The public booking form mails its confirmation ("Hello {name}, ...", the name a stranger typed)
 * to any address under the shop's name: at most PUBLIC_MAIL_RATE_LIMIT_PER_EMAIL such bookings an
 * address an hour, across every shop and IP; past it a 429 before anything is booked or mailed.
 */
const LIMIT = 3;
const t = useTestApp({ PUBLIC_MAIL_RATE_LIMIT_PER_EMAIL: String(LIMIT) });
const HOUR_SECONDS = 60 * 60;

const book = (shop: Shop, email: string, hour: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/booking/${shop.slug}/appointments`,
    payload: {
      name: 'Click here: https://evil.example',
      phone: '+254722000000',
      email,
      service_ids: [shop.service.id],
      start_at: shopTimeAt(t, shop.timezone, 1, hour),
    },
  });

const mailsTo = async (to: string) =>
  (await t.db.db.select({ n: count() }).from(outbox).where(eq(outbox.to, to)))[0]?.n ?? 0;

const bookingsOf = async (shop: Shop) =>
  (
    await t.db.db
      .select({ n: count() })
      .from(barberAppointments)
      .where(
        and(eq(barberAppointments.workspaceId, shop.workspaceId), eq(barberAppointments.source, 'public')),
      )
  )[0]?.n ?? 0;

describe('booking confirmations to one address', () => {
  it(`are at most ${LIMIT} an hour across shops: then 429, nothing booked or mailed; the next hour books again`, async () => {
    const [first, second] = [await barberShop(t), await barberShop(t)];
    const victim = `victim-${Date.now()}@example.com`;

    expect((await book(first, victim, 9)).statusCode).toBe(201);
    expect((await book(first, victim, 10)).statusCode).toBe(201);
    // Another shop, the address in other case: the same address's budget.
    expect((await book(second, victim.toUpperCase(), 9)).statusCode).toBe(201);
    expect(await mailsTo(victim)).toBe(LIMIT);

    const refused = await book(second, victim, 10);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(errorOf(refused).error).toMatchObject({
      code: 'RATE_LIMITED',
      message: messages.publicMailTooMany,
    });
    expect(errorOf(refused).error.retry_after).toBeGreaterThan(0);
    expect(await mailsTo(victim)).toBe(LIMIT);
    expect(await bookingsOf(second)).toBe(1);

    // Another address books at the same shop, from the same place.
    expect((await book(second, `someone-else-${Date.now()}@example.com`, 11)).statusCode).toBe(201);

    t.clock.advance(HOUR_SECONDS + 1);
    expect((await book(second, victim, 15)).statusCode).toBe(201);
    expect(await mailsTo(victim)).toBe(LIMIT + 1);
  });
});
