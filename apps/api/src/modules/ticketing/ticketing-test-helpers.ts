import type { Counter, CounterBody, Service, ServiceBody, Ticket } from '@workhub/shared/schemas/ticketing';
import { expect } from 'vitest';
import { bearer, type TestApp } from '../../test/helpers.ts';

let letters = 0;
/** A prefix letter not used yet in this file's run (A..Z, then wraps: use fresh workspaces). */
export const nextPrefix = () => String.fromCharCode(65 + (letters++ % 26));

export async function createService(
  t: TestApp,
  token: string,
  body: Partial<ServiceBody> = {},
): Promise<Service> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ticketing/services',
    headers: bearer(token),
    payload: {
      name: `Service ${Math.random().toString(36).slice(2, 8)}`,
      prefix: nextPrefix(),
      avg_service_minutes: 5,
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

export async function createCounter(
  t: TestApp,
  token: string,
  body: Partial<CounterBody> & Pick<CounterBody, 'service_ids'>,
): Promise<Counter> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ticketing/counters',
    headers: bearer(token),
    payload: { name: `Counter ${Math.random().toString(36).slice(2, 8)}`, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

export async function takeTicket(
  t: TestApp,
  token: string,
  serviceId: string,
  priority = false,
): Promise<Ticket & { people_ahead: number; estimated_wait_minutes: number; counter_open: boolean }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ticketing/tickets',
    headers: bearer(token),
    payload: { service_id: serviceId, priority },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** POST /api/ticketing/<path> as `token`, the raw response. */
export const act = (t: TestApp, token: string, path: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/ticketing/${path}`, headers: bearer(token), payload });

/** Nairobi is UTC+3 all year (no daylight saving): its 23:51 is 20:51 UTC. */
export const NAIROBI = 'Africa/Nairobi';
const NAIROBI_OFFSET_S = 3 * 3600;

/** Moves the test clock on to the next 23:51:00 of Nairobi, a few minutes before the queue's midnight. */
export function toLateEvening(t: TestApp): void {
  const day = 86_400;
  const localSeconds = (Math.floor(t.clock.now().getTime() / 1000) + NAIROBI_OFFSET_S) % day;
  const target = 23 * 3600 + 51 * 60;
  t.clock.advance((target - localSeconds + day) % day || day);
}

/** The queue's day in Nairobi, open all day (no opening hours), 3 recalls before a no-show. */
export async function openAllDayInNairobi(t: TestApp, token: string): Promise<void> {
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/ticketing/settings',
    headers: bearer(token),
    payload: { time_zone: NAIROBI, no_show_after_recalls: 3, opening_hours: [] },
  });
  expect(put.statusCode, put.body).toBe(200);
}
