import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_API_ROUTES } from '../plugins/sign-in-required.ts';
import { openTestDb, type TestApp, testApp } from '../test/helpers.ts';
import { CALLERS, PUBLIC_ROUTES, parseTable } from '../test/matrix.ts';

/*
 * Every route of the app is in a permission matrix, generated from the route table: the app is
 * built with an onRoute hook that lists every route as Fastify registers it (hidden ones, static
 * files and the SPA included), and the list is compared with the rows of the matrix tables
 * (`endpoint | ...` template literals in the *permission-matrix*.test.ts files of modules/ and its folders) and with
 * PUBLIC_ROUTES. A new route that nobody put in a matrix fails here by name, and so does a matrix
 * row or an allow-listed route that no longer exists.
 */

const MODULES = import.meta.dirname;
const MATRIX_FILE = /permission-matrix.*\.test\.ts$/;
/** A table is a template literal whose first line is its header, `endpoint | ...`. */
const TABLE = /`(\s*endpoint\s*\|[^`]*)`/g;

type Table = { file: string; columns: string[]; rows: { route: string; expected: Record<string, number> }[] };

function matrixTables(): Table[] {
  const tables: Table[] = [];
  // A template module keeps its matrix in its own folder (docs/modules.md).
  const files = readdirSync(MODULES, { recursive: true, encoding: 'utf8' });
  for (const file of files.filter((name) => MATRIX_FILE.test(name))) {
    const source = readFileSync(join(MODULES, file), 'utf8');
    for (const [, table = ''] of source.matchAll(TABLE)) {
      const columns = (table.trim().split('\n')[0] ?? '')
        .split('|')
        .slice(1)
        .map((c) => c.trim());
      tables.push({ file, columns, rows: parseTable(table, columns) });
    }
  }
  return tables;
}

/** 'GET /api/x' for each method of each registered route; HEAD only where no GET answers it. */
function routeTable(registered: { method: string; url: string }[]): string[] {
  const all = new Set(registered.map(({ method, url }) => `${method} ${url}`));
  const coveredHead = (url: string) => all.has(`GET ${url}`) || all.has(`GET ${url.replace(/\/$/, '')}`);
  return [...all].filter((route) => {
    const [method, url = ''] = route.split(' ');
    // Fastify answers HEAD for every GET (exposeHeadRoutes): the GET row covers it.
    return !(method === 'HEAD' && coveredHead(url));
  });
}

describe('route coverage of the permission matrices', () => {
  const registered: { method: string; url: string }[] = [];
  let t: TestApp;
  let tables: Table[];

  beforeAll(async () => {
    // A built web app, so that the SPA's routes are registered too.
    const webDist = mkdtempSync(join(tmpdir(), 'workhub-route-coverage-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Workhub</title>');
    t = await testApp(
      await openTestDb(),
      { WEB_DIST: webDist },
      {
        onRoute: (route) => {
          for (const method of [route.method].flat()) registered.push({ method, url: route.url });
        },
      },
    );
    tables = matrixTables();
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.db.close();
  });

  it('finds the matrices and the routes', () => {
    expect(new Set(tables.map((table) => table.file)).size).toBeGreaterThanOrEqual(5);
    expect(registered.length).toBeGreaterThan(50);
  });

  it('puts every route in a matrix or on the public allow-list', () => {
    const listed = new Set([...tables.flatMap((table) => table.rows.map((r) => r.route)), ...PUBLIC_ROUTES]);
    const missing = routeTable(registered).filter((route) => !listed.has(route));
    expect(missing, `routes in no permission matrix: ${missing.join(', ')}`).toEqual([]);
  });

  it('names no route that does not exist, in a matrix or on the allow-list', () => {
    const routes = new Set(routeTable(registered));
    const staleRows = tables.flatMap((table) =>
      table.rows.filter((r) => !routes.has(r.route)).map((r) => `${table.file}: ${r.route}`),
    );
    expect(staleRows, 'matrix rows of no route').toEqual([]);
    const staleAllowed = PUBLIC_ROUTES.filter((route) => !routes.has(route));
    expect(staleAllowed, 'allow-listed routes that no longer exist').toEqual([]);
    expect(new Set(PUBLIC_ROUTES).size, 'a route twice on the allow-list').toBe(PUBLIC_ROUTES.length);
  });

  it('has every role matrix refuse the anonymous caller with 401, but on the public routes', () => {
    const roleTables = tables.filter((table) => table.columns.join() === CALLERS.join());
    expect(roleTables.length).toBeGreaterThanOrEqual(4);
    const open = roleTables.flatMap((table) =>
      table.rows
        .filter((r) => r.expected.anonymous !== 401 && !PUBLIC_ROUTES.includes(r.route))
        .map((r) => `${table.file}: ${r.route} -> ${r.expected.anonymous}`),
    );
    expect(open, 'authenticated routes that let an anonymous caller through').toEqual([]);
  });

  it('answers 401 to an anonymous caller on every route not public, before reading or checking its input', async () => {
    const closed = routeTable(registered).filter(
      (route) =>
        route.split(' ')[1]?.startsWith('/api/') &&
        !PUBLIC_ROUTES.includes(route) &&
        !COOKIE_API_ROUTES.includes(route),
    );
    expect(closed.length).toBeGreaterThan(100);
    const answers: string[] = [];
    for (const route of closed) {
      const [method = 'GET', pattern = ''] = route.split(' ');
      // Ids that are no ids, and a body no schema accepts (invalid JSON for a write).
      const url = pattern.replace(/:[A-Za-z_]+/g, 'not-an-id%00').replace('*', 'x');
      for (const headers of [{}, { authorization: 'Bearer forged.token.value' }]) {
        const response = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...headers, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{"name": ' }),
        });
        if (response.statusCode !== 401) answers.push(`${route} -> ${response.statusCode}`);
      }
    }
    expect(answers, 'routes that answered an anonymous caller with something other than 401').toEqual([]);
  });

  it('has every table either a role matrix or the public one', () => {
    const odd = tables
      .filter((table) => table.columns.join() !== CALLERS.join() && table.columns.join() !== 'anonymous')
      .map((table) => `${table.file}: ${table.columns.join(' | ')}`);
    expect(odd).toEqual([]);
  });
});
