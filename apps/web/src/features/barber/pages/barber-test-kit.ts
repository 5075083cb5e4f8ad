import type { Appointment, BarberService, BarberStaff } from '@workhub/shared/schemas/barber';
import { jsonResponse } from '../../../test/fixtures.ts';
import { listOf, type PageUnderTest, type Routes, templatePageKit } from '../../../test/page-kit.ts';

/*
 * What the salon's page tests share: the page set up in a barber workspace (test/page-kit.ts) and
 * the salon's records. Each file still says `vi.mock('../../../lib/notify.tsx', ...)` itself:
 * vitest hoists a mock per file.
 */

export const at = '2026-01-01T00:00:00.000Z';
export const ID = '00000000-0000-4000-8000-000000000001';

/** The mocked fetch, the toasts and the page of a salon page test; see templatePageKit. */
export const barberPageKit = (page: PageUnderTest, options: { downloads?: boolean } = {}) =>
  templatePageKit('barber', page, options);

/** The salon's settings call: the shop keeps Nairobi time (UTC+3). */
export const nairobiTime = {
  'GET /api/barber/settings': () =>
    jsonResponse(200, { data: { timezone: 'Africa/Nairobi', updated_at: at } }),
};

/** The services call's answer: `rows`, all on one page of 100. */
export const servicesAnswer = (rows: BarberService[]) => jsonResponse(200, listOf(rows, 100));

/** Haircut, 30 minutes for 800, offered, in no category. */
export const serviceOf = (patch: Partial<BarberService> = {}): BarberService => ({
  id: 'sv-cut',
  name: 'Haircut',
  duration_minutes: 30,
  price: '800.0000',
  category: null,
  active: true,
  created_at: at,
  updated_at: at,
  ...patch,
});

/** Amina, active, doing Haircut on Mondays 09:00-18:00. */
export const staffOf = (patch: Partial<BarberStaff> = {}): BarberStaff => ({
  id: 's1',
  name: 'Amina',
  user_id: null,
  active: true,
  service_ids: ['sv-cut'],
  hours: [{ weekday: 1, start_minute: 540, end_minute: 1080 }],
  breaks: [],
  days_off: [],
  created_at: at,
  updated_at: at,
  ...patch,
});

/** Njeri's Haircut with Amina, booked by the staff: 09:00-09:30 in Nairobi on Monday 5 January 2026. */
export const appointmentOf = (patch: Partial<Appointment> = {}): Appointment => ({
  id: ID,
  customer: { id: 'c1', name: 'Njeri', phone: null, email: null },
  staff: { id: 's1', name: 'Amina' },
  booked_as: null,
  start_at: '2026-01-05T06:00:00.000Z',
  end_at: '2026-01-05T06:30:00.000Z',
  status: 'booked',
  source: 'staff',
  services: [{ service_id: 'sv-cut', name: 'Haircut', duration_minutes: 30, price: '800.0000' }],
  total: '800.0000',
  created_at: at,
  updated_at: at,
  ...patch,
});

/**
 * The route that cancels `appointment` (its staff-side step), answering it cancelled, and the URLs
 * it was posted to.
 */
export const cancelRoute = (appointment: Appointment) => {
  const posted: string[] = [];
  const route: Routes = {
    [`POST /api/barber/appointments/${appointment.id}/cancel`]: (_init, url) => {
      posted.push(url);
      return jsonResponse(200, {
        message: 'Appointment updated',
        data: { ...appointment, status: 'cancelled' },
      });
    },
  };
  return { posted, route };
};
