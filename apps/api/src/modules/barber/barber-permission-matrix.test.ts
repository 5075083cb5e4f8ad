import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import {
  CALLERS,
  type Caller,
  describeMatrix,
  type MatrixRequest,
  useMatrixCallers,
} from '../../test/matrix.ts';
import { call } from '../../test/work.ts';
import {
  addService,
  addStaff,
  booked,
  morningZone,
  pastAppointment,
  put,
  shopDay,
  shopTimeAt,
} from './barber-test-helpers.ts';

/*
 * Sample data: our shop has records (409 to load more), and so has the outsider's by then (the
 * rows above add a service there); barber-dashboard.test.ts loads it into an empty shop.
 *
 * Who may call what in Barber Shop & Spa (docs/permissions.md, the barber rows), in a barber
 * workspace. Owners and admins manage (services, staff, settings); members and workers book
 * (appointments, walk-ins, customers) and read; guests and customers have none of it. The outsider
 * acts in a barber workspace of their own: a list is theirs (200), a record of ours is a 404 and
 * our service or staff ids in a body are a 400 (not a service of their shop). Platform staff act in
 * no workspace: the module does not exist for them (404).
 */
const MATRIX = `
  endpoint                                    | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  GET   /api/barber/access                    | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET   /api/barber/settings                  | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  PUT   /api/barber/settings                  | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
  GET   /api/barber/services                  | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET   /api/barber/services/export           | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST  /api/barber/services                  | 201   | 201   | 403    | 403    | 403   | 403      | 201      | 401       | 404
  GET   /api/barber/services/:id              | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  PATCH /api/barber/services/:id              | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET   /api/barber/staff                     | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET   /api/barber/staff/export              | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST  /api/barber/staff                     | 201   | 201   | 403    | 403    | 403   | 403      | 400      | 401       | 404
  GET   /api/barber/staff/:id                 | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  PATCH /api/barber/staff/:id                 | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET   /api/barber/customers                 | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET   /api/barber/customers/export          | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST  /api/barber/customers                 | 201   | 201   | 201    | 201    | 403   | 403      | 201      | 401       | 404
  GET   /api/barber/slots                     | 200   | 200   | 200    | 200    | 403   | 403      | 400      | 401       | 404
  GET   /api/barber/calendar                  | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET   /api/barber/appointments              | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET   /api/barber/appointments/export       | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET   /api/barber/appointments/:id          | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  POST  /api/barber/appointments              | 201   | 201   | 201    | 201    | 403   | 403      | 400      | 401       | 404
  PATCH /api/barber/appointments/:id          | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  POST  /api/barber/appointments/:id/check-in | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  POST  /api/barber/appointments/:id/done     | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  POST  /api/barber/appointments/:id/cancel   | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  POST  /api/barber/appointments/:id/no-show  | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  GET   /api/barber/walk-ins                  | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST  /api/barber/walk-ins                  | 201   | 201   | 201    | 201    | 403   | 403      | 400      | 401       | 404
  GET   /api/barber/my-appointments           | 403   | 403   | 403    | 403    | 403   | 200      | 403      | 401       | 404
  POST  /api/barber/my-appointments/:id/cancel | 403 | 403   | 403    | 403    | 403   | 200      | 403      | 401       | 404
  GET   /api/barber/dashboard                 | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST  /api/barber/sample-data               | 409   | 409   | 403    | 403    | 403   | 403      | 409      | 401       | 404
  DELETE /api/barber/sample-data              | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
`;

const t = useTestApp();
const state = useMatrixCallers(t, 'barber');
const shop = { timezone: '', serviceId: '', staffId: '' };

beforeAll(async () => {
  const token = state.callers.owner.token;
  shop.timezone = morningZone(t);
  const settings = await put(t, '/api/barber/settings', token, { timezone: shop.timezone });
  expect(settings.statusCode, settings.body).toBe(200);
  const service = await addService(t, token);
  shop.serviceId = service.id;
  // Works the whole day, every day: the walk-ins of every caller fit in whenever the tests run.
  const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 0, end_minute: 1440 }));
  shop.staffId = (await addStaff(t, token, [service.id], { hours, breaks: [] })).id;
});

/** A distinct start per caller, so that their bookings never meet. */
const startFor = (who: Caller, days = 2) => shopTimeAt(t, shop.timezone, days, 9, CALLERS.indexOf(who) * 30);

/** A booked appointment of our shop (made by the owner), for the routes of one appointment. */
async function ourAppointment(who: Caller, days: number, then?: 'check-in') {
  const token = state.callers.owner.token;
  const made = await booked(t, token, {
    start_at: startFor(who, days),
    service_ids: [shop.serviceId],
    staff_id: shop.staffId,
  });
  if (then)
    expect((await call(t, 'POST', `/api/barber/appointments/${made.id}/${then}`, token)).statusCode).toBe(
      200,
    );
  return made.id;
}

const staffBody = () => ({
  name: `Stylist ${randomUUID().slice(0, 6)}`,
  service_ids: [shop.serviceId],
  hours: [{ weekday: 1, start_minute: 540, end_minute: 1020 }],
});

