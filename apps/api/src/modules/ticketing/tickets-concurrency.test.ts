import type { Ticket } from '@workhub/shared/schemas/ticketing';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { newTenant } from '../../test/tenants.ts';
import {
  act,
  createCounter,
  createService,
  openAllDayInNairobi,
  takeTicket,
  toLateEvening,
} from './ticketing-test-helpers.ts';

// Simultaneous requests (on PostgreSQL they really run at once, on several connections): the
// counter's row lock, the tickets' FOR UPDATE SKIP LOCKED and the service's row, locked to number
// a ticket, keep every rule.

const t = useTestApp();

async function queueWithCounters(counters: number) {
  const tenant = await newTenant(t, 'ticketing');
  const token = tenant.owner.token;
  const service = await createService(t, token, { prefix: 'A' });
  const made = [];
  for (let i = 1; i <= counters; i++) {
    made.push(await createCounter(t, token, { name: `Window ${i}`, service_ids: [service.id] }));
  }
  return { token, service, counters: made };
}

describe('tickets under simultaneous requests', () => {
  it('counters calling at the same instant never get the same ticket, and none is skipped', async () => {
    const { token, service, counters } = await queueWithCounters(4);
    const issued = [];
    for (let i = 0; i < 4; i++) issued.push(await takeTicket(t, token, service.id));
    const answers = await Promise.all(counters.map((c) => act(t, token, `counters/${c.id}/call-next`)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const called = answers.map((a) => (a.json().data as Ticket).id);
    expect(new Set(called).size).toBe(4);
    expect([...called].sort()).toEqual(issued.map((x) => x.id).sort());
  });

  it('more counters than tickets: each ticket goes to exactly one counter, the others hear "nobody waits"', async () => {
    const { token, service, counters } = await queueWithCounters(4);
    await takeTicket(t, token, service.id);
    await takeTicket(t, token, service.id);
    const answers = await Promise.all(counters.map((c) => act(t, token, `counters/${c.id}/call-next`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409]);
    const called = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.id);
    expect(new Set(called).size).toBe(2);
  });

  it('one counter calling twice at once calls one ticket (the second is busy)', async () => {
    const { token, service, counters } = await queueWithCounters(1);
    await takeTicket(t, token, service.id);
    await takeTicket(t, token, service.id);
    const counter = counters[0]?.id;
    const answers = await Promise.all([1, 2].map(() => act(t, token, `counters/${counter}/call-next`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('a counter deactivated while it calls: either the call or the deactivation is refused, never both pass', async () => {
    for (let round = 0; round < 4; round++) {
      const { token, service, counters } = await queueWithCounters(1);
      const counter = counters[0];
      if (!counter) throw new Error('no counter');
      await takeTicket(t, token, service.id);
      const [call, deactivate] = await Promise.all([
        act(t, token, `counters/${counter.id}/call-next`),
        t.app.inject({
          method: 'PATCH',
          url: `/api/ticketing/counters/${counter.id}`,
          headers: bearer(token),
          payload: {
            name: counter.name,
            service_ids: [service.id],
            operator_user_id: null,
            status: 'inactive',
          },
        }),
      ]);
      expect([call.statusCode, deactivate.statusCode].sort(), `${call.body} ${deactivate.body}`).toEqual([
        200, 409,
      ]);
    }
  });

  it('tickets taken at the same instant get different numbers', async () => {
    const { token, service } = await queueWithCounters(1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => act(t, token, 'tickets', { service_id: service.id })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const numbers = answers.map((a) => a.json().data.number).sort();
    expect(numbers).toEqual(['A-001', 'A-002', 'A-003', 'A-004', 'A-005', 'A-006']);
  });

  it('one ticket transferred twice at once to one service: moved and numbered once, the second hears it is there', async () => {
    for (let round = 0; round < 3; round++) {
      const { token, service } = await queueWithCounters(1);
      const other = await createService(t, token, { prefix: 'B' });
      const ticket = await takeTicket(t, token, service.id);
      const answers = await Promise.all(
        [1, 2].map(() => act(t, token, `tickets/${ticket.id}/transfer`, { service_id: other.id })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      const moved = answers.find((a) => a.statusCode === 200)?.json().data as Ticket;
      expect(moved.number).toBe('B-001');
      // No number was spent on a second move: the next ticket of B is B-002.
      const next = await takeTicket(t, token, other.id);
      expect(next.number).toBe('B-002');
    }
  });

  it("transfers and tickets taken at the same instant after midnight get different numbers, none an earlier day's live one", async () => {
    toLateEvening(t);
    const tenant = await newTenant(t, 'ticketing');
    const token = tenant.owner.token;
    await openAllDayInNairobi(t, token);
    const a = await createService(t, token, { prefix: 'A' });
    const b = await createService(t, token, { prefix: 'B' });
    const carriedB = await takeTicket(t, token, b.id);
    const carriedA = [];
    for (let i = 0; i < 3; i++) carriedA.push(await takeTicket(t, token, a.id));
    t.clock.advance(10 * 60);
    const answers = await Promise.all([
      ...carriedA.map((ticket) => act(t, token, `tickets/${ticket.id}/transfer`, { service_id: b.id })),
      ...carriedA.map(() => act(t, token, 'tickets', { service_id: b.id })),
    ]);
    expect(answers.map((x) => x.statusCode)).toEqual([200, 200, 200, 201, 201, 201]);
    const numbers = answers.map((x) => (x.json().data as Ticket).number);
    expect([carriedB.number, ...numbers].sort()).toEqual([
      'B-001',
      'B-002',
      'B-003',
      'B-004',
      'B-005',
      'B-006',
      'B-007',
    ]);
  });
});
