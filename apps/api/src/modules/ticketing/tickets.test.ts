import { TICKET_LIST_COUNT_MAX, type Ticket, ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, errorOf, useTestApp } from '../../test/helpers.ts';
import { memberIn, newTenant, refreshed } from '../../test/tenants.ts';
import { act, createCounter, createService, takeTicket } from './ticketing-test-helpers.ts';

const t = useTestApp();

async function desk() {
  const tenant = await newTenant(t, 'ticketing');
  const token = tenant.owner.token;
  const a = await createService(t, token, { name: 'Accounts', prefix: 'A', avg_service_minutes: 6 });
  const b = await createService(t, token, { name: 'Bills', prefix: 'B', avg_service_minutes: 4 });
  const both = await createCounter(t, token, { name: 'Window 1', service_ids: [a.id, b.id] });
  return { ...tenant, token, a, b, both };
}

const callNext = async (token: string, counterId: string): Promise<Ticket> => {
  const response = await act(t, token, `counters/${counterId}/call-next`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('issuing tickets', () => {
  it('numbers tickets per service and day (A-001, A-002, B-001) and says how many the counters call first', async () => {
    const { token, a, b } = await desk();
    const first = await takeTicket(t, token, a.id);
    t.clock.advance(1);
    const second = await takeTicket(t, token, a.id);
    t.clock.advance(1);
    const other = await takeTicket(t, token, b.id);
    expect([first.number, second.number, other.number]).toEqual(['A-001', 'A-002', 'B-001']);
    // The one counter serves both services: B-001 waits behind the two A tickets.
    expect([first.people_ahead, second.people_ahead, other.people_ahead]).toEqual([0, 1, 2]);
    expect(second.estimated_wait_minutes).toBe(6);
    expect(first).toMatchObject({ status: 'waiting', source: 'staff', priority: false, recall_count: 0 });
  });

  it('starts again at 001 on the next workspace-local day (when no ticket of an earlier day is live)', async () => {
    const { token, a, both, owner } = await desk();
    const ticket = await takeTicket(t, token, a.id);
    expect((await callNext(token, both.id)).id).toBe(ticket.id);
    expect((await act(t, token, `tickets/${ticket.id}/start`)).statusCode).toBe(200);
    expect((await act(t, token, `tickets/${ticket.id}/done`)).statusCode).toBe(200);
    t.clock.advance(24 * 3600);
    // The access token ran out meanwhile: a new one from the refresh cookie.
    const next = await refreshed(t, owner);
    expect((await takeTicket(t, next.token, a.id)).number).toBe('A-001');
  });

  it.each([
    ['a forged service id', { service_id: '00000000-0000-4000-8000-000000000000' }],
    ['a malformed id', { service_id: 'A' }],
    ['a NUL byte', { service_id: '\u0000' }],
    ['a non-boolean priority', { priority: 'yes' }],
  ])('refuses %s (400)', async (_label, body) => {
    const { token, a } = await desk();
    const response = await act(t, token, 'tickets', { service_id: a.id, ...body });
    expect(response.statusCode, response.body).toBe(400);
  });

  it("refuses another workspace's service (400) and an inactive one (409)", async () => {
    const ours = await desk();
    const theirs = await desk();
    expect((await act(t, ours.token, 'tickets', { service_id: theirs.a.id })).statusCode).toBe(400);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/ticketing/services/${ours.b.id}`,
      headers: bearer(ours.token),
      payload: { name: 'Bills', prefix: 'B', avg_service_minutes: 4, status: 'inactive' },
    });
    expect((await act(t, ours.token, 'tickets', { service_id: ours.b.id })).statusCode).toBe(409);
  });
});

describe('calling the next ticket', () => {
  it('calls priority tickets of its services first, then the oldest', async () => {
    const { token, a, b, both } = await desk();
    const a1 = await takeTicket(t, token, a.id);
    t.clock.advance(60);
    const b1 = await takeTicket(t, token, b.id);
    t.clock.advance(60);
    const vip = await takeTicket(t, token, b.id, true);
    const called: string[] = [];
    for (const _ of [a1, b1, vip]) {
      const ticket = await callNext(token, both.id);
      called.push(ticket.number);
      await act(t, token, `tickets/${ticket.id}/start`);
      await act(t, token, `tickets/${ticket.id}/done`);
    }
    expect(called).toEqual([vip.number, a1.number, b1.number]);
    const empty = await act(t, token, `counters/${both.id}/call-next`);
    expect(empty.statusCode).toBe(409);
    expect(errorOf(empty).error.message).toMatch(/Nobody is waiting/);
  });

  it('calls only the services of the counter, and never while it has a ticket in hand', async () => {
    const { token, a, b } = await desk();
    const onlyB = await createCounter(t, token, { name: 'Window B', service_ids: [b.id] });
    await takeTicket(t, token, a.id);
    expect((await act(t, token, `counters/${onlyB.id}/call-next`)).statusCode).toBe(409);
    const b1 = await takeTicket(t, token, b.id);
    await takeTicket(t, token, b.id);
    const called = await callNext(token, onlyB.id);
    expect(called).toMatchObject({
      id: b1.id,
      status: 'called',
      counter_id: onlyB.id,
      counter_name: 'Window B',
    });
    const busy = await act(t, token, `counters/${onlyB.id}/call-next`);
    expect(busy.statusCode).toBe(409);
    expect(errorOf(busy).error.message).toMatch(/finish it first/);
  });

  it('refuses to deactivate a counter while it holds a called or served ticket (409); frees it after', async () => {
    const { token, a, both } = await desk();
    const deactivate = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/ticketing/counters/${both.id}`,
        headers: bearer(token),
        payload: { name: 'Window 1', service_ids: [a.id], operator_user_id: null, status: 'inactive' },
      });
    const ticket = await takeTicket(t, token, a.id);
    await callNext(token, both.id);
    for (const step of [null, 'start']) {
      if (step) await act(t, token, `tickets/${ticket.id}/${step}`);
      const refused = await deactivate();
      expect(refused.statusCode, refused.body).toBe(409);
      expect(errorOf(refused).error.message).toBe(
        'Window 1 has a ticket called or being served: finish or transfer it first',
      );
    }
    const counters = await t.app.inject({ url: '/api/ticketing/counters', headers: bearer(token) });
    expect(counters.json().data).toMatchObject([{ id: both.id, status: 'active' }]);
    await act(t, token, `tickets/${ticket.id}/done`);
    const done = await deactivate();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'inactive' });
  });

  it("answers 404 for another workspace's counter and a forged one, 400 for a malformed id", async () => {
    const ours = await desk();
    const theirs = await desk();
    expect((await act(t, ours.token, `counters/${theirs.both.id}/call-next`)).statusCode).toBe(404);
    expect(
      (await act(t, ours.token, 'counters/00000000-0000-4000-8000-000000000000/call-next')).statusCode,
    ).toBe(404);
    expect((await act(t, ours.token, 'counters/1/call-next')).statusCode).toBe(400);
  });
});

