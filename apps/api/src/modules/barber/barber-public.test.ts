import { BARBER_MESSAGES } from '@workhub/shared/schemas/barber';
import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/outbox.ts';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { newTenant } from '../../test/tenants.ts';
import { call } from '../../test/work.ts';
import { linkInBookingMail } from './barber.mails.ts';
import { addService, addStaff, barberShop, booked, shopDay, shopTimeAt } from './barber-test-helpers.ts';

const t = useTestApp();
const BASE = '/api/public/booking';

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });

const guest = (overrides: Record<string, unknown> = {}) => ({
  name: 'Njeri Mwangi',
  phone: '+254722000000',
  email: 'njeri@example.com',
  ...overrides,
});

/** The token of the newest booking mail to `to`. */
async function tokenMailedTo(to: string, subject = 'Your booking at') {
  const [mail] = await t.db.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), like(outbox.subject, `${subject}%`)))
    .orderBy(desc(outbox.createdAt));
  const link = mail && linkInBookingMail(mail.text);
  if (!link) throw new Error(`no booking mail to ${to}`);
  return { mail, link, token: link.split('/').pop() ?? '' };
}

describe('the public booking page', () => {
  it("shows the shop's active services and staff, names only", async () => {
    const shop = await barberShop(t);
    const page = await get(`${BASE}/${shop.slug}`);
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data.timezone).toBe(shop.timezone);
    expect(data.services).toEqual([
      expect.objectContaining({ id: shop.service.id, name: shop.service.name }),
    ]);
    expect(data.staff).toEqual([
      { id: shop.staff.id, name: shop.staff.name, service_ids: [shop.service.id] },
    ]);
    expect(page.body).not.toContain(shop.accountId);
    expect(page.body).not.toContain(shop.workspaceId);
  });

  it('offers only what can be booked: no service nobody performs, no staff member without hours', async () => {
    const shop = await barberShop(t);
    const nobodys = await addService(t, shop.token, { name: 'Nobody does this' });
    const idle = await addStaff(t, shop.token, [shop.service.id, nobodys.id], {
      name: 'No hours',
      hours: [],
      breaks: [],
    });
    const data = (await get(`${BASE}/${shop.slug}`)).json().data;
    expect(data.services.map((s: { id: string }) => s.id)).toEqual([shop.service.id]);
    expect(data.staff).toEqual([
      { id: shop.staff.id, name: shop.staff.name, service_ids: [shop.service.id] },
    ]);
    expect(JSON.stringify(data)).not.toContain(idle.id);
  });

  it('is a 404 for an unknown slug, a malformed one and a workspace of another template', async () => {
    const other = await newTenant(t, 'mrp');
    expect((await get(`${BASE}/no-such-shop-123`)).statusCode).toBe(404);
    expect((await get(`${BASE}/NOT%20A%20SLUG`)).statusCode).toBe(404);
    expect((await get(`${BASE}/${other.workspace.public_slug}`)).statusCode).toBe(404);
    expect((await post(`${BASE}/${other.workspace.public_slug}/appointments`, guest())).statusCode).toBe(404);
  });

  it('books a free slot, mails a link that shows, reschedules and cancels the booking', async () => {
    const shop = await barberShop(t);
    const email = `guest-${Date.now()}@example.com`;
    const date = shopDay(t, shop.timezone, 1);
    const slots = await get(`${BASE}/${shop.slug}/slots?service_ids=${shop.service.id}&date=${date}`);
    expect(slots.statusCode).toBe(200);
    const first = slots.json().data.slots[0];
    expect(first.staff_ids).toEqual([shop.staff.id]);
    const made = await post(`${BASE}/${shop.slug}/appointments`, {
      ...guest({ email }),
      service_ids: [shop.service.id],
      start_at: first.start_at,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({
      status: 'booked',
      staff_name: shop.staff.name,
      start_at: first.start_at,
    });
    expect(made.body).not.toContain(shop.accountId);

    const { mail, link, token } = await tokenMailedTo(email);
    expect(link).toContain(`/book/${shop.slug}/manage/`);
    expect(mail.text).toContain(shop.staff.name);
    expect(token.length).toBeGreaterThanOrEqual(40);

    // The slot is gone for the next visitor.
    const after = await get(`${BASE}/${shop.slug}/slots?service_ids=${shop.service.id}&date=${date}`);
    expect(after.json().data.slots.map((s: { start_at: string }) => s.start_at)).not.toContain(
      first.start_at,
    );

    const shown = await get(`${BASE}/${shop.slug}/manage/${token}`);
    expect(shown.json().data).toMatchObject({ status: 'booked', start_at: first.start_at });

    const later = shopTimeAt(t, shop.timezone, 2, 15);
    const moved = await post(`${BASE}/${shop.slug}/manage/${token}/reschedule`, { start_at: later });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.start_at).toBe(later);
    await tokenMailedTo(email, 'Your booking at');

    const cancelled = await post(`${BASE}/${shop.slug}/manage/${token}/cancel`);
    expect(cancelled.json().data.status).toBe('cancelled');
    // The customer's own cancellation is confirmed by mail (no link: nothing is left to manage).
    const [gone] = await t.db.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.subject, '% is cancelled')));
    expect(gone?.text).toContain('is cancelled');
    expect(gone?.text).not.toContain('/manage/');
    expect((await post(`${BASE}/${shop.slug}/manage/${token}/cancel`)).statusCode).toBe(409);

    // The staff see the customer and the public source.
    const list = await call(t, 'GET', `/api/barber/appointments?q=${encodeURIComponent(email)}`, shop.token);
    expect(list.json().data[0]).toMatchObject({ source: 'public', status: 'cancelled' });
  });

  it("refuses another shop's link, a made-up token and a forged id", async () => {
    const shop = await barberShop(t);
    const other = await barberShop(t);
    const email = `x-${Date.now()}@example.com`;
    const made = await post(`${BASE}/${shop.slug}/appointments`, {
      ...guest({ email }),
      service_ids: [shop.service.id],
      start_at: shopTimeAt(t, shop.timezone, 1, 9),
    });
    expect(made.statusCode, made.body).toBe(201);
    const { token } = await tokenMailedTo(email);
    expect((await get(`${BASE}/${other.slug}/manage/${token}`)).statusCode).toBe(404);
    expect((await get(`${BASE}/${shop.slug}/manage/${'a'.repeat(43)}`)).statusCode).toBe(404);
    expect((await get(`${BASE}/${shop.slug}/manage/short`)).statusCode).toBe(400);
    const forged = await post(`${BASE}/${shop.slug}/appointments`, {
      ...guest(),
      service_ids: [other.service.id],
      start_at: shopTimeAt(t, shop.timezone, 1, 10),
    });
    expect(forged.statusCode).toBe(400);
    const forgedStaff = await post(`${BASE}/${shop.slug}/appointments`, {
      ...guest(),
      service_ids: [shop.service.id],
      staff_id: other.staff.id,
      start_at: shopTimeAt(t, shop.timezone, 1, 10),
    });
    expect(forgedStaff.statusCode).toBe(400);
  });

  it('refuses bad input with 400 and a taken slot with 409', async () => {
    const shop = await barberShop(t);
    const start = shopTimeAt(t, shop.timezone, 1, 11);
    await booked(t, shop.token, { service_ids: [shop.service.id], staff_id: shop.staff.id, start_at: start });
    const body = { service_ids: [shop.service.id], staff_id: shop.staff.id, start_at: start };
    const taken = await post(`${BASE}/${shop.slug}/appointments`, { ...guest(), ...body });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).error.message).toMatch(/just booked/);
    for (const bad of [
      { ...guest({ name: 'Bad\u0000name' }), ...body },
      { ...guest({ email: 'not-an-email' }), ...body },
      { ...guest({ phone: '' }), ...body },
      { ...guest(), ...body, service_ids: [] },
      { ...guest(), ...body, service_ids: ['1e9'] },
      { ...guest(), ...body, start_at: '99999-01-01T00:00:00Z' },
    ]) {
      expect((await post(`${BASE}/${shop.slug}/appointments`, bad)).statusCode, JSON.stringify(bad)).toBe(
        400,
      );
    }
    const slots = await get(`${BASE}/${shop.slug}/slots?service_ids=${shop.service.id}&date=2026-02-30`);
    expect(slots.statusCode).toBe(400);
    const past = await get(`${BASE}/${shop.slug}/slots?service_ids=${shop.service.id}&date=2001-01-01`);
    expect(past.json().data.slots).toEqual([]);
  });

  it('names each missing or wrong detail in one style, and refuses a phone that is not one', async () => {
    const shop = await barberShop(t);
    const body = { service_ids: [shop.service.id], start_at: shopTimeAt(t, shop.timezone, 1, 10) };
    const empty = await post(`${BASE}/${shop.slug}/appointments`, {
      ...body,
      name: '',
      phone: ' ',
      email: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).error.fields).toEqual({
      name: BARBER_MESSAGES.yourNameRequired,
      phone: BARBER_MESSAGES.yourPhoneRequired,
      email: BARBER_MESSAGES.yourEmailRequired,
    });
    expect(Object.values(errorOf(empty).error.fields ?? {})).toEqual([
      'Your name is required',
      'Your phone number is required',
      'Your email is required',
    ]);
    const letters = await post(`${BASE}/${shop.slug}/appointments`, { ...guest({ phone: 'abc' }), ...body });
    expect(letters.statusCode).toBe(400);
    expect(errorOf(letters).error.fields).toEqual({ phone: BARBER_MESSAGES.phoneInvalid });
    const written = await post(`${BASE}/${shop.slug}/appointments`, {
      ...guest({ phone: ' +254 (722) 000-000 ' }),
      ...body,
    });
    expect(written.statusCode, written.body).toBe(201);
  });

  it('says "at most 8 services" to a list of slots asked for too many, however long the list', async () => {
    const shop = await barberShop(t);
    for (const n of [9, 300]) {
      const ids = Array.from({ length: n }, () => shop.service.id).join(',');
      const slots = await get(`${BASE}/${shop.slug}/slots?service_ids=${ids}&date=2026-03-02`);
      expect(slots.statusCode, `${n} ids`).toBe(400);
      expect(errorOf(slots).error.fields?.service_ids, `${n} ids`).toBe('At most 8 services');
    }
  });
});

