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
): Promise<Ticket & { people_ahead: number; estimated_wait_minutes: number }> {
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