describe("a ticket's steps", () => {
  it('called → recall → start → done, with the times stamped', async () => {
    const { token, a, both } = await desk();
    await takeTicket(t, token, a.id);
    const called = await callNext(token, both.id);
    const recalled = (await act(t, token, `tickets/${called.id}/recall`)).json().data;
    expect(recalled.recall_count).toBe(1);
    const started = await act(t, token, `tickets/${called.id}/start`);
    expect(started.json().data).toMatchObject({ status: 'serving' });
    expect(started.json().data.started_at).not.toBeNull();
    const done = await act(t, token, `tickets/${called.id}/done`);
    expect(done.json().data).toMatchObject({ status: 'done' });
    expect(done.json().data.finished_at).not.toBeNull();
  });

  it('refuses illegal steps with 409 and a clear message', async () => {
    const { token, a } = await desk();
    const waiting = await takeTicket(t, token, a.id);
    const start = await act(t, token, `tickets/${waiting.id}/start`);
    expect(start.statusCode).toBe(409);
    expect(errorOf(start).error.message).toBe('Cannot start a ticket that is waiting');
    expect((await act(t, token, `tickets/${waiting.id}/done`)).statusCode).toBe(409);
    expect((await act(t, token, `tickets/${waiting.id}/recall`)).statusCode).toBe(409);
  });

  it('allows no-show only after the settings’ number of recalls (default 3)', async () => {
    const { token, a, both } = await desk();
    await takeTicket(t, token, a.id);
    const called = await callNext(token, both.id);
    for (let i = 0; i < 3; i++) {
      const early = await act(t, token, `tickets/${called.id}/no-show`);
      expect(early.statusCode).toBe(409);
      expect(errorOf(early).error.message).toBe(
        `A ticket may be marked no-show after 3 recalls; this one was ${['not recalled yet', 'recalled once', 'recalled 2 times'][i]}`,
      );
      await act(t, token, `tickets/${called.id}/recall`);
    }
    const noShow = await act(t, token, `tickets/${called.id}/no-show`);
    expect(noShow.statusCode, noShow.body).toBe(200);
    expect(noShow.json().data.status).toBe('no_show');
    // The counter is free again.
    expect((await act(t, token, `counters/${both.id}/call-next`)).statusCode).toBe(409);
  });

  it('transfers to another service with its next number, keeping the original waiting time', async () => {
    const { token, a, b, both } = await desk();
    const early = await takeTicket(t, token, a.id);
    t.clock.advance(120);
    const laterB = await takeTicket(t, token, b.id);
    const onlyB = await createCounter(t, token, { name: 'Window B', service_ids: [b.id] });
    const called = await callNext(token, both.id);
    expect(called.id).toBe(early.id);
    const moved = await act(t, token, `tickets/${early.id}/transfer`, { service_id: b.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      number: 'B-002',
      status: 'waiting',
      counter_id: null,
      queued_at: early.queued_at,
    });
    // Queued before B-001, it is called first at the B counter.
    expect((await callNext(token, onlyB.id)).id).toBe(early.id);
    expect(laterB.number).toBe('B-001');
    const same = await act(t, token, `tickets/${early.id}/transfer`, { service_id: b.id });
    expect(same.statusCode).toBe(400);
    // Found by the number on the customer's paper as well as by the one it became.
    const search = async (q: string) =>
      (await t.app.inject({ url: `/api/ticketing/tickets?q=${q}`, headers: bearer(token) }))
        .json()
        .data.map((x: Ticket) => x.number);
    expect(await search('A-001')).toEqual(['B-002']);
    expect(await search('a1')).toEqual(['B-002']);
    expect(await search('B-002')).toEqual(['B-002']);
  });

  it('refuses to transfer a finished ticket (409); 404 for another tenant’s ticket', async () => {
    const ours = await desk();
    const theirs = await desk();
    const ticket = await takeTicket(t, ours.token, ours.a.id);
    await callNext(ours.token, ours.both.id);
    await act(t, ours.token, `tickets/${ticket.id}/start`);
    await act(t, ours.token, `tickets/${ticket.id}/done`);
    expect(
      (await act(t, ours.token, `tickets/${ticket.id}/transfer`, { service_id: ours.b.id })).statusCode,
    ).toBe(409);
    for (const step of ['recall', 'start', 'done', 'no-show']) {
      expect((await act(t, theirs.token, `tickets/${ticket.id}/${step}`)).statusCode).toBe(404);
    }
    expect(
      (await act(t, theirs.token, `tickets/${ticket.id}/transfer`, { service_id: theirs.b.id })).statusCode,
    ).toBe(404);
  });
});

