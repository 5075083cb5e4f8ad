import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, reportServerErrors, type TestApp, testApp } from '../test/helpers.ts';
import { staffMember } from '../test/staff.ts';
import { createTag } from '../test/tags.ts';
import { createMilestone, createTask, tenantWithWorker } from '../test/work.ts';
import { changedTables, privateTestDb, tableChecksums, tableNames } from './db-checksum.ts';
import { bodyOf } from './fuzz-bodies.ts';
import { type OpenApiDocument, requestTo, routesOf, urlOf } from './openapi-requests.ts';

/** Fixed, so CI replays the same requests; change it only to explore, then fix what it finds. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/** Requests per run: enough to reach every route many times, bounded to stay well under a minute. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);

/**
 * The rows a refusal writes by design: a refused sign-in is recorded in the audit log (the address
 * tried, never the password: auth.service recordSignInFailure). Nothing else a 4xx may change.
 */
const WRITTEN_WHEN_REFUSED: Record<string, string[]> = { 'POST /api/auth/login': ['audit_log'] };

describe('every route of the OpenAPI document, under generated and hostile input', () => {
  const t = {} as TestApp;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const own = await privateTestDb();
    drop = own.drop;
    // The per-IP limit of every route would answer most of the run with 429: lift it here.
    Object.assign(t, await testApp(own.db, { RATE_LIMIT_PER_IP: '1000000' }));
  });
  reportServerErrors(() => t);
  afterAll(async () => {
    await t.app?.close();
    await drop();
  });

  it('never answers 5xx, and a 4xx changes no row', { timeout: 60_000 + RUNS * 60 }, async () => {
    // Two tenants with records of every kind: the fuzzer sends each one's ids as the other.
    const tenants = [];
    for (let i = 0; i < 2; i++) {
      const tenant = await tenantWithWorker(t);
      const milestone = await createMilestone(t, tenant.owner.token, tenant.project.project_id);
      const task = await createTask(t, tenant.owner.token, tenant.toWorker);
      const tag = await createTag(t, tenant.owner.token);
      tenants.push({
        token: tenant.owner.token,
        ids: [
          tenant.workspace.workspace_id,
          tenant.workspace.account_id,
          tenant.ownerId,
          tenant.worker.userId,
          tenant.project.project_id,
          milestone.milestone_id,
          task.task_id,
          tag.id,
        ],
      });
    }
    const [mine, theirs] = tenants;
    if (!mine || !theirs) throw new Error('no tenants');
    const staff = await staffMember(t, 'admin');
    const anonymous = { name: 'anonymous', headers: {} };
    const owner = { name: 'workspace owner', headers: bearer(mine.token) };
    const platformStaff = { name: 'platform staff', headers: bearer(staff.token) };

    const routes = routesOf(t.app.swagger() as OpenApiDocument);
    expect(routes.length).toBeGreaterThan(40);
    const ids = { own: mine.ids, foreign: theirs.ids };
    const tables = await tableNames(t.db);

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const routesHit = new Set<string>();
    let sent = 0;
    let before = await tableChecksums(t.db, tables);

    const arbitrary = fc.record({
      // Signed-in callers get past authentication, where the input reaches the database.
      caller: fc.oneof(
        { weight: 1, arbitrary: fc.constant(anonymous) },
        { weight: 3, arbitrary: fc.constant(owner) },
        { weight: 1, arbitrary: fc.constant(platformStaff) },
      ),
      request: fc.constantFrom(...routes).chain((route) => requestTo(route, ids)),
    });
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ caller, request }) => {
        const url = urlOf(request);
        const { headers, payload } = bodyOf(request);
        const response = await t.app.inject({
          method: request.route.method,
          url,
          headers: { ...caller.headers, ...headers },
          ...(payload === undefined ? {} : { payload }),
        });
        sent += 1;
        routesHit.add(`${request.route.method} ${request.route.path}`);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const after = await tableChecksums(t.db, tables);
        const what = `${caller.name} ${request.route.method} ${url.slice(0, 160)} ${JSON.stringify(request.body).slice(0, 300)}`;
        if (response.statusCode >= 500) failures.push(`${response.statusCode} ${what}`);
        else if (response.statusCode >= 400) {
          const allowed = WRITTEN_WHEN_REFUSED[`${request.route.method} ${request.route.path}`] ?? [];
          const changed = changedTables(before, after).filter((table) => !allowed.includes(table));
          if (changed.length > 0)
            failures.push(`${response.statusCode} changed ${changed.join(',')}: ${what}`);
        }
        before = after;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );

    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    const fiveXx = [...statuses].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0);
    console.warn(
      `fuzz: seed ${SEED}, ${sent} requests over ${routesHit.size}/${routes.length} routes; ` +
        `statuses { ${histogram.join(', ')} }; 5xx seen: ${fiveXx}; refused requests that changed rows: ${
          failures.length - fiveXx
        }`,
    );
    expect(failures.slice(0, 25)).toEqual([]);
  });
});
