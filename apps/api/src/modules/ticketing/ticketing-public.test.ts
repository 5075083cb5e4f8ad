import type { BoardState, PublicTicket } from '@workhub/shared/schemas/ticketing';
import { describe, expect, it } from 'vitest';
import { bearer, eventually, listenOnLoopback, useTestApp } from '../../test/helpers.ts';
import { newTenant, refreshed } from '../../test/tenants.ts';
import { openBoardStreams } from './board-events.ts';
import { BOARD_HEARTBEAT } from './ticketing-public.routes.ts';
import { act, createCounter, createService } from './ticketing-test-helpers.ts';

const t = useTestApp();
const base = listenOnLoopback(t);

async function queue() {
  const tenant = await newTenant(t, 'ticketing');
  const token = tenant.owner.token;
  const a = await createService(t, token, { name: 'Accounts', prefix: 'A', avg_service_minutes: 5 });
  const b = await createService(t, token, { name: 'Bills', prefix: 'B', avg_service_minutes: 3 });
  const window = await createCounter(t, token, { name: 'Window 1', service_ids: [a.id, b.id] });
  return { ...tenant, token, a, b, window, slug: tenant.workspace.public_slug };
}

const kiosk = (slug: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/public/queues/${slug}/tickets`, payload });
const board = async (slug: string): Promise<BoardState> =>
  (await t.app.inject({ url: `/api/public/queues/${slug}` })).json().data;
const page = async (slug: string, id: string): Promise<PublicTicket> =>
  (await t.app.inject({ url: `/api/public/queues/${slug}/tickets/${id}` })).json().data;

describe('the kiosk', () => {
  it('issues a ticket with its number, the people ahead, the estimate and a public id', async () => {
    const q = await queue();
    const first = await kiosk(q.slug, { service_id: q.a.id });
    expect(first.statusCode, first.body).toBe(201);
    const second = (await kiosk(q.slug, { service_id: q.a.id })).json().data;
    expect(first.json().data).toMatchObject({ number: 'A-001', people_ahead: 0, status: 'waiting' });
    expect(second).toMatchObject({ number: 'A-002', people_ahead: 1, estimated_wait_minutes: 5 });
    expect(second.public_id).toMatch(/^[0-9a-f-]{36}$/);
    // The answer names no record of the workspace, no member, no workspace id.
    expect(JSON.stringify(second)).not.toContain(q.workspace.workspace_id);
    expect(Object.keys(second)).not.toContain('id');
    const priority = (await kiosk(q.slug, { service_id: q.a.id, priority: true })).json().data;
    expect(priority.people_ahead).toBe(0);
  });

  it.each([
    ['a NUL byte', { service_id: '\u0000' }],
    ['a forged service id', { service_id: '00000000-0000-4000-8000-000000000000' }],
    ['a huge number', { service_id: 1e308 }],
    ['no service', {}],
  ])('refuses %s (400)', async (_label, payload) => {
    const q = await queue();
    expect((await kiosk(q.slug, payload)).statusCode).toBe(400);
  });

  it('refuses tickets outside the opening hours (409); staff may still issue', async () => {
    const q = await queue();
    const now = new Date(t.clock.now());
    const weekday = ((now.getUTCDay() + 6) % 7) + 1;
    // Open today only in an hour that is not now.
    const hour = (now.getUTCHours() + 12) % 24;
    const hh = String(hour).padStart(2, '0');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/ticketing/settings',
      headers: bearer(q.token),
      payload: {
        time_zone: 'UTC',
        no_show_after_recalls: 3,
        opening_hours: [{ weekday, opens_at: `${hh}:00`, closes_at: `${hh}:30` }],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const closed = await board(q.slug);
    expect(closed.open_now).toBe(false);
    // The hours a closed kiosk shows, in the queue's time zone.
    expect(closed.opening_hours).toEqual([{ weekday, opens_at: `${hh}:00`, closes_at: `${hh}:30` }]);
    expect((await kiosk(q.slug, { service_id: q.a.id })).statusCode).toBe(409);
    expect((await act(t, q.token, 'tickets', { service_id: q.a.id })).statusCode).toBe(201);
  });

  it('takes 24:00 as a closing time: open until the end of the day, and only as a closing time', async () => {
    // 23:59:30 UTC: the last minute of the day (moved on before any token is made).
    const toMidnight = (86_400_000 - (t.clock.now().getTime() % 86_400_000)) / 1000;
    t.clock.advance(toMidnight < 60 ? toMidnight + 86_400 - 30 : toMidnight - 30);
    const q = await queue();
    const at = new Date(t.clock.now());
    expect(at.getUTCHours()).toBe(23);
    const weekday = ((at.getUTCDay() + 6) % 7) + 1;
    const settings = (opening_hours: object[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/ticketing/settings',
        headers: bearer(q.token),
        payload: { time_zone: 'UTC', no_show_after_recalls: 3, opening_hours },
      });
    const put = await settings([{ weekday, opens_at: '18:00', closes_at: '24:00' }]);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.opening_hours).toEqual([{ weekday, opens_at: '18:00', closes_at: '24:00' }]);
    expect((await board(q.slug)).open_now).toBe(true);
    expect((await kiosk(q.slug, { service_id: q.a.id })).statusCode).toBe(201);
    // A minute later it is the next day, which has no hours: closed.
    t.clock.advance(60);
    expect((await board(q.slug)).open_now).toBe(false);
    expect((await settings([{ weekday, opens_at: '24:00', closes_at: '24:00' }])).statusCode).toBe(400);
    expect((await settings([{ weekday, opens_at: '08:00', closes_at: '24:30' }])).statusCode).toBe(400);
  });
});

describe('the board and the ticket page', () => {
  it('shows the services, each counter’s ticket and the next numbers in call order', async () => {
    const q = await queue();
    const a1 = (await kiosk(q.slug, { service_id: q.a.id })).json().data;
    t.clock.advance(1);
    await kiosk(q.slug, { service_id: q.b.id });
    t.clock.advance(1);
    await kiosk(q.slug, { service_id: q.b.id, priority: true });
    let seen = await board(q.slug);
    expect(seen.workspace_name).toBe(q.workspace.workspace_name);
    expect(seen.services.map((s) => [s.prefix, s.waiting])).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
    expect(seen.next.map((n) => n.number)).toEqual(['B-002', 'A-001', 'B-001']);
    expect(seen.counters).toEqual([{ id: q.window.id, name: 'Window 1', ticket: null }]);
    // The one ahead is a Bills ticket (3 min), not an Accounts one (5): the wait is its 3 minutes.
    expect(await page(q.slug, a1.public_id)).toMatchObject({ people_ahead: 1, estimated_wait_minutes: 3 });

    await act(t, q.token, `counters/${q.window.id}/call-next`);
    seen = await board(q.slug);
    expect(seen.counters[0]?.ticket).toMatchObject({ number: 'B-002', status: 'called', recall_count: 0 });
    expect(seen.next.map((n) => n.number)).toEqual(['A-001', 'B-001']);
    expect(await page(q.slug, a1.public_id)).toMatchObject({ status: 'waiting', people_ahead: 0 });
  });

  it('says whether an active counter serves the ticket’s service: on the kiosk’s and the desk’s answers, the ticket page and the board', async () => {
    const q = await queue();
    // Cards: no counter has it.
    const cards = await createService(t, q.token, { name: 'Cards', prefix: 'C', avg_service_minutes: 4 });
    const ofCards = (await kiosk(q.slug, { service_id: cards.id })).json().data;
    expect(ofCards).toMatchObject({ number: 'C-001', status: 'waiting', counter_open: false });
    expect(await page(q.slug, ofCards.public_id)).toMatchObject({ counter_open: false });
    const atDesk = await act(t, q.token, 'tickets', { service_id: cards.id });
    expect(atDesk.statusCode, atDesk.body).toBe(201);
    expect(atDesk.json().data).toMatchObject({ number: 'C-002', counter_open: false });
    const ofAccounts = (await kiosk(q.slug, { service_id: q.a.id })).json().data;
    expect(ofAccounts).toMatchObject({ counter_open: true });
    expect((await board(q.slug)).services.map((s) => [s.prefix, s.counter_open])).toEqual([
      ['A', true],
      ['B', true],
      ['C', false],
    ]);

    // The counter stops serving Bills: the board's version moves with it (its events send it).
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/ticketing/counters/${q.window.id}`,
        headers: bearer(q.token),
        payload: { name: 'Window 1', ...payload },
      });
    const before = await board(q.slug);
    expect((await patch({ service_ids: [q.a.id] })).statusCode).toBe(200);
    const after = await board(q.slug);
    expect(after.services.map((s) => s.counter_open)).toEqual([true, false, false]);
    expect(after.version).not.toBe(before.version);

    // The only counter serving Accounts closes: its tickets keep their place, unserved.
    const closed = await patch({ service_ids: [q.a.id], status: 'inactive' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await page(q.slug, ofAccounts.public_id)).toMatchObject({
      status: 'waiting',
      counter_open: false,
    });
    expect((await board(q.slug)).services.every((s) => !s.counter_open)).toBe(true);
  });

  it('shows a called ticket’s counter on its page', async () => {
    const q = await queue();
    const mine = (await kiosk(q.slug, { service_id: q.a.id })).json().data;
    await act(t, q.token, `counters/${q.window.id}/call-next`);
    expect(await page(q.slug, mine.public_id)).toMatchObject({
      status: 'called',
      counter_name: 'Window 1',
      people_ahead: 0,
    });
  });

  it('says on a transferred ticket’s page the number it was issued with: the first one, through a second transfer', async () => {
    const q = await queue();
    const cards = await createService(t, q.token, { name: 'Cards', prefix: 'C', avg_service_minutes: 4 });
    const mine = (await kiosk(q.slug, { service_id: q.a.id })).json().data;
    t.clock.advance(1);
    const theirs = (await kiosk(q.slug, { service_id: q.b.id })).json().data;
    expect(await page(q.slug, mine.public_id)).toMatchObject({ number: 'A-001', transferred_from: null });
    const called = await act(t, q.token, `counters/${q.window.id}/call-next`);
    expect(called.json().data).toMatchObject({ number: 'A-001' });
    const id = called.json().data.id;

    expect((await act(t, q.token, `tickets/${id}/transfer`, { service_id: q.b.id })).statusCode).toBe(200);
    const moved = await page(q.slug, mine.public_id);
    expect(moved).toMatchObject({ number: 'B-002', service_name: 'Bills', transferred_from: 'A-001' });
    // Its own numbers only: nothing of another ticket, of the services' ids, or of who moved it.
    expect(Object.keys(moved).sort()).toEqual([
      'counter_name',
      'counter_open',
      'estimated_wait_minutes',
      'number',
      'people_ahead',
      'priority',
      'public_id',
      'queued_at',
      'service_name',
      'status',
      'transferred_from',
    ]);
    expect(await page(q.slug, theirs.public_id)).toMatchObject({ number: 'B-001', transferred_from: null });

    // Moved on again: the customer still holds A-001.
    expect((await act(t, q.token, `tickets/${id}/transfer`, { service_id: cards.id })).statusCode).toBe(200);
    expect(await page(q.slug, mine.public_id)).toMatchObject({
      number: 'C-001',
      service_name: 'Cards',
      transferred_from: 'A-001',
    });
  });

  it('says no transfer when one sends the ticket back to its first service under the same number (a later day)', async () => {
    const q = await queue();
    const mine = (await kiosk(q.slug, { service_id: q.a.id })).json().data;
    const id = (await act(t, q.token, `counters/${q.window.id}/call-next`)).json().data.id;
    expect((await act(t, q.token, `tickets/${id}/transfer`, { service_id: q.b.id })).statusCode).toBe(200);
    t.clock.advance(86_400);
    const { token } = await refreshed(t, q.owner);
    // A new day with no A ticket live: A-001 again.
    expect((await act(t, token, `tickets/${id}/transfer`, { service_id: q.a.id })).statusCode).toBe(200);
    expect(await page(q.slug, mine.public_id)).toMatchObject({ number: 'A-001', transferred_from: null });
  });

  it('answers 404 for an unknown public id and 400 for a malformed one', async () => {
    const q = await queue();
    const unknown = await t.app.inject({
      url: `/api/public/queues/${q.slug}/tickets/00000000-0000-4000-8000-000000000000`,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: `/api/public/queues/${q.slug}/tickets/abc%00` });
    expect(malformed.statusCode).toBe(400);
  });
});

