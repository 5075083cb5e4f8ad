import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema/workspaces.ts';
import { csvBody } from '../../test/csv.ts';
import type { TestApp } from '../../test/helpers.ts';
import { useTestApp } from '../../test/helpers.ts';
import { memberIn } from '../../test/tenants.ts';
import { call } from '../../test/work.ts';
import { auditRowsOf, theAuditRow } from '../audit/audit-test-helpers.ts';
import { addService, addStaff, barberShop, booked, type Shop, shopTimeAt } from './barber-test-helpers.ts';

/*
 * The CSV exports of the customers, services and staff lists (as the appointments' one): the list's
 * filters, formulas neutralised, only the shop's rows, barber:read, an audit row per export.
 */

const t = useTestApp();

const lines = (csv: string) => csvBody(csv).trimEnd().split('\r\n');
const column = (csv: string, index: number) =>
  lines(csv)
    .slice(1)
    .map((line) => line.split(',')[index]);

const EXPORTS = ['/api/barber/customers/export', '/api/barber/services/export', '/api/barber/staff/export'];

async function get(app: TestApp, token: string, url: string) {
  const response = await call(app, 'GET', url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** The shop with a beard trim, a formula-named hidden service, Juma (active) and a formula-named inactive barber. */
async function salon(): Promise<Shop & { beard: { id: string } }> {
  const shop = await barberShop(t);
  const beard = await addService(t, shop.token, { name: 'Beard trim', category: 'Beard', price: '350' });
  await addService(t, shop.token, { name: '=HYPERLINK("x")', category: 'Spa', active: false });
  await addStaff(t, shop.token, [beard.id, shop.service.id], {
    name: 'Juma',
    hours: [{ weekday: 1, start_minute: 9 * 60, end_minute: 17 * 60 }],
    breaks: [{ weekday: 1, start_minute: 12 * 60, end_minute: 12 * 60 + 30 }],
    days_off: ['2030-01-02'],
  });
  await addStaff(t, shop.token, [], { name: '=SUM(A1)', active: false, hours: [], breaks: [] });
  return { ...shop, beard };
}

describe('services, staff and customers as CSV', () => {
  it('exports the services the search and filter keep, in the list order; a formula neutralised', async () => {
    const shop = await salon();
    const all = await get(t, shop.token, '/api/barber/services/export');
    expect(all.headers['content-type']).toMatch(/^text\/csv/);
    expect(all.headers['content-disposition']).toMatch(
      /attachment; filename="salon-services-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(all.headers['x-export-truncated']).toBeUndefined();
    const rows = lines(all.body);
    expect(rows[0]).toBe('Name,Category,Duration (minutes),Price,Status,Created at');
    expect(rows).toHaveLength(4);
    const beard = await get(t, shop.token, '/api/barber/services/export?q=beard');
    expect(
      lines(beard.body)
        .slice(1)
        .map((r) => r.split(',').slice(0, 5).join(',')),
    ).toEqual(['Beard trim,Beard,30,350.0000,active']);
    const hidden = await get(t, shop.token, '/api/barber/services/export?active=false');
    expect(
      lines(hidden.body)
        .slice(1)
        .map((r) => r.split(',').slice(0, 5).join(',')),
    ).toEqual([`"'=HYPERLINK(""x"")",Spa,30,800.0000,inactive`]);
    const offered = await get(t, shop.token, '/api/barber/services/export?active=true');
    expect(column(offered.body, 0)).toEqual(['Beard trim', shop.service.name]);
  });

  it('exports the staff the search and filter keep, with services, hours, breaks and days off', async () => {
    const shop = await salon();
    const all = await get(t, shop.token, '/api/barber/staff/export');
    expect(all.headers['content-disposition']).toMatch(/filename="salon-staff-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = lines(all.body);
    expect(rows[0]).toBe('Name,Services,Working hours,Breaks,Days off,Status,Created at');
    // The order is the list's (the database's collation of the names): compared as sets here.
    expect(column(all.body, 0).sort()).toEqual(["'=SUM(A1)", shop.staff.name, 'Juma'].sort());
    const juma = await get(t, shop.token, '/api/barber/staff/export?q=jum&active=true');
    const [row] = lines(juma.body).slice(1);
    expect(row?.split(',').slice(0, 6).join(',')).toBe(
      `Juma,${['Beard trim', shop.service.name].sort((a, b) => a.localeCompare(b)).join('; ')},Mon 09:00-17:00,Mon 12:00-12:30,2030-01-02,active`,
    );
    const inactive = await get(t, shop.token, '/api/barber/staff/export?active=false');
    expect(lines(inactive.body).slice(1)).toEqual([expect.stringMatching(/^'=SUM\(A1\),,,,,inactive,/)]);
    // The list takes the same filters.
    const list = await get(t, shop.token, '/api/barber/staff?q=jum&active=true');
    expect(list.json().data.map((s: { name: string }) => s.name)).toEqual(['Juma']);
  });

  it('exports the customers the search keeps, with visits and last visit as the list shows them', async () => {
    const shop = await salon();
    const body = { service_ids: [shop.service.id], staff_id: shop.staff.id };
    const visit = await booked(t, shop.token, {
      ...body,
      start_at: shopTimeAt(t, shop.timezone, 0, 9),
      customer: { name: 'Kamau Njoroge', phone: '0711 000111', email: 'kamau@example.com' },
    });
    for (const step of ['check-in', 'done']) {
      const answer = await call(t, 'POST', `/api/barber/appointments/${visit.id}/${step}`, shop.token);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    // Booked, not done: no visit.
    await booked(t, shop.token, {
      ...body,
      start_at: shopTimeAt(t, shop.timezone, 1, 9),
      customer: { name: 'Kamau Njoroge', phone: '0711 000111', email: 'kamau@example.com' },
    });
    await call(t, 'POST', '/api/barber/customers', shop.token, { name: '@Achieng', phone: '+254722' });
    const all = await get(t, shop.token, '/api/barber/customers/export');
    expect(all.headers['content-disposition']).toMatch(/filename="salon-customers-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(lines(all.body)[0]).toBe('Name,Phone,E-mail,Visits,Last visit,Created at');
    // '@' and a leading '+' would be read as formulas: both neutralised.
    expect(lines(all.body).slice(1)).toEqual([
      expect.stringMatching(/^'@Achieng,'\+254722,,0,,/),
      expect.stringMatching(/^Kamau Njoroge,/),
    ]);
    const kamau = await get(t, shop.token, '/api/barber/customers/export?q=KAMAU@');
    const listed = (await get(t, shop.token, '/api/barber/customers?q=KAMAU@')).json().data;
    expect(listed).toHaveLength(1);
    const c = listed[0];
    expect(c).toMatchObject({ visits: 1, last_visit_at: visit.start_at });
    expect(lines(kamau.body).slice(1)).toEqual([
      `${c.name},${c.phone},${c.email},${c.visits},${c.last_visit_at},${c.created_at}`,
    ]);
  });

  it("never carries another shop's customers, services or staff", async () => {
    const ours = await salon();
    const theirs = await barberShop(t);
    await addService(t, theirs.token, { name: 'Their secret service' });
    await addStaff(t, theirs.token, [theirs.service.id], { name: 'Their barber' });
    await call(t, 'POST', '/api/barber/customers', theirs.token, { name: 'Their customer' });
    const customers = await get(t, ours.token, '/api/barber/customers/export');
    const services = await get(t, ours.token, '/api/barber/services/export');
    const staff = await get(t, ours.token, '/api/barber/staff/export');
    expect(lines(customers.body)).toHaveLength(1);
    expect(services.body).not.toContain('Their secret service');
    expect(services.body).not.toContain(theirs.service.name);
    expect(lines(services.body)).toHaveLength(4);
    expect(staff.body).not.toContain('Their barber');
    expect(staff.body).not.toContain(theirs.staff.name);
    expect(lines(staff.body)).toHaveLength(4);
  });

  it.each([
    ['an unknown active filter', '/api/barber/services/export?active=maybe'],
    ['a search too long', `/api/barber/customers/export?q=${'x'.repeat(101)}`],
    ['an unknown staff filter', '/api/barber/staff/export?active=yes'],
  ])('refuses %s (400), and audits nothing', async (_label, url) => {
    const shop = await barberShop(t);
    const response = await call(t, 'GET', url, shop.token);
    expect(response.statusCode, response.body).toBe(400);
    expect(await auditRowsOf(t, shop.accountId)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ action: expect.stringMatching(/^export\./) })]),
    );
  });

  it('refuses a guest and a customer (403), and audits nothing', async () => {
    const shop = await barberShop(t);
    const workspace = { account_id: shop.accountId, workspace_id: shop.workspaceId };
    for (const role of ['guest', 'customer'] as const) {
      const who = await memberIn(t, workspace, role);
      for (const url of EXPORTS) {
        expect((await call(t, 'GET', url, who.token)).statusCode, `${role} ${url}`).toBe(403);
      }
    }
    for (const action of [
      'export.barber_customers',
      'export.barber_services',
      'export.barber_staff',
    ] as const) {
      expect(await auditRowsOf(t, shop.accountId, action)).toEqual([]);
    }
  });
});

describe('the audit rows of the exports', () => {
  it('writes export.barber_customers, export.barber_services and export.barber_staff with the rows and filters', async () => {
    const shop = await salon();
    const worker = await memberIn(
      t,
      { account_id: shop.accountId, workspace_id: shop.workspaceId },
      'worker',
    );
    await get(t, worker.token, '/api/barber/customers/export?q=nobody');
    await get(t, worker.token, '/api/barber/services/export?q=beard&active=true');
    await get(t, worker.token, '/api/barber/staff/export?active=false');
    const common = { workspaceId: shop.workspaceId, actorEmail: worker.email, ip: '127.0.0.1' };
    expect(await theAuditRow(t, shop.accountId, 'export.barber_customers')).toMatchObject({
      ...common,
      after: { rows: 0, q: 'nobody' },
    });
    expect(await theAuditRow(t, shop.accountId, 'export.barber_services')).toMatchObject({
      ...common,
      after: { rows: 1, q: 'beard', active: 'true' },
    });
    expect(await theAuditRow(t, shop.accountId, 'export.barber_staff')).toMatchObject({
      ...common,
      after: { rows: 1, active: 'false' },
    });
  });
});

describe('the currency of the amounts (decision 034)', () => {
  const APPOINTMENT_HEADINGS = (total: string) =>
    `Start (UTC),End (UTC),Customer,Phone,E-mail,Booked as,Booked phone,Staff,Services,${total},Status,Source`;

  /** A shop with one booking of its 800 service, in `currency` (null: none chosen). */
  async function shopIn(currency: string | null) {
    const shop = await barberShop(t);
    await t.db.db
      .update(workspaces)
      .set({ currency })
      .where(and(eq(workspaces.accountId, shop.accountId), eq(workspaces.id, shop.workspaceId)));
    await booked(t, shop.token, {
      service_ids: [shop.service.id],
      staff_id: shop.staff.id,
      start_at: shopTimeAt(t, shop.timezone, 1, 9),
    });
    return shop;
  }

  it("names the workspace's currency in the appointments' Total and the services' Price headings", async () => {
    const shop = await shopIn('KES');
    const appointments = await get(t, shop.token, '/api/barber/appointments/export');
    expect(lines(appointments.body)[0]).toBe(APPOINTMENT_HEADINGS('Total (KES)'));
    expect(column(appointments.body, 9)).toEqual(['800.0000']);
    const services = await get(t, shop.token, '/api/barber/services/export');
    expect(lines(services.body)[0]).toBe('Name,Category,Duration (minutes),Price (KES),Status,Created at');
  });

  it('leaves the headings alone when the workspace names no currency', async () => {
    const shop = await shopIn(null);
    const appointments = await get(t, shop.token, '/api/barber/appointments/export');
    expect(lines(appointments.body)[0]).toBe(APPOINTMENT_HEADINGS('Total'));
    const services = await get(t, shop.token, '/api/barber/services/export');
    expect(lines(services.body)[0]).toBe('Name,Category,Duration (minutes),Price,Status,Created at');
  });
});