describe('the ticket list', () => {
  it('searches by number and filters by status, with paging, and exports CSV', async () => {
    const { token, a, b } = await desk();
    await takeTicket(t, token, a.id);
    await takeTicket(t, token, a.id);
    await takeTicket(t, token, b.id);
    const get = (query: string) =>
      t.app.inject({ url: `/api/ticketing/tickets?${query}`, headers: bearer(token) }).then((r) => r.json());
    expect((await get('q=A-002')).data.map((x: Ticket) => x.number)).toEqual(['A-002']);
    expect((await get('q=bills')).data.map((x: Ticket) => x.number)).toEqual(['B-001']);
    expect((await get('status=waiting&limit=2')).meta).toEqual({ page: 1, limit: 2, total: 3 });
    expect((await get('sort=number')).data.map((x: Ticket) => x.number)).toEqual(['A-001', 'A-002', 'B-001']);
    const bad = await t.app.inject({
      url: '/api/ticketing/tickets?page=99999999999',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
    // A day that does not exist (Date.parse rolls 02-30 over; the database refuses it): 400, not 500.
    for (const url of ['/api/ticketing/tickets', '/api/ticketing/tickets/export']) {
      for (const day of ['2026-02-30', '2026-02-29', '2026-13-01']) {
        const refused = await t.app.inject({ url: `${url}?day=${day}`, headers: bearer(token) });
        expect(refused.statusCode, `${url} ${day}`).toBe(400);
      }
    }
    const csv = await t.app.inject({
      url: '/api/ticketing/tickets/export?sort=number',
      headers: bearer(token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[1]).toMatch(/^A-001,/);
  });

  it(`counts a year's tickets up to ${TICKET_LIST_COUNT_MAX} (capped beyond), a day's exactly`, async () => {
    const { token, a, b, workspace } = await desk();
    // A busy queue's history: TICKET_LIST_COUNT_MAX tickets of service A on one day, 3 of B the next.
    await t.db.db.execute(sql`
      insert into ticketing_tickets (account_id, workspace_id, service_id, service_day, number, status, source, queued_at)
      select ${workspace.account_id}, ${workspace.workspace_id}, case when n > ${TICKET_LIST_COUNT_MAX} then ${b.id}::uuid else ${a.id}::uuid end,
        case when n > ${TICKET_LIST_COUNT_MAX} then '2026-03-02'::date else '2026-03-01'::date end,
        n, 'done', 'kiosk', '2026-03-01T08:00:00Z'::timestamptz + n * interval '1 second'
      from generate_series(1, ${TICKET_LIST_COUNT_MAX + 3}) as n`);
    const meta = (query: string) =>
      t.app
        .inject({ url: `/api/ticketing/tickets?${query}`, headers: bearer(token) })
        .then((r) => r.json().meta);
    expect(await meta('')).toEqual({ page: 1, limit: 14, total: TICKET_LIST_COUNT_MAX, capped: true });
    // A search joins the service: counted the same way.
    expect(await meta(`q=${a.name}`)).toEqual({ page: 1, limit: 14, total: TICKET_LIST_COUNT_MAX });
    expect(await meta('q=Bills')).toEqual({ page: 1, limit: 14, total: 3 });
    expect(await meta('day=2026-03-01')).toEqual({ page: 1, limit: 14, total: TICKET_LIST_COUNT_MAX });
    expect(await meta('day=2026-03-02&status=done')).toEqual({ page: 1, limit: 14, total: 3 });
    expect(await meta('status=done')).toEqual({
      page: 1,
      limit: 14,
      total: TICKET_LIST_COUNT_MAX,
      capped: true,
    });
  });
});

describe("a customer's own tickets", () => {
  it('takes a ticket signed in and sees only their own, with the people ahead', async () => {
    const q = await desk();
    const ada = await memberIn(t, q.workspace, 'customer');
    const bob = await memberIn(t, q.workspace, 'customer');
    await takeTicket(t, q.token, q.a.id); // the desk's
    const mine = await act(t, ada.token, 'my-tickets', { service_id: q.a.id, priority: false });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().data).toMatchObject({ number: 'A-002', source: 'kiosk', people_ahead: 1 });
    await act(t, bob.token, 'my-tickets', { service_id: q.a.id });
    const list = await t.app.inject({ url: '/api/ticketing/my-tickets', headers: bearer(ada.token) });
    expect(list.statusCode).toBe(200);
    expect(
      list.json().data.map((x: { number: string; people_ahead: number }) => [x.number, x.people_ahead]),
    ).toEqual([['A-002', 1]]);
    expect(list.json().meta.total).toBe(1);
    // A customer does not see the desk's tickets.
    expect(
      (await t.app.inject({ url: '/api/ticketing/tickets', headers: bearer(ada.token) })).statusCode,
    ).toBe(403);
  });
});

describe("a customer's one ticket in a service's line", () => {
  it('refuses a second ticket for the same service while the first waits, even when both are sent at once (409)', async () => {
    const q = await desk();
    const ada = await memberIn(t, q.workspace, 'customer');
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => act(t, ada.token, 'my-tickets', { service_id: q.a.id })),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const refused = burst.find((r) => r.statusCode === 409);
    expect(refused?.json().error.message).toBe(ticketingMessages.alreadyInLine('A-001'));
    // Another service's line is another place; the desk is not limited. Taken later: A-001 is
    // called first.
    t.clock.advance(1);
    expect((await act(t, ada.token, 'my-tickets', { service_id: q.b.id })).statusCode).toBe(201);
    await takeTicket(t, q.token, q.a.id);
    // Once called, the customer may queue again.
    expect((await act(t, q.token, `counters/${q.both.id}/call-next`)).statusCode).toBe(200);
    expect((await act(t, ada.token, 'my-tickets', { service_id: q.a.id })).statusCode).toBe(201);
  });
});

describe("a customer's queue (what the web's take-a-ticket form offers)", () => {
  it('lists the active services and the public slug under which the new ticket can be followed', async () => {
    const q = await desk();
    const closed = await createService(t, q.token, { name: 'Closed desk', prefix: 'C', status: 'inactive' });
    const ada = await memberIn(t, q.workspace, 'customer');
    const queue = await t.app.inject({ url: '/api/ticketing/my-queue', headers: bearer(ada.token) });
    expect(queue.statusCode, queue.body).toBe(200);
    const data = queue.json().data;
    expect(data).toMatchObject({ public_slug: q.workspace.public_slug, open_now: true });
    expect(data.services.map((s: { name: string }) => s.name)).toEqual(['Accounts', 'Bills']);
    expect(data.services.map((s: { id: string }) => s.id)).not.toContain(closed.id);
    // The ticket taken signed in is the one the public page at that slug follows.
    const taken = await act(t, ada.token, 'my-tickets', { service_id: q.a.id });
    const followed = await t.app.inject({
      url: `/api/public/queues/${data.public_slug}/tickets/${taken.json().data.public_id}`,
    });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json().data).toMatchObject({ number: 'A-001', people_ahead: 0 });
  });

  it("takes no ticket of an inactive service (409) or another workspace's (400)", async () => {
    const q = await desk();
    const other = await desk();
    const closed = await createService(t, q.token, { name: 'Closed desk', prefix: 'C', status: 'inactive' });
    const ada = await memberIn(t, q.workspace, 'customer');
    expect((await act(t, ada.token, 'my-tickets', { service_id: closed.id })).statusCode).toBe(409);
    expect((await act(t, ada.token, 'my-tickets', { service_id: other.a.id })).statusCode).toBe(400);
  });
});
