import { describe } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { type Caller, describeMatrix, type MatrixRequest, useMatrixCallers } from '../../test/matrix.ts';
import { createService } from './ticketing-test-helpers.ts';

/*
 * Who may read and change the queue's services, counters and settings (docs/permissions.md, the
 * ticketing rows), in a Queue Ticketing workspace. The outsider holds a Queue Ticketing workspace of
 * their own: they pass the module's gate and meet the tenant scope (our record is a 404 to them).
 */
const MATRIX = `
  endpoint                          | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  GET /api/ticketing/services       | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/ticketing/services/export| 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/ticketing/services      | 201   | 201   | 403    | 403    | 403   | 403      | 201      | 401       | 404
  GET /api/ticketing/services/:id   | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  PATCH /api/ticketing/services/:id | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/ticketing/counters       | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/ticketing/counters/export| 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/ticketing/counters      | 201   | 201   | 403    | 403    | 403   | 403      | 400      | 401       | 404
  GET /api/ticketing/counters/:id   | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  PATCH /api/ticketing/counters/:id | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/ticketing/settings       | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  PUT /api/ticketing/settings       | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
  GET /api/ticketing/operators      | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
`;

const t = useTestApp();
const state = useMatrixCallers(t, 'ticketing');

let serviceId: string | undefined;
let counterId: string | undefined;
let letter = 0;
const ownerToken = () => state.callers.owner.token;
/** Letters A..Z, one per created service of this file (the workspace has room for 26). */
const freshPrefix = () => String.fromCharCode(65 + (letter++ % 26));

async function ourService(): Promise<string> {
  serviceId ??= (await createService(t, ownerToken(), { prefix: freshPrefix() })).id;
  return serviceId;
}
async function ourCounter(): Promise<string> {
  if (!counterId) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ticketing/counters',
      headers: { authorization: `Bearer ${ownerToken()}` },
      payload: { name: 'Counter matrix', service_ids: [await ourService()] },
    });
    counterId = response.json().data.id;
  }
  return counterId as string;
}

const SETTINGS = { time_zone: 'Africa/Nairobi', no_show_after_recalls: 3, opening_hours: [] };

const REQUESTS: Record<string, (who: Caller) => Promise<MatrixRequest>> = {
  'GET /api/ticketing/services': async () => ({ url: '/api/ticketing/services' }),
  'GET /api/ticketing/services/export': async () => ({ url: '/api/ticketing/services/export' }),
  'POST /api/ticketing/services': async (who) => ({
    url: '/api/ticketing/services',
    payload: { name: `Service of ${who}`, prefix: freshPrefix(), avg_service_minutes: 4 },
  }),
  'GET /api/ticketing/services/:id': async () => ({ url: `/api/ticketing/services/${await ourService()}` }),
  'PATCH /api/ticketing/services/:id': async (who) => ({
    url: `/api/ticketing/services/${await ourService()}`,
    payload: { name: `Renamed by ${who}`, prefix: 'Z', avg_service_minutes: 6 },
  }),
  'GET /api/ticketing/counters': async () => ({ url: '/api/ticketing/counters' }),
  'GET /api/ticketing/counters/export': async () => ({ url: '/api/ticketing/counters/export' }),
  // The outsider names our service: not one of their workspace (400).
  'POST /api/ticketing/counters': async (who) => ({
    url: '/api/ticketing/counters',
    payload: { name: `Counter of ${who}`, service_ids: [await ourService()] },
  }),
  'GET /api/ticketing/counters/:id': async () => ({ url: `/api/ticketing/counters/${await ourCounter()}` }),
  'PATCH /api/ticketing/counters/:id': async (who) => ({
    url: `/api/ticketing/counters/${await ourCounter()}`,
    payload: { name: `Counter by ${who}`, service_ids: [await ourService()] },
  }),
  'GET /api/ticketing/settings': async () => ({ url: '/api/ticketing/settings' }),
  'PUT /api/ticketing/settings': async () => ({ url: '/api/ticketing/settings', payload: SETTINGS }),
  'GET /api/ticketing/operators': async () => ({ url: '/api/ticketing/operators' }),
};

describe('the permission matrix of the queue records', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
