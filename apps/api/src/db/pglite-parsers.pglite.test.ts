import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types (the root package's postinstall)
import * as patches from '../../../../scripts/patch-deps.mjs';
import { expectPatchedEverywhere } from '../test/pglite-bundles.ts';

const { patchPgliteParsers } = patches as { patchPgliteParsers: (text: string) => string | null };

// PGlite's parseResults as 0.5.x ships it, minified (the ESM chunk's names).
const SHIPPED =
  'function hn(e,t,n,s){let i=[],a={rows:[],fields:[]},u=0,m=n?.parsers?{...t,...n.parsers}:t;return e.forEach(p=>{})}';
const COPY = /\?\.parsers\?\{\.\.\.[\w$]+,\.\.\.[\w$]+\.parsers\}:/;

describe("PGlite's result parsers, as npm install leaves them (scripts/patch-deps.mjs)", () => {
  it('looks a query’s parsers up over the instance’s table instead of copying the table', () => {
    const fixed = patchPgliteParsers(SHIPPED);
    expect(fixed).toContain('m=n?.parsers?Object.assign(Object.create(t),n.parsers):t;');
    expect(fixed).not.toMatch(COPY);
    expect(patchPgliteParsers(fixed ?? '')).toBeNull();
    // A file without the copy (most of the package's) is left as it is.
    expect(patchPgliteParsers('export const x = 1;')).toBeNull();
  });

  it('is fixed in every bundle of the installed package', () => {
    expectPatchedEverywhere('workhub: parsers looked up', COPY);
  });

  describe('a query with parsers of its own', () => {
    let db: PGlite;
    beforeAll(async () => {
      db = await PGlite.create();
    });
    afterAll(async () => db.close());
    const text = `select 7::int4 as n, '2026-11-29 10:00:00+00'::timestamptz as at, 1.5::numeric as price,
      array['2026-11-29'::date] as days`;

    it('uses its parsers for their types and the instance’s for the others, and leaves the instance’s alone', async () => {
      const plain = (await db.query<Record<string, unknown>>(text)).rows[0];
      expect(plain?.n).toBe(7);
      expect(plain?.at).toEqual(new Date('2026-11-29T10:00:00Z'));
      const own = await db.query<unknown[]>(text, [], {
        rowMode: 'array',
        parsers: { 1184: (value: string) => `at ${value}`, 1700: (value: string) => Number(value) * 2 },
      });
      expect(own.rows).toEqual([[7, 'at 2026-11-29 10:00:00+00', 3, plain?.days]]);
      // The next query without parsers of its own parses as the instance does.
      expect((await db.query<Record<string, unknown>>(text)).rows[0]).toEqual(plain);
    });
  });
});
