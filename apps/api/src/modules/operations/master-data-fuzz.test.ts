import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, privateTestDb, tableChecksums, tableNames } from '../../fuzz/db-checksum.ts';
import { bodyOf, type FilePart } from '../../fuzz/fuzz-bodies.ts';
import { type OpenApiDocument, requestTo, routesOf, urlOf } from '../../fuzz/openapi-requests.ts';
import { bearer, reportServerErrors, type TestApp, testApp } from '../../test/helpers.ts';
import { addBomLine, createNamed, createProduct } from '../../test/master-data.ts';
import { memberIn, newTenant } from '../../test/tenants.ts';

/*
 * The app-wide fuzz (fuzz/openapi-fuzz.test.ts) acts in a workspace without operations, where the
 * module's gate answers every route 404 before its input is read. This one acts in MRP workspaces,
 * so generated and hostile input reaches the master data's handlers: never a 5xx, and a refused
 * request (4xx) changes no row.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 600);
const MINE = /^\/api\/(catalogs|uoms|products|bom-lines)(\/|$)/;

/** A small PDF under the `file` field, as the multipart body of the master data's routes. */
const PDF_PART: FilePart = {
  field: 'file',
  filename: 'a.pdf',
  contentType: 'application/pdf',
  bytes: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'),
  cutAt: 10,
};

describe('the operations master data under generated and hostile input', () => {
  const t = {} as TestApp;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const own = await privateTestDb();
    drop = own.drop;
    Object.assign(t, await testApp(own.db, { RATE_LIMIT_PER_IP: '1000000' }));
  });
  reportServerErrors(() => t);
  afterAll(async () => {
    await t.app?.close();
    await drop();
  });

  it('never answers 5xx, and a 4xx changes no row', { timeout: 60_000 + RUNS * 100 }, async () => {
    const tenants = [];
    for (let i = 0; i < 2; i++) {
      const tenant = await newTenant(t, 'mrp');
      const token = tenant.owner.token;
      const catalog = await createNamed(t, token, 'catalogs');
      const uom = await createNamed(t, token, 'uoms');
      const parent = await createProduct(t, token, { procurement_type: 'make', catalog_id: catalog.id });
      const component = await createProduct(t, token, { uom_id: uom.id });
      const line = await addBomLine(t, token, parent.id, component.id);
      tenants.push({
        token,
        ids: [catalog.id, uom.id, parent.id, component.id, line.id, tenant.workspace.workspace_id],
      });
    }
    const [mine, theirs] = tenants;
    if (!mine || !theirs) throw new Error('no tenants');
    const worker = await memberIn(t, (await newTenant(t, 'mrp')).workspace, 'worker');
    const callers = [
      { name: 'owner', headers: bearer(mine.token) },
      { name: 'worker', headers: bearer(worker.token) },
    ];

    const routes = routesOf(t.app.swagger() as OpenApiDocument).filter((route) => MINE.test(route.path));
    expect(routes.length).toBeGreaterThanOrEqual(26);
    const ids = { own: mine.ids, foreign: theirs.ids };
    const tables = await tableNames(t.db);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let before = await tableChecksums(t.db, tables);

    await fc.assert(
      fc.asyncProperty(
        fc.record({
          caller: fc.oneof(
            { weight: 4, arbitrary: fc.constant(callers[0]) },
            { weight: 1, arbitrary: fc.constant(callers[1]) },
          ),
          request: fc.constantFrom(...routes).chain((route) => requestTo(route, ids)),
        }),
        async ({ caller, request }) => {
          if (!caller) return;
          const url = urlOf(request);
          const { headers, payload } = bodyOf(request, PDF_PART);
          const response = await t.app.inject({
            method: request.route.method,
            url,
            headers: { ...caller.headers, ...headers },
            ...(payload === undefined ? {} : { payload }),
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const after = await tableChecksums(t.db, tables);
          const what = `${caller.name} ${request.route.method} ${url.slice(0, 160)} ${JSON.stringify(request.body).slice(0, 300)}`;
          if (response.statusCode >= 500)
            failures.push(`${response.statusCode} ${what} -> ${response.body.slice(0, 200)}`);
          else if (response.statusCode >= 400) {
            const changed = changedTables(before, after);
            if (changed.length > 0)
              failures.push(`${response.statusCode} changed ${changed.join(',')}: ${what}`);
          }
          before = after;
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    console.warn(`master data fuzz: seed ${SEED}, ${RUNS} requests; statuses { ${histogram.join(', ')} }`);
    // The input reaches the handlers: some requests succeed, not only the gate and the schemas answer.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(failures.slice(0, 25)).toEqual([]);
  });
});