describe('the public booking page (QA)', () => {
  it("keeps what the booker typed on the appointment, never overwriting an existing customer's record", async () => {
    const shop = await barberShop(t);
    const email = `racer4-${Date.now()}@example.com`;
    const existing = await call(t, 'POST', '/api/barber/customers', shop.token, {
      name: 'Racer 4',
      phone: '+49123454',
      email,
    });
    expect(existing.statusCode, existing.body).toBe(201);
    const start = shopTimeAt(t, shop.timezone, 1, 10);
    const made = await post(`${BASE}/${shop.slug}/appointments`, {
      name: 'Impostor Name',
      phone: '+999 999',
      email: email.toUpperCase(),
      service_ids: [shop.service.id],
      start_at: start,
    });
    expect(made.statusCode, made.body).toBe(201);

    // Linked by e-mail: the customer's history stays whole, their record untouched.
    const customers = await call(
      t,
      'GET',
      `/api/barber/customers?q=${encodeURIComponent(email)}`,
      shop.token,
    );
    expect(customers.json().data).toEqual([
      expect.objectContaining({ id: existing.json().data.id, name: 'Racer 4', phone: '+49123454', email }),
    ]);
    // The shop's calendar shows who actually booked.
    const calendar = await call(
      t,
      'GET',
      `/api/barber/calendar?date=${shopDay(t, shop.timezone, 1)}`,
      shop.token,
    );
    expect(calendar.json().data.appointments).toEqual([
      expect.objectContaining({
        customer: expect.objectContaining({ id: existing.json().data.id, name: 'Racer 4' }),
        booked_as: { name: 'Impostor Name', phone: '+999 999' },
      }),
    ]);
    // The search finds the name given with the booking too.
    const found = await call(t, 'GET', '/api/barber/appointments?q=Impostor', shop.token);
    expect(found.json().data).toHaveLength(1);
    // So does the export, beside the customer's record.
    const csv = (await call(t, 'GET', '/api/barber/appointments/export?q=Impostor', shop.token)).body;
    const [header, row] = csv.trim().split('\n');
    expect(header).toContain('Customer,Phone,E-mail,Booked as,Booked phone,Staff');
    // (A cell starting with '+' is kept from being read as a formula: lib/csv.ts.)
    expect(row).toContain(`Racer 4,'+49123454,${email},Impostor Name,'+999 999,`);

    // The same name and phone as the record: nothing to tell apart.
    const again = await post(`${BASE}/${shop.slug}/appointments`, {
      name: 'Racer 4',
      phone: '+49123454',
      email,
      service_ids: [shop.service.id],
      start_at: shopTimeAt(t, shop.timezone, 1, 11),
    });
    expect(again.statusCode, again.body).toBe(201);
    const second = await call(
      t,
      'GET',
      `/api/barber/calendar?date=${shopDay(t, shop.timezone, 1)}`,
      shop.token,
    );
    expect(second.json().data.appointments.map((a: { booked_as: unknown }) => a.booked_as)).toEqual([
      { name: 'Impostor Name', phone: '+999 999' },
      null,
    ]);
    // A booking at the desk has none.
    const desk = await booked(t, shop.token, {
      service_ids: [shop.service.id],
      start_at: shopTimeAt(t, shop.timezone, 1, 15),
    });
    expect(
      (await call(t, 'GET', `/api/barber/appointments/${desk.id}`, shop.token)).json().data.booked_as,
    ).toBe(null);
  });

  it('refuses a start off the 15-minute grid, on booking and on reschedule; the desk keeps its own steps', async () => {
    const shop = await barberShop(t);
    const body = { ...guest({ email: `grid-${Date.now()}@example.com` }), service_ids: [shop.service.id] };
    const tenPast = shopTimeAt(t, shop.timezone, 1, 10);
    const offGrid = [
      shopTimeAt(t, shop.timezone, 1, 14, 7),
      new Date(Date.parse(shopTimeAt(t, shop.timezone, 1, 14)) + 1).toISOString(),
      new Date(Date.parse(shopTimeAt(t, shop.timezone, 1, 14)) + 30_000).toISOString(),
    ];
    for (const start_at of offGrid) {
      for (const staff_id of [shop.staff.id, null]) {
        const refused = await post(`${BASE}/${shop.slug}/appointments`, { ...body, staff_id, start_at });
        expect(refused.statusCode, start_at).toBe(400);
        expect(errorOf(refused).error.fields?.start_at).toMatch(/every 15 minutes/);
      }
    }
    const made = await post(`${BASE}/${shop.slug}/appointments`, { ...body, start_at: tenPast });
    expect(made.statusCode, made.body).toBe(201);
    const { token } = await tokenMailedTo(body.email);
    const moved = await post(`${BASE}/${shop.slug}/manage/${token}/reschedule`, {
      start_at: shopTimeAt(t, shop.timezone, 1, 10, 7),
    });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(errorOf(moved).error.fields?.start_at).toMatch(/every 15 minutes/);
    // The desk books and moves at any minute (its forms step by 5 minutes; walk-ins too).
    const desk = await booked(t, shop.token, {
      service_ids: [shop.service.id],
      start_at: shopTimeAt(t, shop.timezone, 1, 15, 7),
    });
    expect(desk.start_at).toBe(shopTimeAt(t, shop.timezone, 1, 15, 7));
  });

  it("offers a reschedule the times next to the booking's own, and only its own time is freed", async () => {
    const shop = await barberShop(t);
    const email = `move-${Date.now()}@example.com`;
    const date = shopDay(t, shop.timezone, 1);
    const made = await post(`${BASE}/${shop.slug}/appointments`, {
      ...guest({ email }),
      service_ids: [shop.service.id],
      staff_id: shop.staff.id,
      start_at: shopTimeAt(t, shop.timezone, 1, 10),
    });
    expect(made.statusCode, made.body).toBe(201);
    await booked(t, shop.token, {
      service_ids: [shop.service.id],
      staff_id: shop.staff.id,
      start_at: shopTimeAt(t, shop.timezone, 1, 11),
    });
    const { token } = await tokenMailedTo(email);
    const query = `service_ids=${shop.service.id}&staff_id=${shop.staff.id}&date=${date}`;
    const starts = (response: { json: () => { data: { slots: { start_at: string }[] } } }) =>
      response.json().data.slots.map((s) => s.start_at);

    const plain = starts(await get(`${BASE}/${shop.slug}/slots?${query}`));
    expect(plain).not.toContain(shopTimeAt(t, shop.timezone, 1, 9, 45));
    const forMove = await get(`${BASE}/${shop.slug}/slots?${query}&except=${token}`);
    expect(forMove.statusCode, forMove.body).toBe(200);
    expect(starts(forMove)).toEqual(
      expect.arrayContaining([
        shopTimeAt(t, shop.timezone, 1, 9, 45),
        shopTimeAt(t, shop.timezone, 1, 10),
        shopTimeAt(t, shop.timezone, 1, 10, 15),
      ]),
    );
    // Another booking stays busy.
    expect(starts(forMove)).not.toContain(shopTimeAt(t, shop.timezone, 1, 11));
    expect(starts(forMove)).not.toContain(shopTimeAt(t, shop.timezone, 1, 10, 45));
    // The move the page offers goes through.
    const moved = await post(`${BASE}/${shop.slug}/manage/${token}/reschedule`, {
      start_at: shopTimeAt(t, shop.timezone, 1, 9, 45),
    });
    expect(moved.statusCode, moved.body).toBe(200);

    // Only a token of this shop's bookings names one.
    const other = await barberShop(t);
    expect((await get(`${BASE}/${other.slug}/slots?${query}&except=${token}`)).statusCode).toBe(404);
    expect((await get(`${BASE}/${shop.slug}/slots?${query}&except=${'a'.repeat(43)}`)).statusCode).toBe(404);
    expect((await get(`${BASE}/${shop.slug}/slots?${query}&except=short`)).statusCode).toBe(400);
  });

  it("says which time zone the confirmation mail's times are in", async () => {
    const shop = await barberShop(t);
    const email = `zone-${Date.now()}@example.com`;
    const made = await post(`${BASE}/${shop.slug}/appointments`, {
      ...guest({ email }),
      service_ids: [shop.service.id],
      start_at: shopTimeAt(t, shop.timezone, 1, 9),
    });
    expect(made.statusCode, made.body).toBe(201);
    const { mail } = await tokenMailedTo(email);
    const when = mail.text.split('\n').find((line) => line.startsWith('When: '));
    expect(when).toContain('09:00');
    expect(when?.endsWith(`(${shop.timezone})`), when).toBe(true);
    expect(mail.html).toContain(`(${shop.timezone})`);
  });
});
