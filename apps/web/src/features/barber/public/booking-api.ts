import { useQuery } from '@tanstack/react-query';
import type {
  PublicAppointment,
  PublicAppointmentBody,
  PublicBookingPage,
  Slot,
} from '@workhub/shared/schemas/barber';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';

// The booking page's calls (/api/public/booking/...: no session, the slug names the shop).

const base = (slug: string) => `/api/public/booking/${encodeURIComponent(slug)}`;

export type SlotDay = { timezone: string; date: string; slots: Slot[] };

/** GET /api/public/booking/:slug: the shop's name, time zone, services and staff. */
export const useBookingPage = (slug: string) =>
  useQuery({
    queryKey: ['booking', slug],
    queryFn: async () => (await apiRequest<Envelope<PublicBookingPage>>(base(slug), { auth: false })).data,
    retry: false,
  });

/**
 * GET /api/public/booking/:slug/slots: a day's free slots for the services, with a staff member or
 * anyone. With a mail link's `token` (a reschedule) as `except`: its booking's own time is not
 * counted busy, so the times next to it are offered.
 */
export const useSlots = (
  slug: string,
  serviceIds: string[],
  staffId: string | null,
  date: string,
  token?: string,
) =>
  useQuery({
    queryKey: ['booking', slug, 'slots', serviceIds, staffId, date, token ?? null],
    enabled: serviceIds.length > 0 && date !== '',
    queryFn: async () => {
      const params = new URLSearchParams({ service_ids: serviceIds.join(','), date });
      if (staffId) params.set('staff_id', staffId);
      if (token) params.set('except', token);
      return (await apiRequest<Envelope<SlotDay>>(`${base(slug)}/slots?${params}`, { auth: false })).data;
    },
  });

/** POST /api/public/booking/:slug/appointments. */
export const bookAppointment = (slug: string, body: PublicAppointmentBody) =>
  apiRequest<Envelope<PublicAppointment>>(`${base(slug)}/appointments`, {
    method: 'POST',
    body,
    auth: false,
  });

const manage = (slug: string, token: string) => `${base(slug)}/manage/${encodeURIComponent(token)}`;

/** GET /api/public/booking/:slug/manage/:token: the booking of a mail's link. */
export const useManagedBooking = (slug: string, token: string) =>
  useQuery({
    queryKey: ['booking', slug, 'manage', token],
    queryFn: async () =>
      (await apiRequest<Envelope<PublicAppointment>>(manage(slug, token), { auth: false })).data,
    retry: false,
  });

export const cancelBooking = (slug: string, token: string) =>
  apiRequest<Envelope<PublicAppointment>>(`${manage(slug, token)}/cancel`, { method: 'POST', auth: false });

export const rescheduleBooking = (
  slug: string,
  token: string,
  body: { start_at: string; staff_id?: string | null },
) =>
  apiRequest<Envelope<PublicAppointment>>(`${manage(slug, token)}/reschedule`, {
    method: 'POST',
    body,
    auth: false,
  });

/** 'YYYY-MM-DD' of today (or of `at`) in `timezone`. */
export const todayIn = (timezone: string, at: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

/** '09:30' of an instant in `timezone`. */
export const timeIn = (iso: string, timezone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/** The name `timezone` goes by at an instant ('CEST', 'CET', 'GMT+1'). */
const zoneNameIn = (iso: string, timezone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: timezone, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((part) => part.type === 'timeZoneName')?.value ?? timezone;

/**
 * Each start's time as the shop's clock reads it; where two read alike (the hour the clocks repeat
 * the night they go back, offered at both its instants), each with the zone's name for it
 * ('02:30 CEST', then '02:30 CET').
 */
export const slotLabels = (starts: readonly string[], timezone: string): string[] => {
  const times = starts.map((start) => timeIn(start, timezone));
  return times.map((time, i) =>
    times.indexOf(time) === times.lastIndexOf(time)
      ? time
      : `${time} ${zoneNameIn(starts[i] ?? '', timezone)}`,
  );
};

/** 'Monday 7 December 2026, 09:30' of an instant in `timezone`. */
export const whenIn = (iso: string, timezone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