const REQUESTS: Record<string, (who: Caller) => Promise<MatrixRequest>> = {
  'GET /api/barber/access': async () => ({ url: '/api/barber/access' }),
  'GET /api/barber/settings': async () => ({ url: '/api/barber/settings' }),
  'PUT /api/barber/settings': async () => ({
    url: '/api/barber/settings',
    payload: { timezone: shop.timezone },
  }),
  'GET /api/barber/services': async () => ({ url: '/api/barber/services' }),
  'POST /api/barber/services': async () => ({
    url: '/api/barber/services',
    payload: { name: `Shave ${randomUUID().slice(0, 6)}`, duration_minutes: 20, price: '500' },
  }),
  'GET /api/barber/services/:id': async () => ({ url: `/api/barber/services/${shop.serviceId}` }),
  'PATCH /api/barber/services/:id': async () => {
    const service = await addService(t, state.callers.owner.token);
    return {
      url: `/api/barber/services/${service.id}`,
      payload: { name: `${service.name} deluxe`, duration_minutes: 45, price: 1200 },
    };
  },
  'GET /api/barber/staff': async () => ({ url: '/api/barber/staff' }),
  // The outsider names our service: not one of their shop (400).
  'POST /api/barber/staff': async () => ({ url: '/api/barber/staff', payload: staffBody() }),
  'GET /api/barber/staff/:id': async () => ({ url: `/api/barber/staff/${shop.staffId}` }),
  'PATCH /api/barber/staff/:id': async () => {
    const staff = await addStaff(t, state.callers.owner.token, [shop.serviceId]);
    return { url: `/api/barber/staff/${staff.id}`, payload: staffBody() };
  },
  'GET /api/barber/customers': async () => ({ url: '/api/barber/customers?q=a' }),
  'GET /api/barber/customers/export': async () => ({ url: '/api/barber/customers/export?q=a' }),
  'GET /api/barber/services/export': async () => ({ url: '/api/barber/services/export?active=true' }),
  'GET /api/barber/staff/export': async () => ({ url: '/api/barber/staff/export?q=a' }),
  // One e-mail per caller: an e-mail names one customer of the shop (a second is a 409).
  'POST /api/barber/customers': async (who) => ({
    url: '/api/barber/customers',
    payload: { name: 'Otieno', phone: '+254711111111', email: `otieno-${who}@example.com` },
  }),
  'GET /api/barber/slots': async () => ({
    url: `/api/barber/slots?service_ids=${shop.serviceId}&date=${shopDay(t, shop.timezone, 1)}`,
  }),
  'GET /api/barber/calendar': async () => ({
    url: `/api/barber/calendar?date=${shopDay(t, shop.timezone, 2)}`,
  }),
  'GET /api/barber/appointments': async () => ({
    url: '/api/barber/appointments?status=booked&page=1&limit=5',
  }),
  'GET /api/barber/appointments/export': async () => ({ url: '/api/barber/appointments/export' }),
  'GET /api/barber/appointments/:id': async (who) => ({
    url: `/api/barber/appointments/${await ourAppointment(who, 3)}`,
  }),
  'POST /api/barber/appointments': async (who) => ({
    url: '/api/barber/appointments',
    payload: {
      start_at: startFor(who, 4),
      service_ids: [shop.serviceId],
      staff_id: shop.staffId,
      customer: { name: `Client of ${who}`, phone: '0700 000000', email: `${who}@example.com` },
    },
  }),
  'PATCH /api/barber/appointments/:id': async (who) => ({
    url: `/api/barber/appointments/${await ourAppointment(who, 5)}`,
    payload: { start_at: startFor(who, 6) },
  }),
  'POST /api/barber/appointments/:id/check-in': async (who) => ({
    url: `/api/barber/appointments/${await ourAppointment(who, 7)}/check-in`,
  }),
  'POST /api/barber/appointments/:id/done': async (who) => ({
    url: `/api/barber/appointments/${await ourAppointment(who, 8, 'check-in')}/done`,
  }),
  'POST /api/barber/appointments/:id/cancel': async (who) => ({
    url: `/api/barber/appointments/${await ourAppointment(who, 9)}/cancel`,
  }),
  // A no-show once its time has come: an appointment that started hours ago, one per caller.
  'POST /api/barber/appointments/:id/no-show': async (who) => ({
    url: `/api/barber/appointments/${await pastAppointment(
      t,
      {
        accountId: state.workspace.account_id,
        workspaceId: state.workspace.workspace_id,
        token: state.callers.owner.token,
        staffId: shop.staffId,
      },
      2 + CALLERS.indexOf(who),
    )}/no-show`,
  }),
  'GET /api/barber/walk-ins': async () => ({ url: '/api/barber/walk-ins' }),
  'GET /api/barber/dashboard': async () => ({ url: '/api/barber/dashboard' }),
  'GET /api/barber/my-appointments': async () => ({ url: '/api/barber/my-appointments' }),
  // An appointment under the caller's own e-mail: only a customer may cancel it there.
  'POST /api/barber/my-appointments/:id/cancel': async (who) => {
    const made = await booked(t, state.callers.owner.token, {
      start_at: startFor(who, 10),
      service_ids: [shop.serviceId],
      staff_id: shop.staffId,
      customer: {
        name: `Own of ${who}`,
        email: who === 'anonymous' ? 'nobody@example.com' : state.callers[who].email,
      },
    });
    return { url: `/api/barber/my-appointments/${made.id}/cancel` };
  },
  'POST /api/barber/sample-data': async () => ({ url: '/api/barber/sample-data' }),
  'DELETE /api/barber/sample-data': async () => ({ url: '/api/barber/sample-data' }),
  'POST /api/barber/walk-ins': async (who) => ({
    url: '/api/barber/walk-ins',
    payload: { service_ids: [shop.serviceId], customer: { name: `Walk-in of ${who}` } },
  }),
};

describe('the permission matrix of barber', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
