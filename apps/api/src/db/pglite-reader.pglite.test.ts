import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types (the root package's postinstall)
import * as patches from '../../../../scripts/patch-deps.mjs';
import { expectPatchedEverywhere } from '../test/pglite-bundles.ts';

const { patchPgliteReader } = patches as { patchPgliteReader: (text: string) => string | null };

// PGlite's protocol reader as 0.5.x ships it, minified: the ESM chunk's names and a CommonJS
// bundle's.
const SHIPPED_ESM =
  'var ue=class{int32(){let t=r(this,x).getInt32(r(this,w),r(this,V));return d(this,w,r(this,w)+4),t}' +
  'string(t){return r(this,le).decode(this.bytes(t))}cstring(){let t=r(this,w),n=t;for(;r(this,x).getUint8(n++)!==0;);' +
  'let s=this.string(n-t-1);return d(this,w,n),s}bytes(t){let n=r(this,x).buffer.slice(r(this,w),r(this,w)+t);' +
  'return d(this,w,r(this,w)+t),new Uint8Array(n)}};';
const SHIPPED_CJS =
  'string(t){return c(this,vr).decode(this.bytes(t))}cstring(){}bytes(t){let r=c(this,he).buffer.slice(c(this,j),c(this,j)+t);' +
  'return y(this,j,c(this,j)+t),new Uint8Array(r)}';
const COPYING = /decode\(this\.bytes\(/;

describe("PGlite's protocol reader, as npm install leaves it (scripts/patch-deps.mjs)", () => {
  it('decodes a field from a view of the reader’s buffer instead of a copy', () => {
    const esm = patchPgliteReader(SHIPPED_ESM);
    expect(esm).toContain(
      'string(t){let n=new Uint8Array(r(this,x).buffer,r(this,w),t);return d(this,w,r(this,w)+t),r(this,le).decode(n)}',
    );
    expect(esm).not.toMatch(COPYING);
    // `bytes` (a binary field, which its caller keeps) still copies.
    expect(esm).toContain('bytes(t){let n=r(this,x).buffer.slice(');
    expect(patchPgliteReader(esm ?? '')).toBeNull();
    const cjs = patchPgliteReader(SHIPPED_CJS);
    expect(cjs).toContain(
      'string(t){let r=new Uint8Array(c(this,he).buffer,c(this,j),t);return y(this,j,c(this,j)+t),c(this,vr).decode(r)}',
    );
    // A file without the reader (most of the package's) is left as it is; a reader whose `bytes`
    // is not the one known stops the install.
    expect(patchPgliteReader('export const x = 1;')).toBeNull();
    expect(() =>
      patchPgliteReader('string(t){return r(this,le).decode(this.bytes(t))}bytes(t){return t}'),
    ).toThrow(/re-check scripts\/patch-deps\.mjs/);
  });

  it('is fixed in every bundle of the installed package that has the reader', () => {
    expectPatchedEverywhere('workhub: fields decoded in place', COPYING);
  });

  describe('what a query reads back', () => {
    let db: PGlite;
    beforeAll(async () => {
      db = await PGlite.create();
    });
    afterAll(async () => db.close());

    it('gives every field its own text: multi-byte, empty, null, long, over many rows', async () => {
      const long = 'ü€𝄞a'.repeat(100_000);
      const { rows } = await db.query<{ i: number; word: string | null; empty: string; long: string }>(
        `select i, case when i % 3 = 0 then null else 'zä' || i || '€' end as word, '' as empty,
           case when i = 2 then $1 else 'x' end as long
         from generate_series(1, 2000) as i`,
        [long],
      );
      expect(rows).toHaveLength(2000);
      expect(rows[0]).toEqual({ i: 1, word: 'zä1€', empty: '', long: 'x' });
      expect(rows[1]?.long).toBe(long);
      expect(rows[2]?.word).toBeNull();
      expect(rows[1999]).toEqual({ i: 2000, word: 'zä2000€', empty: '', long: 'x' });
      // What was read stays as it was once the reader's buffer is reused by later answers.
      await db.query(`select repeat('y', 300000) as filler from generate_series(1, 3)`);
      expect(rows[1]?.long).toBe(long);
      expect(rows.map((row) => row.word).filter((word) => word !== null)).toHaveLength(1334);
    });

    it('reads an error’s fields, multi-byte ones too', async () => {
      await expect(db.query(`select 1 / 0 as "Größe"`)).rejects.toThrow('division by zero');
      await expect(db.exec(`do $$ begin raise exception 'Prüfung € fehlgeschlagen'; end $$`)).rejects.toThrow(
        'Prüfung € fehlgeschlagen',
      );
      expect((await db.query<{ ok: string }>(`select 'wieder ok' as ok`)).rows).toEqual([
        { ok: 'wieder ok' },
      ]);
    });
  });
});
