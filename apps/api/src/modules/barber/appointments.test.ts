import { messages } from '@workhub/shared/messages';
import { APPOINTMENT_MINUTES_MAX, BARBER_MESSAGES } from '@workhub/shared/schemas/barber';
import { describe, expect, it } from 'vitest';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { memberIn } from '../../test/tenants.ts';
import { call } from '../../test/work.ts';
import { theAuditRow } from '../audit/audit-test-helpers.ts';
import { barberAppointments } from './barber.schema.ts';
import {
  addService,
  addStaff,
  barberShop,
  bookAs,
  booked,
  pastAppointment,
  put,
  shopDay,
  shopTimeAt,
} from './barber-test-helpers.ts';

const t = useTestApp();
const APPOINTMENTS = '/api/barber/appointments';

describe('services and staff', () => {
  it('adds, lists, searches and edits services; a name is unique in the shop', async () => {
    const { token } = await barberShop(t);
    const beard = await addService(t, token, { name: 'Beard trim', category: 'Beard', price: 350.5 });
    expect(beard).toMatchObject({
      name: 'Beard trim',
      duration_minutes: 30,
      price: '350.5000',
      category: 'Beard',
      active: true,
    });
    const again = await call(t, 'POST', '/api/barber/services', token, {
      name: 'BEARD TRIM',
      duration_minutes: 20,
      price: 1,
    });
    expect(again.statusCode).toBe(409);
    const found = await call(t, 'GET', '/api/barber/services?q=beard', token);
    expect(found.json().data.map((s: { name: string }) => s.name)).toEqual(['Beard trim']);
    const edited = await call(t, 'PATCH', `/api/barber/services/${beard.id}`, token, {
      name: 'Beard trim',
      duration_minutes: 25,
      price: '400',
      active: false,
    });
    expect(edited.json().data).toMatchObject({ duration_minutes: 25, price: '400.0000', active: false });
    const active = await call(t, 'GET', '/api/barber/services?active=true', token);
    expect(active.json().data.some((s: { id: string }) => s.id === beard.id)).toBe(false);
  });

  it('refuses bad service input with 400', async () => {
    const { token } = await barberShop(t);
    for (const body of [
      { name: 'Cut\u0000', duration_minutes: 30, price: 1 },
      { name: 'Cut', duration_minutes: 30, price: '99999999999999' },
      { name: 'Cut', duration_minutes: 2 ** 31, price: 1 },
      { name: 'Cut', duration_minutes: 601, price: 1 },
      { name: 'Cut', duration_minutes: 30, price: -1 },
      { name: '', duration_minutes: 30, price: 1 },
    ]) {
      const response = await call(t, 'POST', '/api/barber/services', token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('keeps staff hours, breaks, days off and services; refuses a break outside the hours', async () => {
    const { token, service } = await barberShop(t);
    const staff = await addStaff(t, token, [service.id], {
      name: 'Amina',
      hours: [{ weekday: 2, start_minute: 540, end_minute: 1020 }],
      breaks: [{ weekday: 2, start_minute: 720, end_minute: 780 }],
      days_off: ['2030-01-01'],
    });
    expect(staff).toMatchObject({
      name: 'Amina',
      service_ids: [service.id],
      hours: [{ weekday: 2, start_minute: 540, end_minute: 1020 }],
      breaks: [{ weekday: 2, start_minute: 720, end_minute: 780 }],
      days_off: ['2030-01-01'],
    });
    const bad = await call(t, 'PATCH', `/api/barber/staff/${staff.id}`, token, {
      name: 'Amina',
      hours: [{ weekday: 2, start_minute: 540, end_minute: 1020 }],
      breaks: [{ weekday: 3, start_minute: 720, end_minute: 780 }],
    });
    expect(bad.statusCode).toBe(400);
    // Said on the break's row, naming the day (and its hours when it has some).
    expect(bad.json().error.fields).toEqual({
      'breaks.0': 'Wednesday has no working hours, so it cannot have a break',
    });
    const late = await call(t, 'PATCH', `/api/barber/staff/${staff.id}`, token, {
      name: 'Amina',
      hours: [{ weekday: 2, start_minute: 540, end_minute: 1020 }],
      breaks: [{ weekday: 2, start_minute: 990, end_minute: 1050 }],
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields).toEqual({
      'breaks.0': "The break must lie within Tuesday's working hours (09:00-17:00)",
    });
    const reversed = await call(t, 'POST', '/api/barber/staff', token, {
      name: 'Backwards',
      hours: [{ weekday: 1, start_minute: 600, end_minute: 540 }],
    });
    expect(reversed.statusCode).toBe(400);
    const twice = await call(t, 'POST', '/api/barber/staff', token, {
      name: 'Twice',
      hours: [
        { weekday: 1, start_minute: 500, end_minute: 540 },
        { weekday: 1, start_minute: 600, end_minute: 700 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const edited = await call(t, 'PATCH', `/api/barber/staff/${staff.id}`, token, {
      name: 'Amina K',
      active: false,
    });
    expect(edited.json().data).toMatchObject({ name: 'Amina K', active: false, service_ids: [], hours: [] });
  });

  it("answers 404 for another shop's records and 400 for its ids in a body", async () => {
    const ours = await barberShop(t);
    const theirs = await barberShop(t);
    const patch = await call(t, 'PATCH', `/api/barber/services/${ours.service.id}`, theirs.token, {
      name: 'x',
      duration_minutes: 30,
      price: 1,
    });
    expect(patch.statusCode).toBe(404);
    expect(
      (await call(t, 'PATCH', `/api/barber/staff/${ours.staff.id}`, theirs.token, { name: 'x' })).statusCode,
    ).toBe(404);
    const forged = await call(t, 'POST', '/api/barber/staff', theirs.token, {
      name: 'Spy',
      service_ids: [ours.service.id],
    });
    expect(forged.statusCode).toBe(400);
    const member = await call(t, 'POST', '/api/barber/staff', theirs.token, {
      name: 'Spy 2',
      user_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(member.statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/barber/appointments/not-a-uuid', theirs.token)).statusCode).toBe(400);
  });
});

describe('customers', () => {
  it("counts each customer's own done visits and their last one", async () => {
    const shop = await barberShop(t);
    const staffShop = { ...shop, staffId: shop.staff.id };
    const id = await pastAppointment(t, staffShop, 2, {
      name: 'Visit Kamau',
      email: 'visit.kamau@example.com',
    });
    for (const step of ['check-in', 'done']) {
      const moved = await call(t, 'POST', `/api/barber/appointments/${id}/${step}`, shop.token);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    // Booked but not done, and a customer who never came: no visit.
    await pastAppointment(t, staffShop, 1, { name: 'Visit Otieno', email: 'visit.otieno@example.com' });
    await call(t, 'POST', '/api/barber/customers', shop.token, { name: 'Visit Never' });
    const list = await call(t, 'GET', '/api/barber/customers?q=Visit', shop.token);
    expect(list.statusCode, list.body).toBe(200);
    const byName = Object.fromEntries(
      (list.json().data as { name: string; visits: number; last_visit_at: string | null }[]).map((c) => [
        c.name,
        c,
      ]),
    );
    const start = new Date(t.clock.now().getTime() - 2 * 3_600_000).toISOString();
    expect(byName['Visit Kamau']).toMatchObject({ visits: 1, last_visit_at: start });
    expect(byName['Visit Otieno']).toMatchObject({ visits: 0, last_visit_at: null });
    expect(byName['Visit Never']).toMatchObject({ visits: 0, last_visit_at: null });
  });

  it('adds a customer; an e-mail names one customer (409 in any case), bad input is a 400', async () => {
    const shop = await barberShop(t);
    const url = '/api/barber/customers';
    const added = await call(t, 'POST', url, shop.token, {
      name: '  Njeri Wambui ',
      phone: '0712 345678',
      email: 'Njeri@Example.com',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      message: 'Customer added',
      data: { name: 'Njeri Wambui', phone: '0712 345678', visits: 0, last_visit_at: null },
    });
    const twice = await call(t, 'POST', url, shop.token, { name: 'Another', email: 'NJERI@example.COM' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).error).toMatchObject({
      message: 'A customer with this e-mail already exists',
      fields: { email: 'A customer with this e-mail already exists' },
    });
    // Without an e-mail, or in another shop, the same person may be added again.
    expect((await call(t, 'POST', url, shop.token, { name: 'Njeri Wambui' })).statusCode).toBe(201);
    expect((await call(t, 'POST', url, shop.token, { name: 'Njeri Wambui' })).statusCode).toBe(201);
    const other = await barberShop(t);
    expect(
      (await call(t, 'POST', url, other.token, { name: 'N', email: 'njeri@example.com' })).statusCode,
    ).toBe(201);
    // A booking under that e-mail finds the one customer.
    await booked(t, shop.token, {
      service_ids: [shop.service.id],
      staff_id: shop.staff.id,
      start_at: shopTimeAt(t, shop.timezone, 1, 9),
      customer: { name: 'Njeri', email: 'njeri@example.com' },
    });
    const list = await call(t, 'GET', `${url}?q=njeri`, shop.token);
    expect(list.json().meta.total).toBe(3);
    for (const body of [
      { name: '' },
      { name: 'x'.repeat(121) },
      { name: 'A', email: 'not-an-email' },
      { name: 'A', phone: 'x'.repeat(41) },
      { name: 'A', phone: 'abc' },
      { name: 'A', phone: '0722 000 000 000 000 000' },
      { name: 'A\u0000' },
      {},
    ]) {
      const bad = await call(t, 'POST', url, shop.token, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(bad).error.fields, JSON.stringify(body)).toBeTruthy();
    }
  });

  it("takes a customer's phone as people write one, and says what a phone number is otherwise", async () => {
    const shop = await barberShop(t);
    const url = '/api/barber/customers';
    for (const phone of ['0722000000', '+254 (722) 000-000', '', '  ']) {
      const added = await call(t, 'POST', url, shop.token, { name: 'Phoned', phone });
      expect(added.statusCode, `${phone}: ${added.body}`).toBe(201);
    }
    // The same rule for the customer typed with a booking and a walk-in.
    const start_at = shopTimeAt(t, shop.timezone, 1, 9);
    for (const [path, body] of [
      [url, { name: 'Letters', phone: 'abc' }],
      [url, { name: 'Short', phone: '072 00' }],
      [url, { name: 'Long', phone: '0'.repeat(21) }],
      [APPOINTMENTS, { start_at, service_ids: [shop.service.id], customer: { name: 'B', phone: 'abc' } }],
      ['/api/barber/walk-ins', { service_ids: [shop.service.id], customer: { name: 'W', phone: 'abc' } }],
    ] as const) {
      const bad = await call(t, 'POST', path, shop.token, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      const field = path === url ? 'phone' : 'customer.phone';
      expect(errorOf(bad).error.fields, JSON.stringify(body)).toEqual({
        [field]: BARBER_MESSAGES.phoneInvalid,
      });
    }
  });
});

describe('appointments', () => {
  it('books services in a row with a staff member, at the price of the day', async () => {
    const shop = await barberShop(t);
    const wash = await addService(t, shop.token, { name: 'Wash', duration_minutes: 15, price: '200' });
    await call(t, 'PATCH', `/api/barber/staff/${shop.staff.id}`, shop.token, {
      name: shop.staff.name,
      service_ids: [shop.service.id, wash.id],
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 480, end_minute: 1200 })),
    });
    const start = shopTimeAt(t, shop.timezone, 1, 10);
    const made = await booked(t, shop.token, {
      start_at: start,
      service_ids: [shop.service.id, wash.id],
      staff_id: shop.staff.id,
    });
    expect(made).toMatchObject({ status: 'booked', source: 'staff', total: '1000.0000', start_at: start });
    expect(new Date(made.end_at).getTime() - new Date(start).getTime()).toBe(45 * 60_000);
    // A later price change leaves the booking's price as it was.
    await call(t, 'PATCH', `/api/barber/services/${wash.id}`, shop.token, {
      name: 'Wash',
      duration_minutes: 15,
      price: '999',
    });
    const again = await call(t, 'GET', `${APPOINTMENTS}/${made.id}`, shop.token);
    expect(again.json().data.services.map((s: { price: string }) => s.price)).toEqual([
      '800.0000',
      '200.0000',
    ]);
  });

  it('refuses an overlap with 409, allows touching ends and another staff member', async () => {
    const shop = await barberShop(t);
    const other = await addStaff(t, shop.token, [shop.service.id]);
    const body = { service_ids: [shop.service.id], staff_id: shop.staff.id };
    await booked(t, shop.token, { ...body, start_at: shopTimeAt(t, shop.timezone, 1, 10) });
    const overlap = await bookAs(t, shop.token, {
      ...body,
      start_at: shopTimeAt(t, shop.timezone, 1, 10, 15),
    });
    expect(overlap.statusCode).toBe(409);
    expect(errorOf(overlap).error.message).toMatch(/just booked/);
    await booked(t, shop.token, { ...body, start_at: shopTimeAt(t, shop.timezone, 1, 10, 30) });
    await booked(t, shop.token, {
      ...body,
      staff_id: other.id,
      start_at: shopTimeAt(t, shop.timezone, 1, 10, 15),
    });
  });

  it('anyone: picks a free staff member who performs every service', async () => {
    const shop = await barberShop(t);
    const color = await addService(t, shop.token, { name: 'Colour', duration_minutes: 60, price: 2500 });
    const colourist = await addStaff(t, shop.token, [shop.service.id, color.id], { name: 'Colourist' });
    const start = shopTimeAt(t, shop.timezone, 1, 11);
    const first = await booked(t, shop.token, { start_at: start, service_ids: [color.id] });
    expect(first.staff.id).toBe(colourist.id);
    const none = await bookAs(t, shop.token, { start_at: start, service_ids: [color.id] });
    expect(none.statusCode).toBe(409);
    const cut1 = await booked(t, shop.token, { start_at: start, service_ids: [shop.service.id] });
    expect(cut1.staff.id).toBe(shop.staff.id);
  });

  it('refuses the past, a day off, a break, outside hours, a staff member who does not perform it', async () => {
    const shop = await barberShop(t);
    const other = await addService(t, shop.token, { name: 'Massage' });
    await call(t, 'PATCH', `/api/barber/staff/${shop.staff.id}`, shop.token, {
      name: shop.staff.name,
      service_ids: [shop.service.id],
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 480, end_minute: 1200 })),
      breaks: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 780, end_minute: 840 })),
      days_off: [shopDay(t, shop.timezone, 3)],
    });
    const body = { service_ids: [shop.service.id], staff_id: shop.staff.id };
    const cases: [string, string][] = [
      [new Date(t.clock.now().getTime() - 3_600_000).toISOString(), 'past'],
      [shopTimeAt(t, shop.timezone, 3, 10), 'off'],
      [shopTimeAt(t, shop.timezone, 1, 12, 45), 'break'],
      [shopTimeAt(t, shop.timezone, 1, 19, 45), 'working hours'],
      [shopTimeAt(t, shop.timezone, 1, 7), 'working hours'],
      [shopTimeAt(t, shop.timezone, 200, 10), 'ahead'],
    ];
    for (const [start, words] of cases) {
      const response = await bookAs(t, shop.token, { ...body, start_at: start });
      expect(response.statusCode, start).toBe(400);
      expect(errorOf(response).error.message).toMatch(words);
    }
    const notTheirs = await bookAs(t, shop.token, {
      ...body,
      service_ids: [other.id],
      start_at: shopTimeAt(t, shop.timezone, 1, 10),
    });
    expect(notTheirs.statusCode).toBe(400);
    const twice = await bookAs(t, shop.token, {
      ...body,
      service_ids: [shop.service.id, shop.service.id],
      start_at: shopTimeAt(t, shop.timezone, 1, 10),
    });
    expect(twice.statusCode).toBe(400);
    for (const start_at of ['tomorrow', '2026-13-01T10:00:00Z', '\u0000']) {
      expect((await bookAs(t, shop.token, { ...body, start_at })).statusCode).toBe(400);
    }
    const nulName = await bookAs(t, shop.token, {
      ...body,
      start_at: shopTimeAt(t, shop.timezone, 1, 10),
      customer: { name: 'A\u0000' },
    });
    expect(nulName.statusCode).toBe(400);
  });

  it('steps through the statuses; an illegal step is 409 and frees the slot when cancelled', async () => {
    const shop = await barberShop(t);
    const body = {
      service_ids: [shop.service.id],
      staff_id: shop.staff.id,
      start_at: shopTimeAt(t, shop.timezone, 1, 9),
    };
    const a = await booked(t, shop.token, body);
    expect((await call(t, 'POST', `${APPOINTMENTS}/${a.id}/done`, shop.token)).statusCode).toBe(409);
    expect((await call(t, 'POST', `${APPOINTMENTS}/${a.id}/check-in`, shop.token)).json().data.status).toBe(
      'checked_in',
    );
    const cancel = await call(t, 'POST', `${APPOINTMENTS}/${a.id}/cancel`, shop.token);
    expect(cancel.statusCode).toBe(409);
    expect(errorOf(cancel).error.message).toMatch(/checked in cannot be cancelled/);
    expect((await call(t, 'POST', `${APPOINTMENTS}/${a.id}/no-show`, shop.token)).statusCode).toBe(409);
    expect((await call(t, 'POST', `${APPOINTMENTS}/${a.id}/done`, shop.token)).json().data.status).toBe(
      'done',
    );
    expect((await call(t, 'POST', `${APPOINTMENTS}/${a.id}/check-in`, shop.token)).statusCode).toBe(409);

    const b = await booked(t, shop.token, { ...body, start_at: shopTimeAt(t, shop.timezone, 1, 10) });
    expect((await call(t, 'POST', `${APPOINTMENTS}/${b.id}/cancel`, shop.token)).json().data.status).toBe(
      'cancelled',
    );
    // The cancelled one holds no time.
    await booked(t, shop.token, { ...body, start_at: shopTimeAt(t, shop.timezone, 1, 10) });
    // A no-show only once the appointment's time has come.
    const c = await booked(t, shop.token, { ...body, start_at: shopTimeAt(t, shop.timezone, 1, 11) });
    const early = await call(t, 'POST', `${APPOINTMENTS}/${c.id}/no-show`, shop.token);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).error.message).toMatch(/time has come/);
    const late = await pastAppointment(t, { ...shop, staffId: shop.staff.id }, 1);
    expect((await call(t, 'POST', `${APPOINTMENTS}/${late}/no-show`, shop.token)).json().data.status).toBe(
      'no_show',
    );
    const other = await barberShop(t);
    expect((await call(t, 'POST', `${APPOINTMENTS}/${c.id}/cancel`, other.token)).statusCode).toBe(404);
  });

  it('moves an appointment with the same checks', async () => {
    const shop = await barberShop(t);
    const second = await addStaff(t, shop.token, [shop.service.id]);
    const body = { service_ids: [shop.service.id], staff_id: shop.staff.id };
    const a = await booked(t, shop.token, { ...body, start_at: shopTimeAt(t, shop.timezone, 1, 9) });
    await booked(t, shop.token, { ...body, start_at: shopTimeAt(t, shop.timezone, 1, 11) });
    const onto = await call(t, 'PATCH', `${APPOINTMENTS}/${a.id}`, shop.token, {
      start_at: shopTimeAt(t, shop.timezone, 1, 11, 15),
    });
    expect(onto.statusCode).toBe(409);
    const intoBreak = await call(t, 'PATCH', `${APPOINTMENTS}/${a.id}`, shop.token, {
      start_at: shopTimeAt(t, shop.timezone, 1, 13),
    });
    expect(intoBreak.statusCode).toBe(400);
    // Overlapping itself is no overlap.
    const nudged = await call(t, 'PATCH', `${APPOINTMENTS}/${a.id}`, shop.token, {
      start_at: shopTimeAt(t, shop.timezone, 1, 9, 15),
    });
    expect(nudged.statusCode, nudged.body).toBe(200);
    const moved = await call(t, 'PATCH', `${APPOINTMENTS}/${a.id}`, shop.token, {
      start_at: shopTimeAt(t, shop.timezone, 1, 11, 15),
      staff_id: second.id,
    });
    expect(moved.json().data).toMatchObject({
      staff: { id: second.id },
      start_at: shopTimeAt(t, shop.timezone, 1, 11, 15),
    });
    await call(t, 'POST', `${APPOINTMENTS}/${a.id}/check-in`, shop.token);
    const late = await call(t, 'PATCH', `${APPOINTMENTS}/${a.id}`, shop.token, {
      start_at: shopTimeAt(t, shop.timezone, 1, 15),
    });
    expect(late.statusCode).toBe(409);
  });

  it("edits a booking's services: the end follows, kept lines keep their price, an overlap is a 409", async () => {
    const shop = await barberShop(t);
    const wash = await addService(t, shop.token, { name: 'Wash', duration_minutes: 15, price: '200' });
    const colour = await addService(t, shop.token, { name: 'Colour', duration_minutes: 60, price: '2500' });
    const massage = await addService(t, shop.token, { name: 'Massage' });
    await call(t, 'PATCH', `/api/barber/staff/${shop.staff.id}`, shop.token, {
      name: shop.staff.name,
      service_ids: [shop.service.id, wash.id, colour.id],
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 480, end_minute: 1200 })),
    });
    const start = shopTimeAt(t, shop.timezone, 1, 9);
    const a = await booked(t, shop.token, {
      start_at: start,
      service_ids: [shop.service.id],
      staff_id: shop.staff.id,
    });
    // The next booking starts at 10:00; the cut's price changes after the booking.
    const next = await booked(t, shop.token, {
      start_at: shopTimeAt(t, shop.timezone, 1, 10),
      service_ids: [wash.id],
      staff_id: shop.staff.id,
    });
    await call(t, 'PATCH', `/api/barber/services/${shop.service.id}`, shop.token, {
      name: shop.service.name,
      duration_minutes: 30,
      price: '999',
    });
    const edit = (id: string, service_ids: unknown) =>
      call(t, 'PATCH', `${APPOINTMENTS}/${id}`, shop.token, { service_ids });

    const longer = await edit(a.id, [shop.service.id, wash.id]);
    expect(longer.statusCode, longer.body).toBe(200);
    expect(longer.json().message).toBe('Appointment saved');
    expect(longer.json().data).toMatchObject({
      start_at: start,
      end_at: shopTimeAt(t, shop.timezone, 1, 9, 45),
      total: '1000.0000',
      services: [
        { service_id: shop.service.id, price: '800.0000', duration_minutes: 30 },
        { service_id: wash.id, price: '200.0000', duration_minutes: 15 },
      ],
    });
    // 30 + 60 minutes from 09:00 runs into the 10:00 booking: the exclusion constraint says no.
    const overlap = await edit(a.id, [shop.service.id, colour.id]);
    expect(overlap.statusCode).toBe(409);
    expect(errorOf(overlap).error.message).toMatch(/runs into another booking/);
    const unchanged = (await call(t, 'GET', `${APPOINTMENTS}/${a.id}`, shop.token)).json().data;
    expect(unchanged.end_at).toBe(shopTimeAt(t, shop.timezone, 1, 9, 45));
    expect(unchanged.services).toHaveLength(2);
    // Once the next one is cancelled, the longer booking fits.
    await call(t, 'POST', `${APPOINTMENTS}/${next.id}/cancel`, shop.token);
    expect((await edit(a.id, [colour.id, shop.service.id])).json().data).toMatchObject({
      end_at: shopTimeAt(t, shop.timezone, 1, 10, 30),
      total: '3300.0000',
    });
    // Removing one shortens it again.
    expect((await edit(a.id, [wash.id])).json().data).toMatchObject({
      end_at: shopTimeAt(t, shop.timezone, 1, 9, 15),
      services: [{ service_id: wash.id, price: '200.0000' }],
    });

    // A service the staff member does not perform, one twice, none, an unknown or another shop's: 400.
    const other = await barberShop(t);
    for (const ids of [[massage.id], [wash.id, wash.id], [], ['nope'], [other.service.id], 'x']) {
      expect((await edit(a.id, ids)).statusCode, JSON.stringify(ids)).toBe(400);
    }
    // Another shop's appointment is a 404; a checked-in one cannot change (409).
    expect(
      (await call(t, 'PATCH', `${APPOINTMENTS}/${a.id}`, other.token, { service_ids: [other.service.id] }))
        .statusCode,
    ).toBe(404);
    await call(t, 'POST', `${APPOINTMENTS}/${a.id}/check-in`, shop.token);
    const late = await edit(a.id, [shop.service.id]);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).error.message).toMatch(/checked in cannot be changed/);
  });

  it('lists with search, filters and pagination, and exports CSV', async () => {
    const shop = await barberShop(t);
    const body = { service_ids: [shop.service.id], staff_id: shop.staff.id };
    await booked(t, shop.token, {
      ...body,
      start_at: shopTimeAt(t, shop.timezone, 1, 9),
      customer: { name: 'Kamau Njoroge', phone: '0711 000111' },
    });
    await booked(t, shop.token, {
      ...body,
      start_at: shopTimeAt(t, shop.timezone, 2, 9),
      customer: { name: 'Achieng Otieno' },
    });
    const c = await booked(t, shop.token, {
      ...body,
      start_at: shopTimeAt(t, shop.timezone, 2, 10),
      customer: { name: 'Kamau Njoroge' },
    });
    await call(t, 'POST', `${APPOINTMENTS}/${c.id}/cancel`, shop.token);
    const all = await call(t, 'GET', `${APPOINTMENTS}?limit=2`, shop.token);
    expect(all.json().meta).toEqual({ page: 1, limit: 2, total: 3 });
    expect(all.json().data.map((a: { start_at: string }) => a.start_at)).toEqual([
      shopTimeAt(t, shop.timezone, 2, 10),
      shopTimeAt(t, shop.timezone, 2, 9),
    ]);
    const kamau = await call(t, 'GET', `${APPOINTMENTS}?q=kamau&status=booked`, shop.token);
    expect(kamau.json().meta.total).toBe(1);
    const day = await call(
      t,
      'GET',
      `${APPOINTMENTS}?from=${shopDay(t, shop.timezone, 2)}&to=${shopDay(t, shop.timezone, 2)}`,
      shop.token,
    );
    expect(day.json().meta.total).toBe(2);
    const csv = await call(t, 'GET', `${APPOINTMENTS}/export?q=kamau`, shop.token);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('Customer');
    expect(lines).toHaveLength(3);
    // Every export is audited: who, how many rows, with which filters; a refused one writes nothing.
    expect((await call(t, 'GET', `${APPOINTMENTS}/export?status=nope`, shop.token)).statusCode).toBe(400);
    const audited = await theAuditRow(t, shop.accountId, 'export.appointments');
    expect(audited).toMatchObject({
      workspaceId: shop.workspaceId,
      actorUserId: expect.any(String),
      after: { rows: 2, q: 'kamau' },
      ip: '127.0.0.1',
    });
    const calendar = await call(
      t,
      'GET',
      `/api/barber/calendar?date=${shopDay(t, shop.timezone, 2)}`,
      shop.token,
    );
    expect(calendar.json().data.appointments).toHaveLength(2);
    const customers = await call(t, 'GET', '/api/barber/customers?q=kamau', shop.token);
    expect(customers.json().data).toHaveLength(2);
  });

  it('reads up to the last calendar date, 9999-12-31, as to the end of time, east and west of UTC (it was a 500)', async () => {
    const shop = await barberShop(t);
    await booked(t, shop.token, {
      service_ids: [shop.service.id],
      staff_id: shop.staff.id,
      start_at: shopTimeAt(t, shop.timezone, 1, 9),
      customer: { name: 'Wanjiku Late' },
    });
    // West of UTC (and at UTC) the end of 9999-12-31 is in the year 10000, which no timestamp the
    // database reads can say: the test passed or failed by the hour it ran at (the shop's zone).
    for (const timezone of ['Pacific/Honolulu', 'Etc/GMT', 'Asia/Tokyo']) {
      expect((await put(t, '/api/barber/settings', shop.token, { timezone })).statusCode).toBe(200);
      const list = await call(t, 'GET', `${APPOINTMENTS}?to=9999-12-31`, shop.token);
      expect(list.statusCode, `${timezone}: ${list.body}`).toBe(200);
      expect(list.json().meta.total).toBe(1);
      const csv = await call(t, 'GET', `${APPOINTMENTS}/export?from=2000-01-01&to=9999-12-31`, shop.token);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body.trim().split('\n')).toHaveLength(2);
      const calendar = await call(t, 'GET', '/api/barber/calendar?date=9999-12-31', shop.token);
      expect(calendar.statusCode, `${timezone}: ${calendar.body}`).toBe(200);
      expect(calendar.json().data.appointments).toEqual([]);
      // And the first date, whose start east of UTC is in the year 0.
      const first = await call(t, 'GET', `${APPOINTMENTS}?from=0001-01-01&to=0001-01-01`, shop.token);
      expect(first.statusCode, `${timezone}: ${first.body}`).toBe(200);
      expect(first.json().meta.total).toBe(0);
      const firstDay = await call(t, 'GET', '/api/barber/calendar?date=0001-01-01', shop.token);
      expect(firstDay.statusCode, `${timezone}: ${firstDay.body}`).toBe(200);
    }
  });

  it('offers slots that leave out booked time, and none for a day off', async () => {
    const shop = await barberShop(t);
    const date = shopDay(t, shop.timezone, 1);
    const url = `/api/barber/slots?service_ids=${shop.service.id}&staff_id=${shop.staff.id}&date=${date}`;
    const before = (await call(t, 'GET', url, shop.token)).json().data;
    expect(before.timezone).toBe(shop.timezone);
    // 08:00-20:00 less the 13:00-14:00 break, 30 minutes on a 15-minute grid: 19 + 23 starts.
    expect(before.slots).toHaveLength(42);
    await booked(t, shop.token, {
      service_ids: [shop.service.id],
      staff_id: shop.staff.id,
      start_at: shopTimeAt(t, shop.timezone, 1, 10),
    });
    const after = (await call(t, 'GET', url, shop.token))
      .json()
      .data.slots.map((s: { start_at: string }) => s.start_at);
    expect(after).toHaveLength(39);
    expect(after).not.toContain(shopTimeAt(t, shop.timezone, 1, 9, 45));
    expect(after).toContain(shopTimeAt(t, shop.timezone, 1, 10, 30));
    const bad = await call(t, 'GET', `/api/barber/slots?service_ids=nope&date=${date}`, shop.token);
    expect(bad.statusCode).toBe(400);
  });

  it("walk-ins join today's queue at the earliest free time", async () => {
    const shop = await barberShop(t);
    const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 0, end_minute: 1440 }));
    await call(t, 'PATCH', `/api/barber/staff/${shop.staff.id}`, shop.token, {
      name: shop.staff.name,
      service_ids: [shop.service.id],
      hours,
    });
    const first = await call(t, 'POST', '/api/barber/walk-ins', shop.token, {
      service_ids: [shop.service.id],
      customer: { name: 'First' },
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call(t, 'POST', '/api/barber/walk-ins', shop.token, {
      service_ids: [shop.service.id],
      customer: { name: 'Second' },
    });
    expect(second.json().data.start_at >= first.json().data.end_at).toBe(true);
    expect(first.json().data.source).toBe('walk_in');
    const queue = await call(t, 'GET', '/api/barber/walk-ins', shop.token);
    expect(queue.json().data.map((a: { customer: { name: string } }) => a.customer.name)).toEqual([
      'First',
      'Second',
    ]);
  });

  it("says a walk-in left without its customer needs one, in words (not zod's)", async () => {
    const shop = await barberShop(t);
    const missing = await call(t, 'POST', '/api/barber/walk-ins', shop.token, {
      service_ids: [shop.service.id],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ customer: messages.fieldRequired });
    // A field's own message still wins: a customer without a name.
    const nameless = await call(t, 'POST', '/api/barber/walk-ins', shop.token, {
      service_ids: [shop.service.id],
      customer: {},
    });
    expect(nameless.json().error.fields).toEqual({ 'customer.name': 'A name is required' });
  });

  it('keeps the time zone setting and refuses an unknown one', async () => {
    const { token } = await barberShop(t);
    expect((await put(t, '/api/barber/settings', token, { timezone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect(
      (await put(t, '/api/barber/settings', token, { timezone: 'Europe/London' })).json().data.timezone,
    ).toBe('Europe/London');
    expect((await call(t, 'GET', '/api/barber/settings', token)).json().data.timezone).toBe('Europe/London');
  });
});

describe("a customer's own appointments", () => {
  it('shows a customer member the bookings under their e-mail, and nobody else’s', async () => {
    const shop = await barberShop(t);
    const workspace = { account_id: shop.accountId, workspace_id: shop.workspaceId };
    const member = await memberIn(t, workspace, 'customer');
    await booked(t, shop.token, {
      service_ids: [shop.service.id],
      staff_id: shop.staff.id,
      start_at: shopTimeAt(t, shop.timezone, 1, 9),
      customer: { name: 'Me', email: member.email.toUpperCase() },
    });
    await booked(t, shop.token, {
      service_ids: [shop.service.id],
      staff_id: shop.staff.id,
      start_at: shopTimeAt(t, shop.timezone, 1, 10),
      customer: { name: 'Someone else', email: 'else@example.com' },
    });
    const mine = await call(t, 'GET', '/api/barber/my-appointments', member.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((a: { customer: { name: string } }) => a.customer.name)).toEqual(['Me']);
    expect((await call(t, 'GET', '/api/barber/appointments', member.token)).statusCode).toBe(403);
  });

  it('lets a customer cancel their own booked appointment before it starts, and nothing else', async () => {
    const shop = await barberShop(t);
    const workspace = { account_id: shop.accountId, workspace_id: shop.workspaceId };
    const member = await memberIn(t, workspace, 'customer');
    const body = { service_ids: [shop.service.id], staff_id: shop.staff.id };
    const me = { name: 'Me', email: member.email };
    // First, as the bookings below find this customer by the e-mail.
    const started = await pastAppointment(t, { ...shop, staffId: shop.staff.id }, 1, me);
    const mine = await booked(t, shop.token, {
      ...body,
      start_at: shopTimeAt(t, shop.timezone, 1, 9),
      customer: me,
    });
    const theirs = await booked(t, shop.token, {
      ...body,
      start_at: shopTimeAt(t, shop.timezone, 1, 10),
      customer: { name: 'Someone else', email: 'else@example.com' },
    });
    const checkedIn = await booked(t, shop.token, {
      ...body,
      start_at: shopTimeAt(t, shop.timezone, 1, 11),
      customer: me,
    });
    await call(t, 'POST', `${APPOINTMENTS}/${checkedIn.id}/check-in`, shop.token);
    const cancel = (id: string) => call(t, 'POST', `/api/barber/my-appointments/${id}/cancel`, member.token);

    // Someone else's, a missing one and another shop's are all 404; the record is untouched.
    expect((await cancel(theirs.id)).statusCode).toBe(404);
    expect((await call(t, 'GET', `${APPOINTMENTS}/${theirs.id}`, shop.token)).json().data.status).toBe(
      'booked',
    );
    expect((await cancel('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const other = await barberShop(t);
    const elsewhere = await booked(t, other.token, {
      service_ids: [other.service.id],
      staff_id: other.staff.id,
      start_at: shopTimeAt(t, other.timezone, 1, 9),
      customer: me,
    });
    expect((await cancel(elsewhere.id)).statusCode).toBe(404);
    expect((await cancel('not-a-uuid')).statusCode).toBe(400);

    const wrong = await cancel(checkedIn.id);
    expect(wrong.statusCode).toBe(409);
    expect(errorOf(wrong).error.message).toMatch(/checked in cannot be cancelled/);
    const late = await cancel(started);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).error.message).toMatch(/already started/);

    const done = await cancel(mine.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'Your appointment is cancelled',
      data: { status: 'cancelled' },
    });
    const again = await cancel(mine.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error.message).toMatch(/cancelled cannot be cancelled/);
    // The freed time can be booked again.
    await booked(t, shop.token, { ...body, start_at: shopTimeAt(t, shop.timezone, 1, 9) });
  });
});

describe('the length of an appointment', () => {
  it('is held by the database to its services one after the other at the longest (8 x 600 minutes)', async () => {
    const shop = await barberShop(t);
    const customer = await call(t, 'POST', '/api/barber/customers', shop.token, { name: 'Long day' });
    expect(customer.statusCode, customer.body).toBe(201);
    const start = new Date(t.clock.now().getTime() + 30 * 24 * 3_600_000);
    const insert = (minutes: number, daysLater: number) => {
      const at = new Date(start.getTime() + daysLater * 7 * 24 * 3_600_000);
      return t.db.db.insert(barberAppointments).values({
        accountId: shop.accountId,
        workspaceId: shop.workspaceId,
        customerId: customer.json().data.id,
        staffId: shop.staff.id,
        startAt: at,
        endAt: new Date(at.getTime() + minutes * 60_000),
        status: 'booked',
        source: 'staff',
      });
    };
    await expect(insert(APPOINTMENT_MINUTES_MAX, 0)).resolves.toBeDefined();
    const refusal = await insert(APPOINTMENT_MINUTES_MAX + 1, 1).then(
      () => 'inserted',
      (err: unknown) => {
        const messages: string[] = [];
        for (let e: unknown = err; e instanceof Error; e = e.cause) messages.push(e.message);
        return messages.join(' / ');
      },
    );
    expect(refusal).toContain('barber_appointments_length_check');
  });
});