/**
 * Reads server-sent events from `url` until aborted; each `board` event goes to `onBoard`, the
 * name of every event (board, ping) to `onEvent`.
 */
async function listen(
  url: string,
  onBoard: (state: BoardState) => void,
  signal: AbortSignal,
  onEvent?: (name: string) => void,
) {
  const response = await fetch(url, { signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const data = lines.find((line) => line.startsWith('data: '));
          const name = lines.find((line) => line.startsWith('event: '))?.slice(7);
          if (name) onEvent?.(name);
          if (name === 'board' && data) onBoard(JSON.parse(data.slice(6)));
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
}

describe('the board’s events', () => {
  it('sends the board at once, then within 2 s of a new ticket and of a call; ends when the client goes', async () => {
    const q = await queue();
    const states: BoardState[] = [];
    const before = openBoardStreams();
    const controller = new AbortController();
    await listen(`${base()}/api/public/queues/${q.slug}/events`, (s) => states.push(s), controller.signal);
    expect(await eventually(() => states.length === 1, 2000)).toBe(true);
    expect(states[0]?.next).toEqual([]);
    expect(openBoardStreams()).toBe(before + 1);

    await kiosk(q.slug, { service_id: q.a.id });
    let started = Date.now();
    expect(await eventually(() => states.some((s) => s.next.some((n) => n.number === 'A-001')), 2000)).toBe(
      true,
    );
    expect(Date.now() - started).toBeLessThan(2000);

    await act(t, q.token, `counters/${q.window.id}/call-next`);
    started = Date.now();
    const called = () => states.some((s) => s.counters[0]?.ticket?.number === 'A-001');
    expect(await eventually(called, 2000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);

    controller.abort();
    expect(await eventually(() => openBoardStreams() === before, 2000)).toBe(true);
  });

  it('sends the board within 2 s of a service or counter renamed, and of a counter deactivated', async () => {
    const q = await queue();
    const states: BoardState[] = [];
    const controller = new AbortController();
    await listen(`${base()}/api/public/queues/${q.slug}/events`, (s) => states.push(s), controller.signal);
    expect(await eventually(() => states.length === 1, 2000)).toBe(true);
    const patch = (url: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url, headers: bearer(q.token), payload });

    // No ticket changes here: only the records do, with the clock standing still.
    let started = Date.now();
    const renamed = await patch(`/api/ticketing/counters/${q.window.id}`, {
      name: 'Window One',
      service_ids: [q.a.id, q.b.id],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await eventually(() => states.some((s) => s.counters[0]?.name === 'Window One'), 2000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);

    started = Date.now();
    await patch(`/api/ticketing/services/${q.a.id}`, {
      name: 'Accounts and cards',
      prefix: 'A',
      avg_service_minutes: 5,
    });
    expect(
      await eventually(
        () => states.some((s) => s.services.some((x) => x.name === 'Accounts and cards')),
        2000,
      ),
    ).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);

    await patch(`/api/ticketing/counters/${q.window.id}`, {
      name: 'Window One',
      service_ids: [q.a.id],
      status: 'inactive',
    });
    expect(await eventually(() => states.at(-1)?.counters.length === 0, 2000)).toBe(true);
    controller.abort();
  });

  it('sends a ping event while nothing changes, which a page can see (a comment it cannot)', async () => {
    const q = await queue();
    const saved = BOARD_HEARTBEAT.ms;
    BOARD_HEARTBEAT.ms = 50;
    const names: string[] = [];
    const controller = new AbortController();
    try {
      await listen(
        `${base()}/api/public/queues/${q.slug}/events`,
        () => {},
        controller.signal,
        (n) => names.push(n),
      );
      // Nothing changes: the board once, then pings, so a page that hears nothing knows the line is dead.
      expect(await eventually(() => names.filter((n) => n === 'ping').length >= 2, 2000)).toBe(true);
      expect(names[0]).toBe('board');
      expect(names.filter((n) => n === 'board')).toHaveLength(1);
    } finally {
      controller.abort();
      BOARD_HEARTBEAT.ms = saved;
    }
  });

  it('holds no database connection per stream: many streams, and the API still answers', async () => {
    const q = await queue();
    const controllers = Array.from({ length: 8 }, () => new AbortController());
    const firsts = new Set<number>();
    await Promise.all(
      controllers.map((c, i) =>
        listen(`${base()}/api/public/queues/${q.slug}/events`, () => firsts.add(i), c.signal),
      ),
    );
    expect(await eventually(() => firsts.size === 8, 3000)).toBe(true);
    const answer = await kiosk(q.slug, { service_id: q.a.id });
    expect(answer.statusCode).toBe(201);
    expect(
      (await t.app.inject({ url: '/api/ticketing/services', headers: bearer(q.token) })).statusCode,
    ).toBe(200);
    for (const c of controllers) c.abort();
    expect(await eventually(() => openBoardStreams() === 0, 2000)).toBe(true);
  });
});
