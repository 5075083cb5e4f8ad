import { describe } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { type Caller, describeMatrix, type MatrixRequest, useMatrixCallers } from '../../test/matrix.ts';
import { act, createCounter, createService, takeTicket } from './ticketing-test-helpers.ts';

/*
 * Who may issue, call and move tickets (docs/permissions.md, the ticketing rows), in a Queue
 * Ticketing workspace: the daily work (ticketing:serve) is everyone's but guests' and customers'.
 * Each call gets a ticket of its own in the state its step needs, so an allowed caller's answer is
 * the step's 200; the outsider (another Queue Ticketing workspace's holder) meets our ids as 404.
 * A customer's own tickets (ticketing:own) are the customer's alone: every other role is 403.
 */
const MATRIX = `
  endpoint                                       | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  GET /api/ticketing/tickets                     | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/ticketing/tickets/export              | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/ticketing/tickets/:id                 | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  POST /api/ticketing/tickets                    | 201   | 201   | 201    | 201    | 403   | 403      | 400      | 401       | 404
  POST /api/ticketing/counters/:id/call-next     | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  POST /api/ticketing/tickets/:id/recall         | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  POST /api/ticketing/tickets/:id/start          | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  POST /api/ticketing/tickets/:id/done           | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  POST /api/ticketing/tickets/:id/no-show        | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  POST /api/ticketing/tickets/:id/transfer       | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  GET /api/ticketing/my-tickets                  | 403   | 403   | 403    | 403    | 403   | 200      | 403      | 401       | 404
  GET /api/ticketing/my-queue                    | 403   | 403   | 403    | 403    | 403   | 200      | 403      | 401       | 404
  POST /api/ticketing/my-tickets                 | 403   | 403   | 403    | 403    | 403   | 201      | 403      | 401       | 404
`;

const t = useTestApp();
const state = useMatrixCallers(t, 'ticketing');
const owner = () => state.callers.owner.token;

let services: { from: string; to: string } | undefined;
async function ourServices() {
  services ??= {
    from: (await createService(t, owner(), { prefix: 'M' })).id,
    to: (await createService(t, owner(), { prefix: 'N' })).id,
  };
  return services;
}

/** A new counter of ours with one waiting ticket for it. */
async function counterWithTicket(): Promise<string> {
  const { from } = await ourServices();
  const counter = await createCounter(t, owner(), { service_ids: [from] });
  await takeTicket(t, owner(), from);
  return counter.id;
}

/** A ticket of ours in `status`; no-show's has been recalled the three times it needs. */
async function ticketIn(status: 'waiting' | 'called' | 'serving' | 'recalled'): Promise<string> {
  const { from } = await ourServices();
  if (status === 'waiting') return (await takeTicket(t, owner(), from)).id;
  const counter = await counterWithTicket();
  const id = (await act(t, owner(), `counters/${counter}/call-next`)).json().data.id as string;
  if (status === 'serving') await act(t, owner(), `tickets/${id}/start`);
  if (status === 'recalled') for (let i = 0; i < 3; i++) await act(t, owner(), `tickets/${id}/recall`);
  return id;
}

const REQUESTS: Record<string, (who: Caller) => Promise<MatrixRequest>> = {
  'GET /api/ticketing/tickets': async () => ({ url: '/api/ticketing/tickets' }),
  'GET /api/ticketing/tickets/export': async () => ({ url: '/api/ticketing/tickets/export' }),
  'GET /api/ticketing/tickets/:id': async () => ({
    url: `/api/ticketing/tickets/${await ticketIn('waiting')}`,
  }),
  // The outsider names our service: not one of their workspace (400).
  'POST /api/ticketing/tickets': async () => ({
    url: '/api/ticketing/tickets',
    payload: { service_id: (await ourServices()).from },
  }),
  'POST /api/ticketing/counters/:id/call-next': async () => ({
    url: `/api/ticketing/counters/${await counterWithTicket()}/call-next`,
  }),
  'POST /api/ticketing/tickets/:id/recall': async () => ({
    url: `/api/ticketing/tickets/${await ticketIn('called')}/recall`,
  }),
  'POST /api/ticketing/tickets/:id/start': async () => ({
    url: `/api/ticketing/tickets/${await ticketIn('called')}/start`,
  }),
  'POST /api/ticketing/tickets/:id/done': async () => ({
    url: `/api/ticketing/tickets/${await ticketIn('serving')}/done`,
  }),
  'POST /api/ticketing/tickets/:id/no-show': async () => ({
    url: `/api/ticketing/tickets/${await ticketIn('recalled')}/no-show`,
  }),
  'GET /api/ticketing/my-tickets': async () => ({ url: '/api/ticketing/my-tickets' }),
  'GET /api/ticketing/my-queue': async () => ({ url: '/api/ticketing/my-queue' }),
  'POST /api/ticketing/my-tickets': async () => ({
    url: '/api/ticketing/my-tickets',
    payload: { service_id: (await ourServices()).from },
  }),
  'POST /api/ticketing/tickets/:id/transfer': async () => ({
    url: `/api/ticketing/tickets/${await ticketIn('waiting')}/transfer`,
    payload: { service_id: (await ourServices()).to },
  }),
};

describe('the permission matrix of tickets', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
