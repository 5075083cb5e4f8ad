import type { TicketingDashboard } from '@workhub/shared/schemas/ticketing';
import { instantAt } from '@workhub/shared/wall-clock';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { newTenant } from '../../test/tenants.ts';
import { ticketingServices, ticketingTickets } from './ticketing.schema.ts';
import { act, createCounter, createService, takeTicket } from './ticketing-test-helpers.ts';

const t = useTestApp();

const dashboardOf = async (token: string): Promise<TicketingDashboard> => {
  const response = await t.app.inject({ url: '/api/ticketing/dashboard', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('the dashboard', () => {
  it('is empty for a new module', async () => {
    const { owner } = await newTenant(t, 'ticketing');
    const figures = await dashboardOf(owner.token);
    expect(figures).toMatchObject({
      empty: true,
      has_sample: false,
      today_by_service: [],
      wait_avg_minutes: null,
      wait_p90_minutes: null,
      no_show_rate: null,
      tickets_30d: 0,
    });
    expect(figures.per_hour).toHaveLength(24);
  });

  it('computes today by service and status, the times, the hours, the counters and the no-show rate', async () => {
    // The test's quarter of an hour stays within one day (UTC, the tenant's zone): run at 23:58 it
    // counted the tickets taken before midnight out of "today". Moved on before any token is made.
    const toMidnight = 86_400_000 - (t.clock.now().getTime() % 86_400_000);
    if (toMidnight < 3_600_000) t.clock.advance(toMidnight / 1000 + 3_600);
    const { owner } = await newTenant(t, 'ticketing');
    const token = owner.token;
    const a = await createService(t, token, { name: 'Accounts', prefix: 'A' });
    const window = await createCounter(t, token, { name: 'Window 1', service_ids: [a.id] });
    const hour = new Date(t.clock.now()).getUTCHours();
    // Two tickets served: waits of 2 and 4 minutes, service times of 3 and 5 minutes.
    for (const [wait, service] of [
      [2, 3],
      [4, 5],
    ] as const) {
      const ticket = await takeTicket(t, token, a.id);
      t.clock.advance(wait * 60);
      await act(t, token, `counters/${window.id}/call-next`);
      await act(t, token, `tickets/${ticket.id}/start`);
      t.clock.advance(service * 60);
      await act(t, token, `tickets/${ticket.id}/done`);
    }
    // One no-show after three recalls (a wait of 0), one still waiting.
    const missed = await takeTicket(t, token, a.id);
    await act(t, token, `counters/${window.id}/call-next`);
    for (let i = 0; i < 3; i++) await act(t, token, `tickets/${missed.id}/recall`);
    await act(t, token, `tickets/${missed.id}/no-show`);
    await takeTicket(t, token, a.id);

    const figures = await dashboardOf(token);
    expect(figures.today_by_service).toEqual([
      {
        service_id: a.id,
        service_name: 'Accounts',
        waiting: 1,
        called: 0,
        serving: 0,
        done: 2,
        no_show: 1,
        total: 4,
      },
    ]);
    expect(figures.wait_avg_minutes).toBe(2); // (2 + 4 + 0) / 3
    expect(figures.wait_p90_minutes).toBe(3.6);
    expect(figures.service_avg_minutes).toBe(4);
    expect(figures.service_p90_minutes).toBe(4.8);
    expect(figures.no_show_rate).toBe(33.3);
    expect(figures.tickets_30d).toBe(4);
    expect(figures.counters).toEqual([{ counter_id: window.id, counter_name: 'Window 1', served: 2 }]);
    expect(figures.per_hour.reduce((sum, h) => sum + h.tickets, 0)).toBe(4);
    expect(figures.per_hour[hour]?.tickets ?? 0).toBeGreaterThan(0);
  });

  it('measures the wait to the first call: a recall ten minutes later moves neither the wait nor called_at', async () => {
    const toMidnight = 86_400_000 - (t.clock.now().getTime() % 86_400_000);
    if (toMidnight < 3_600_000) t.clock.advance(toMidnight / 1000 + 3_600);
    const { owner } = await newTenant(t, 'ticketing');
    const token = owner.token;
    const a = await createService(t, token, { name: 'Accounts', prefix: 'A' });
    const window = await createCounter(t, token, { name: 'Window 1', service_ids: [a.id] });
    const ticket = await takeTicket(t, token, a.id);
    t.clock.advance(30);
    const called = (await act(t, token, `counters/${window.id}/call-next`)).json().data;
    t.clock.advance(10 * 60);
    const recalled = await act(t, token, `tickets/${ticket.id}/recall`);
    expect(recalled.statusCode, recalled.body).toBe(200);
    expect(recalled.json().data).toMatchObject({ recall_count: 1, called_at: called.called_at });

    expect((await dashboardOf(token)).wait_avg_minutes).toBe(0.5);
    const list = await t.app.inject({ url: '/api/ticketing/tickets', headers: bearer(token) });
    expect(list.json().data[0]).toMatchObject({ id: ticket.id, called_at: called.called_at });
    const csv = await t.app.inject({ url: '/api/ticketing/tickets/export', headers: bearer(token) });
    expect(csv.body.split('\n')[1]).toContain(called.called_at);
  });
});

describe('sample data', () => {
  it('loads a month into an empty module, once, and clears exactly the sample rows', async () => {
    const { owner, workspace } = await newTenant(t, 'ticketing');
    const token = owner.token;
    const loaded = await t.app.inject({
      method: 'POST',
      url: '/api/ticketing/sample-data',
      headers: bearer(token),
    });
    expect(loaded.statusCode, loaded.body).toBe(201);
    const counts = loaded.json().data;
    expect(counts).toMatchObject({ services: 3, counters: 3 });
    expect(counts.tickets).toBeGreaterThan(500);
    const figures = await dashboardOf(token);
    expect(figures).toMatchObject({ empty: false, has_sample: true });
    expect(figures.tickets_30d).toBeGreaterThan(500);
    expect(figures.wait_avg_minutes).toBeGreaterThan(0);
    expect(figures.no_show_rate).toBeGreaterThan(0);
    expect(figures.counters.every((c) => c.served > 0)).toBe(true);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/ticketing/sample-data',
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(409);

    // A real ticket of a sample service: it and its service stay.
    const services = (await t.app.inject({ url: '/api/ticketing/services', headers: bearer(token) })).json()
      .data;
    const deposits = services.find((s: { prefix: string }) => s.prefix === 'D');
    const real = await takeTicket(t, token, deposits.id);
    const mine = await createService(t, token, { name: 'Mine', prefix: 'M' });

    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/ticketing/sample-data',
      headers: bearer(token),
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toEqual({ services: 2, counters: 3, tickets: counts.tickets });
    const where = (table: typeof ticketingTickets | typeof ticketingServices) =>
      and(eq(table.accountId, workspace.account_id), eq(table.workspaceId, workspace.workspace_id));
    const left = await t.db.db
      .select({ id: ticketingTickets.id })
      .from(ticketingTickets)
      .where(where(ticketingTickets));
    expect(left.map((row) => row.id)).toEqual([real.id]);
    const [servicesLeft] = await t.db.db
      .select({ n: count() })
      .from(ticketingServices)
      .where(where(ticketingServices));
    expect(servicesLeft?.n).toBe(2);
    expect((await dashboardOf(token)).has_sample).toBe(true); // the kept sample service
    expect(mine.id).toBeTruthy();
  });
});

describe('the sample month', () => {
  it("numbers each service's tickets of a day in the order they were queued, as the kiosk does", async () => {
    const { owner, workspace } = await newTenant(t, 'ticketing');
    const loaded = await t.app.inject({
      method: 'POST',
      url: '/api/ticketing/sample-data',
      headers: bearer(owner.token),
    });
    expect(loaded.statusCode, loaded.body).toBe(201);
    const rows = await t.db.db
      .select({
        service: ticketingTickets.serviceId,
        day: ticketingTickets.serviceDay,
        number: ticketingTickets.number,
        queuedAt: ticketingTickets.queuedAt,
      })
      .from(ticketingTickets)
      .where(
        and(
          eq(ticketingTickets.accountId, workspace.account_id),
          eq(ticketingTickets.workspaceId, workspace.workspace_id),
        ),
      );
    const lines = new Map<string, { number: number; queuedAt: Date }[]>();
    for (const row of rows) {
      const key = `${row.service} ${row.day}`;
      lines.set(key, [...(lines.get(key) ?? []), row]);
    }
    const outOfOrder: string[] = [];
    for (const [key, line] of lines) {
      line.sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime() || a.number - b.number);
      // 1, 2, 3... in the order of arrival: a later arrival never holds a lower number.
      line.forEach((ticket, i) => {
        if (ticket.number !== i + 1) outOfOrder.push(`${key}: #${ticket.number} arrived ${i + 1}th`);
      });
    }
    expect(lines.size).toBeGreaterThan(20);
    expect(outOfOrder.slice(0, 5)).toEqual([]);
  });
});

// The sample month's tickets are queued at the queue's clock-face times (wall-clock.ts's instantAt).
describe('instantAt, as the sample data uses it', () => {
  it('is local midnight plus the minutes in the zone', () => {
    expect(instantAt('2026-11-25', 8 * 60, 'UTC').toISOString()).toBe('2026-11-25T08:00:00.000Z');
    expect(instantAt('2026-11-25', 8 * 60, 'Africa/Nairobi').toISOString()).toBe('2026-11-25T05:00:00.000Z');
    expect(instantAt('2026-07-01', 9 * 60 + 30, 'America/New_York').toISOString()).toBe(
      '2026-07-01T13:30:00.000Z',
    );
  });
});
