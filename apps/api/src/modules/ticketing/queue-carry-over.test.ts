import type {
  BoardState,
  PublicTicket,
  Service,
  Ticket,
  TicketingDashboard,
} from '@workhub/shared/schemas/ticketing';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { newTenant, refreshed } from '../../test/tenants.ts';
import {
  act,
  createCounter,
  createService,
  openAllDayInNairobi,
  takeTicket,
  toLateEvening,
} from './ticketing-test-helpers.ts';

/*
 * Tickets still waiting when the queue's day ends (its local midnight, in its time zone) stay in
 * line: after midnight they are called before the new day's tickets, counted in the services'
 * waiting, shown in the board's next numbers, and counted in a ticket's people ahead. Numbering
 * restarts each day, after the highest number of the service still live (waiting, called or being
 * served) from an earlier day: two tickets live at once never show the same number.
 */

const t = useTestApp();

const get = async <T>(token: string | null, url: string): Promise<T> => {
  const response = await t.app.inject({ url, headers: token ? bearer(token) : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const callNext = async (token: string, counterId: string): Promise<Ticket> => {
  const response = await act(t, token, `counters/${counterId}/call-next`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

/**
 * A queue open all day in Nairobi: at 23:51 local A-001 is called and served, A-002..A-004 are
 * taken and still waiting; then the clock passes midnight (00:01) and the new day's first ticket is
 * taken: A-005, the numbers A-002..A-004 being still live.
 */
async function pastMidnight() {
  toLateEvening(t);
  const tenant = await newTenant(t, 'ticketing');
  const token = tenant.owner.token;
  await openAllDayInNairobi(t, token);
  const a = await createService(t, token, { name: 'Accounts', prefix: 'A', avg_service_minutes: 5 });
  const window = await createCounter(t, token, { name: 'Window 1', service_ids: [a.id] });
  const first = await takeTicket(t, token, a.id);
  expect((await callNext(token, window.id)).id).toBe(first.id);
  expect((await act(t, token, `tickets/${first.id}/start`)).statusCode).toBe(200);
  expect((await act(t, token, `tickets/${first.id}/done`)).statusCode).toBe(200);
  const late: Ticket[] = [];
  for (let i = 0; i < 3; i++) {
    t.clock.advance(1);
    late.push(await takeTicket(t, token, a.id));
  }
  expect(late.map((l) => l.number)).toEqual(['A-002', 'A-003', 'A-004']);
  const before = late[0]?.service_day;
  t.clock.advance(10 * 60);
  const fresh = await takeTicket(t, token, a.id);
  // A new day: its numbering restarts, after the numbers still in line (not A-001, nor A-002).
  expect(fresh.number).toBe('A-005');
  expect(fresh.service_day).not.toBe(before);
  return { ...tenant, token, a, window, late, fresh, slug: tenant.workspace.public_slug };
}

describe("tickets still waiting at the queue's midnight", () => {
  it("are called after it, before the new day's tickets, earliest first", async () => {
    const q = await pastMidnight();
    const called: string[] = [];
    for (let i = 0; i < 4; i++) {
      const ticket = await callNext(q.token, q.window.id);
      called.push(`${ticket.number} ${ticket.service_day}`);
      expect((await act(t, q.token, `tickets/${ticket.id}/start`)).statusCode).toBe(200);
      expect((await act(t, q.token, `tickets/${ticket.id}/done`)).statusCode).toBe(200);
    }
    expect(called).toEqual([
      ...q.late.map((l) => `${l.number} ${l.service_day}`),
      `A-005 ${q.fresh.service_day}`,
    ]);
    expect((await act(t, q.token, `counters/${q.window.id}/call-next`)).statusCode).toBe(409);
  });

  it('still calls a priority ticket of the new day before them', async () => {
    const q = await pastMidnight();
    const vip = await takeTicket(t, q.token, q.a.id, true);
    expect(vip.people_ahead).toBe(0);
    expect((await callNext(q.token, q.window.id)).id).toBe(vip.id);
  });

  it("count in the services' waiting and the dashboard's waiting", async () => {
    const q = await pastMidnight();
    const services = await get<Service[]>(q.token, '/api/ticketing/services');
    expect(services.map((s) => [s.prefix, s.waiting])).toEqual([['A', 4]]);
    const dashboard = await get<TicketingDashboard>(q.token, '/api/ticketing/dashboard');
    expect(dashboard.today_by_service).toMatchObject([{ service_id: q.a.id, waiting: 4 }]);
  });

  it("are on the board's next list, first, and in its waiting count", async () => {
    const q = await pastMidnight();
    const board = await get<BoardState>(null, `/api/public/queues/${q.slug}`);
    expect(board.next.map((n) => n.number)).toEqual(['A-002', 'A-003', 'A-004', 'A-005']);
    expect(board.services.map((s) => [s.prefix, s.waiting])).toEqual([['A', 4]]);
  });

  it("count in a ticket's people ahead and estimate, theirs included", async () => {
    const q = await pastMidnight();
    expect(q.fresh).toMatchObject({ people_ahead: 3, estimated_wait_minutes: 15 });
    const page = (publicId: string) =>
      get<PublicTicket>(null, `/api/public/queues/${q.slug}/tickets/${publicId}`);
    expect(await page(q.late[2]?.public_id ?? '')).toMatchObject({
      status: 'waiting',
      people_ahead: 2,
      estimated_wait_minutes: 10,
    });
    expect(await page(q.fresh.public_id)).toMatchObject({ people_ahead: 3, estimated_wait_minutes: 15 });
    await callNext(q.token, q.window.id);
    expect(await page(q.fresh.public_id)).toMatchObject({ people_ahead: 2 });
  });

  it("change the board's version as they are called, recalled, started and finished", async () => {
    const q = await pastMidnight();
    const version = async () => (await get<BoardState>(null, `/api/public/queues/${q.slug}`)).version;
    const seen = [await version()];
    const ticket = await callNext(q.token, q.window.id);
    expect(ticket.number).toBe('A-002');
    seen.push(await version());
    for (const step of ['recall', 'start', 'done']) {
      expect((await act(t, q.token, `tickets/${ticket.id}/${step}`)).statusCode).toBe(200);
      seen.push(await version());
    }
    expect(new Set(seen).size).toBe(seen.length);
  });
});

/** The numbers of the tickets live now (waiting, called, serving), as the staff's list shows them. */
async function liveNumbers(token: string): Promise<string[]> {
  const numbers: string[] = [];
  for (const status of ['waiting', 'called', 'serving']) {
    const list = await get<Ticket[]>(token, `/api/ticketing/tickets?status=${status}&limit=100`);
    numbers.push(...list.map((l) => l.number));
  }
  return numbers.sort();
}

describe('numbers live at once', () => {
  it("are never the same: the new day's first follows the highest still waiting from an earlier day", async () => {
    const q = await pastMidnight();
    expect((await takeTicket(t, q.token, q.a.id)).number).toBe('A-006');
    const live = await liveNumbers(q.token);
    expect(live).toEqual(['A-002', 'A-003', 'A-004', 'A-005', 'A-006']);
    const board = await get<BoardState>(null, `/api/public/queues/${q.slug}`);
    expect(new Set(board.next.map((n) => n.number)).size).toBe(board.next.length);
  });

  it("count a ticket in a counter's hand over midnight, and restart at A-001 once none is live", async () => {
    toLateEvening(t);
    const tenant = await newTenant(t, 'ticketing');
    const token = tenant.owner.token;
    await openAllDayInNairobi(t, token);
    const a = await createService(t, token, { prefix: 'A' });
    const window = await createCounter(t, token, { name: 'Window 1', service_ids: [a.id] });
    const late = await takeTicket(t, token, a.id);
    expect((await callNext(token, window.id)).id).toBe(late.id);
    expect((await act(t, token, `tickets/${late.id}/start`)).statusCode).toBe(200);
    t.clock.advance(10 * 60);
    // Yesterday's A-001 is still being served at Window 1: today's first is A-002.
    const today = await takeTicket(t, token, a.id);
    expect(today.number).toBe('A-002');
    expect(today.service_day).not.toBe(late.service_day);
    expect((await act(t, token, `tickets/${late.id}/done`)).statusCode).toBe(200);
    // The day goes on from its own last number.
    const next = await takeTicket(t, token, a.id);
    expect(next.number).toBe('A-003');
    for (const ticket of [today, next]) {
      expect((await callNext(token, window.id)).id).toBe(ticket.id);
      expect((await act(t, token, `tickets/${ticket.id}/start`)).statusCode).toBe(200);
      expect((await act(t, token, `tickets/${ticket.id}/done`)).statusCode).toBe(200);
    }
    t.clock.advance(86_400);
    const { token: tomorrow } = await refreshed(t, tenant.owner);
    expect((await takeTicket(t, tomorrow, a.id)).number).toBe('A-001');
  });
});

describe('a transfer after midnight', () => {
  it("gives an earlier day's ticket the service's next number of today: none issued today, none live", async () => {
    const q = await pastMidnight();
    const b = await createService(t, q.token, { name: 'Bills', prefix: 'B' });
    const windowB = await createCounter(t, q.token, { name: 'Window B', service_ids: [b.id] });
    t.clock.advance(60);
    // Today's B-001 and B-002 are served and done: no B ticket is live.
    for (const number of ['B-001', 'B-002']) {
      const ticket = await takeTicket(t, q.token, b.id);
      expect(ticket.number).toBe(number);
      expect((await callNext(q.token, windowB.id)).id).toBe(ticket.id);
      expect((await act(t, q.token, `tickets/${ticket.id}/start`)).statusCode).toBe(200);
      expect((await act(t, q.token, `tickets/${ticket.id}/done`)).statusCode).toBe(200);
    }
    const carried = q.late[0];
    if (!carried) throw new Error('no ticket carried over');
    const moved = await act(t, q.token, `tickets/${carried.id}/transfer`, { service_id: b.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      number: 'B-003',
      service_day: q.fresh.service_day,
      status: 'waiting',
      queued_at: carried.queued_at,
    });
    const later = await takeTicket(t, q.token, b.id);
    expect(later.number).toBe('B-004');
    const live = await liveNumbers(q.token);
    expect(live).toEqual(['A-003', 'A-004', 'A-005', 'B-003', 'B-004']);
    // The customer's page shows the number the board and the staff see.
    expect(
      await get<PublicTicket>(null, `/api/public/queues/${q.slug}/tickets/${carried.public_id}`),
    ).toMatchObject({ number: 'B-003', service_name: 'Bills', status: 'waiting', people_ahead: 0 });
    const board = await get<BoardState>(null, `/api/public/queues/${q.slug}`);
    expect(board.next.map((n) => n.number)).toEqual(['A-003', 'A-004', 'B-003', 'A-005', 'B-004']);
    // Queued before today's B tickets, it is called first at the B counter.
    expect((await callNext(q.token, windowB.id)).id).toBe(carried.id);
  });
});
