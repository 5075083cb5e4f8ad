import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { call } from '../../test/work.ts';
import { addService, addStaff, barberShop, put } from './barber-test-helpers.ts';
import { addDays, instantAt, instantsAt, localTimeOf } from './slots.ts';

/*
 * The nights the clocks change, through the booking page and the desk: a shop in Berlin whose
 * barber works 00:00-03:00 by the clock, a one-hour service. The test clock moves to a few days
 * before the next such nights (it only moves forward: the earlier night first).
 */
const t = useTestApp();
const BERLIN = 'Europe/Berlin';
const BASE = '/api/public/booking';
const HOUR = 3_600_000;

/** The next Berlin date after `from` whose day is `hours` long (23: spring forward, 25: fall back). */
function nextNight(from: Date, hours: number): string {
  let date = addDays(localTimeOf(from, BERLIN).date, 4);
  for (let i = 0; i < 400; i++, date = addDays(date, 1)) {
    const length = instantAt(addDays(date, 1), 0, BERLIN).getTime() - instantAt(date, 0, BERLIN).getTime();
    if (length === hours * HOUR) return date;
  }
  throw new Error('no change of the clocks within a year');
}

async function nightShop() {
  const shop = await barberShop(t);
  expect((await put(t, '/api/barber/settings', shop.token, { timezone: BERLIN })).statusCode).toBe(200);
  const hour = await addService(t, shop.token, { duration_minutes: 60 });
  const barber = await addStaff(t, shop.token, [hour.id], {
    hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 0, end_minute: 180 })),
    breaks: [],
  });
  const slots = async (date: string): Promise<string[]> => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${shop.slug}/slots?service_ids=${hour.id}&staff_id=${barber.id}&date=${date}`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data.slots.map((s: { start_at: string }) => s.start_at);
  };
  const bookOnline = (start: Date, email: string) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/${shop.slug}/appointments`,
      payload: {
        start_at: start.toISOString(),
        service_ids: [hour.id],
        staff_id: barber.id,
        name: 'Night Owl',
        phone: '+49301234567',
        email,
      },
    });
  const bookAtDesk = (start: Date) =>
    call(t, 'POST', '/api/barber/appointments', shop.token, {
      start_at: start.toISOString(),
      service_ids: [hour.id],
      staff_id: barber.id,
      customer: { name: 'Desk Owl' },
    });
  return { slots, bookOnline, bookAtDesk };
}

/** The instant the Berlin clock reads `hour`:`minute` of `date`; `which` of a repeated one. */
const at = (date: string, hour: number, minute: number, which = 0): Date => {
  const found = instantsAt(date, hour * 60 + minute, BERLIN)[which];
  if (!found) throw new Error(`the clock never reads ${hour}:${minute} on ${date}`);
  return found;
};

describe('booking on the nights the clocks change', () => {
  it('offers and books what fits by the real time, the booking page and the desk alike', async () => {
    const now = t.clock.now();
    const nights = [
      { date: nextNight(now, 23), kind: 'spring' as const },
      { date: nextNight(now, 25), kind: 'autumn' as const },
    ].sort((a, b) => (a.date < b.date ? -1 : 1));
    for (const { date, kind } of nights) {
      t.clock.advance(
        (instantAt(date, 0, BERLIN).getTime() - t.clock.now().getTime() - 3 * 24 * HOUR) / 1000,
      );
      const shop = await nightShop();
      const offered = await shop.slots(date);
      const readings = offered.map((s) => localTimeOf(new Date(s), BERLIN).minute);
      if (kind === 'spring') {
        // 00:00 to 03:00 is two hours tonight: an hour from 01:15 would end at 03:15.
        expect(readings).toEqual([0, 15, 30, 45, 60]);
        const quarterPast = at(date, 1, 15);
        expect((await shop.bookOnline(quarterPast, 'spring@example.com')).statusCode).toBe(400);
        expect((await shop.bookAtDesk(quarterPast)).statusCode).toBe(400);
        expect((await shop.bookOnline(at(date, 1, 0), 'spring@example.com')).statusCode).toBe(201);
      } else {
        // Four hours tonight: every quarter from 00:00 to the second 02:00, the repeated ones twice.
        expect(new Set(offered).size).toBe(offered.length);
        expect(offered).toHaveLength(13);
        expect(offered).toContain(at(date, 2, 30, 0).toISOString());
        expect(offered).not.toContain(at(date, 2, 30, 1).toISOString());
        // The first 02:30 for an hour ends at the second 02:30: within hours to 03:00.
        const first = await shop.bookOnline(at(date, 2, 30, 0), 'autumn@example.com');
        expect(first.statusCode, first.body).toBe(201);
        expect(first.json().data.end_at).toBe(at(date, 2, 30, 1).toISOString());
        // The second 02:00 is the hour the first 02:30 took: taken; the second 02:15 runs past 03:00.
        expect((await shop.bookAtDesk(at(date, 2, 0, 1))).statusCode).toBe(409);
        expect((await shop.bookAtDesk(at(date, 2, 15, 1))).statusCode).toBe(400);
        expect((await shop.bookAtDesk(at(date, 1, 30))).statusCode).toBe(201);
      }
    }
  });
});
