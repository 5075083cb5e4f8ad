import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { call } from '../../test/work.ts';
import { addStaff, barberShop, bookAs, shopTimeAt } from './barber-test-helpers.ts';

// Simultaneous bookings (on PostgreSQL they really run at once, on several connections): the
// exclusion constraint barber_appointments_no_overlap, not a check in code, keeps one staff
// member's time from being booked twice; the loser gets a 409, never a 500.

const t = useTestApp();

const publicBooking = (slug: string, body: Record<string, unknown>, n: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/booking/${slug}/appointments`,
    payload: { name: `Guest ${n}`, phone: `07000000${n}`, email: `guest${n}@example.com`, ...body },
  });

describe('bookings of one slot at the same instant', () => {
  it('two staff bookings of one slot: one 201, one 409', async () => {
    const shop = await barberShop(t);
    const body = {
      service_ids: [shop.service.id],
      staff_id: shop.staff.id,
      start_at: shopTimeAt(t, shop.timezone, 1, 10),
    };
    const answers = await Promise.all([bookAs(t, shop.token, body), bookAs(t, shop.token, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const list = await call(t, 'GET', '/api/barber/appointments', shop.token);
    expect(list.json().meta.total).toBe(1);
  });

  it('two public bookings of one slot: one 201, one 409', async () => {
    const shop = await barberShop(t);
    const body = {
      service_ids: [shop.service.id],
      staff_id: shop.staff.id,
      start_at: shopTimeAt(t, shop.timezone, 1, 11),
    };
    const answers = await Promise.all([publicBooking(shop.slug, body, 1), publicBooking(shop.slug, body, 2)]);
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join()).toEqual([201, 409]);
  });

  it('overlapping (not equal) bookings at once: one 201, the other 409', async () => {
    const shop = await barberShop(t);
    const base = { service_ids: [shop.service.id], staff_id: shop.staff.id };
    const answers = await Promise.all([
      bookAs(t, shop.token, { ...base, start_at: shopTimeAt(t, shop.timezone, 1, 15) }),
      bookAs(t, shop.token, { ...base, start_at: shopTimeAt(t, shop.timezone, 1, 15, 15) }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('six pairwise-overlapping bookings at once (deadlocks retried): one 201, five 409, no 500', async () => {
    const shop = await barberShop(t);
    const base = { service_ids: [shop.service.id], staff_id: shop.staff.id };
    const answers = await Promise.all(
      [0, 5, 10, 15, 20, 25].map((minute) =>
        bookAs(t, shop.token, { ...base, start_at: shopTimeAt(t, shop.timezone, 1, 17, minute) }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('"anyone" bookings at once fill each free staff member once, then 409', async () => {
    const shop = await barberShop(t);
    await addStaff(t, shop.token, [shop.service.id]);
    const body = { service_ids: [shop.service.id], start_at: shopTimeAt(t, shop.timezone, 1, 16) };
    const answers = await Promise.all(Array.from({ length: 5 }, () => bookAs(t, shop.token, body)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
    const staffIds = answers.filter((a) => a.statusCode === 201).map((a) => a.json().data.staff.id);
    expect(new Set(staffIds).size).toBe(2);
  });

  it('two adds of a customer with one e-mail: one 201, one 409', async () => {
    const shop = await barberShop(t);
    const add = (name: string) =>
      call(t, 'POST', '/api/barber/customers', shop.token, { name, email: 'same@example.com' });
    const answers = await Promise.all([add('First'), add('Second')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const list = await call(t, 'GET', '/api/barber/customers?q=same@', shop.token);
    expect(list.json().meta.total).toBe(1);
  });
});
