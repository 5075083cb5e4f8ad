import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { withTenant } from '../../db/tenant-context.ts';
import { workspaceConditions } from '../../db/tenant-scope.ts';
import { useTestApp } from '../../test/helpers.ts';
import { explainAnalyze, rowsRead } from '../../test/plans.ts';
import { newTenant, type Tenant } from '../../test/tenants.ts';
import { boardVersionQuery, waitingTickets } from './board.service.ts';
import { createCounter, createService } from './ticketing-test-helpers.ts';
import { aboveLiveNumbers, nextWaiting } from './tickets.service.ts';

/*
 * What the queue's reads of its waiting tickets look at now that a ticket still waiting at the
 * queue's midnight stays in line (call-next, the board's next numbers and waiting counts, the
 * board's version): the waiting tickets of every day through the partial index of waiting tickets
 * (ticketing_tickets_queue_idx), not the queue's history; the version, today's tickets and the
 * few still in line or in hand; a ticket's number, the live ones of its service (a day numbers its
 * tickets after an earlier day's still in line). Runs in the api-postgres project only: the plan is
 * the server's.
 */

const DAYS = 10;
const PER_DAY = 500;
/** Waiting: 3 from two days ago, 2 from yesterday, 5 of today. */
const WAITING = [2, 2, 2, 1, 1, 0, 0, 0, 0, 0];

describe("a busy queue's waiting tickets, earlier days' included", () => {
  const t = useTestApp();
  let tenant: Tenant;
  let counterId = '';
  let serviceA = '';
  let today = '';
  let oldest = '';

  beforeAll(async () => {
    tenant = await newTenant(t, 'ticketing');
    const token = tenant.owner.token;
    const services = [await createService(t, token), await createService(t, token)];
    counterId = (await createCounter(t, token, { service_ids: services.map((s) => s.id) })).id;
    const { account_id, workspace_id } = tenant.workspace;
    const [a, b] = services.map((s) => s.id);
    serviceA = a ?? '';
    // Ten days of a queue, 500 finished tickets a day over two services...
    await t.db.db.execute(sql`
      insert into ticketing_tickets (account_id, workspace_id, service_id, service_day, number, status, source, queued_at)
      select ${account_id}, ${workspace_id}, case when n % 2 = 0 then ${a}::uuid else ${b}::uuid end,
        current_date - (n / ${PER_DAY}), n % ${PER_DAY} + 1, 'done', 'kiosk',
        now() - (n / ${PER_DAY}) * interval '1 day' - (n % ${PER_DAY}) * interval '1 minute'
      from generate_series(0, ${DAYS * PER_DAY - 1}) as n`);
    // ...and the ones still waiting, of today and of the two days before.
    await t.db.db.execute(sql`
      insert into ticketing_tickets (account_id, workspace_id, service_id, service_day, number, status, source, queued_at)
      select ${account_id}, ${workspace_id}, case when i % 2 = 0 then ${a}::uuid else ${b}::uuid end,
        current_date - (${sql.raw(`array[${WAITING.join(',')}]`)})[i], 1000 + i, 'waiting', 'kiosk',
        now() - (${sql.raw(`array[${WAITING.join(',')}]`)})[i] * interval '1 day' + i * interval '1 second'
      from generate_series(1, ${WAITING.length}) as i`);
    // ...and one of yesterday in the counter's hand.
    await t.db.db.execute(sql`
      insert into ticketing_tickets (account_id, workspace_id, service_id, service_day, number, status, source, queued_at, called_at, counter_id)
      values (${account_id}, ${workspace_id}, ${a}, current_date - 1, 2000, 'called', 'kiosk',
        now() - interval '1 day', now(), ${counterId})`);
    await t.db.db.execute(sql`analyze ticketing_tickets`);
    const [row] = rowsOf<{ today: string; oldest: string }>(
      await t.db.db.execute(
        sql`select current_date::text as today, (current_date - ${Math.max(...WAITING)}::int)::text as oldest`,
      ),
    );
    today = String(row?.today);
    oldest = String(row?.oldest);
  });

  async function explain(statement: (db: Db) => { toSQL: () => { sql: string; params: unknown[] } }) {
    const app = await t.db.appDb();
    const { account_id: accountId, workspace_id: workspaceId } = tenant.workspace;
    const { sql: text, params } = statement(app).toSQL();
    const plan = await explainAnalyze(app, { accountId, workspaceId, userId: null }, text, params);
    return { read: rowsRead(plan, 'ticketing_tickets'), plan };
  }

  const scope = () => {
    const { account_id: accountId, workspace_id: workspaceId } = tenant.workspace;
    return { accountId, workspaceId, ...workspaceConditions({ accountId, workspaceId }) };
  };

  it("calls the oldest day's waiting ticket, having read only the waiting", async () => {
    const app = await t.db.appDb();
    const { account_id: accountId, workspace_id: workspaceId } = tenant.workspace;
    const [next] = await withTenant(app, { accountId, workspaceId, userId: null }, async (tx: Db) =>
      rowsOf<{ day: string }>(
        await tx.execute(
          sql`select service_day::text as day from ticketing_tickets where id = (${nextWaiting(tx, scope(), counterId)})`,
        ),
      ),
    );
    expect(next?.day).toBe(oldest);
    expect(oldest).not.toBe(today);
    const { read, plan } = await explain((db) => nextWaiting(db, scope(), counterId));
    expect(read, JSON.stringify(plan)).toBeLessThanOrEqual(WAITING.length + 1);
  });

  it('reads the waiting tickets of every day for the board, and only those', async () => {
    const { read, plan } = await explain((db) => waitingTickets(db, scope()));
    expect(plan['Actual Rows']).toBe(WAITING.length);
    expect(read, JSON.stringify(plan)).toBeLessThanOrEqual(WAITING.length);
  });

  it("reads today's tickets, the earlier days' waiting and the counters' in hand for the board's version", async () => {
    const { read, plan } = await explain((db) => boardVersionQuery(db, scope(), today));
    expect(read, JSON.stringify(plan)).toBeLessThanOrEqual(PER_DAY + 2 * WAITING.length + 1);
  });

  it("numbers a ticket above its service's live ones, having read only the waiting and those in hand", async () => {
    const floor = (db: Db) =>
      new PgDialect().sqlToQuery(sql`select ${aboveLiveNumbers(db, scope(), serviceA)} as next`);
    const app = await t.db.appDb();
    const { account_id: accountId, workspace_id: workspaceId } = tenant.workspace;
    const [row] = await withTenant(app, { accountId, workspaceId, userId: null }, async (tx: Db) =>
      rowsOf<{ next: number }>(
        await tx.execute(sql`select ${aboveLiveNumbers(tx, scope(), serviceA)} as next`),
      ),
    );
    // Service A's highest live number is yesterday's 2000, in the counter's hand.
    expect(Number(row?.next)).toBe(2001);
    const { read, plan } = await explain((db) => ({ toSQL: () => ({ ...floor(db) }) }));
    expect(read, JSON.stringify(plan)).toBeLessThanOrEqual(WAITING.length + 1);
  });
});
