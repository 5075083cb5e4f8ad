import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types (the root package's postinstall)
import * as patches from '../../../../scripts/patch-deps.mjs';
import { expectPatchedEverywhere } from '../test/pglite-bundles.ts';

const { patchPgliteUtf8Length } = patches as { patchPgliteUtf8Length: (text: string) => string | null };

// PGlite's UTF-8 length as 0.5.x ships it, minified: the ESM chunk's names and a CommonJS bundle's.
const SHIPPED_ESM =
  'var a=1;function U(e){let t=e.length;for(let n=e.length-1;n>=0;n--){let s=e.charCodeAt(n);s>127&&s<=2047?t++:s>2047&&s<=65535&&(t+=2),s>=56320&&s<=57343&&n--}return t}var b=U;';
const SHIPPED_CJS =
  'function it(e){let t=e.length;for(let r=e.length-1;r>=0;r--){let n=e.charCodeAt(r);n>127&&n<=2047?t++:n>2047&&n<=65535&&(t+=2),n>=56320&&n<=57343&&r--}return t}';
const UNPATCHED = /\.charCodeAt\([\w$]+\);[\w$]+>127&&[\w$]+<=2047\?/;

/** The length function of a bundle's text, run with `buffer` as the global Buffer (undefined: none). */
function lengthOf(text: string, name: string, buffer: unknown): (value: string) => number {
  return new Function('Buffer', `${text}; return ${name};`)(buffer) as (value: string) => number;
}
const written = (value: string) => new TextEncoder().encode(value).length;
/** Any sequence of UTF-16 code units: lone surrogates, pairs, ASCII, two- and three-byte characters. */
const codeUnits = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0x80, max: 0x7ff }),
      fc.integer({ min: 0x800, max: 0xffff }),
      fc.integer({ min: 0xd800, max: 0xdfff }),
    ),
    { maxLength: 40 },
  )
  .map((units) => String.fromCharCode(...units));

describe("PGlite's UTF-8 length, as npm install leaves it (scripts/patch-deps.mjs)", () => {
  it('counted a lone low surrogate after a two-byte character one byte short, as shipped', () => {
    const shipped = lengthOf(SHIPPED_ESM, 'U', undefined);
    expect(shipped('é\udc00')).toBe(4);
    expect(written('é\udc00')).toBe(5);
  });

  it('counts what TextEncoder writes, with Node’s Buffer and without it', () => {
    const esm = patchPgliteUtf8Length(SHIPPED_ESM) ?? '';
    const cjs = patchPgliteUtf8Length(SHIPPED_CJS) ?? '';
    expect(esm).not.toMatch(UNPATCHED);
    expect(cjs).not.toMatch(UNPATCHED);
    expect(patchPgliteUtf8Length(esm)).toBeNull();
    expect(patchPgliteUtf8Length('export const x = 1;')).toBeNull();
    const counts = [
      lengthOf(esm, 'U', Buffer),
      lengthOf(esm, 'U', undefined),
      lengthOf(cjs, 'it', Buffer),
      lengthOf(cjs, 'it', undefined),
    ];
    for (const value of [
      '',
      'abc',
      'é\udc00',
      'é\udc00é\udc00xyz',
      '\ud800',
      '\udc00\ud800',
      '😀',
      'a😀é€',
    ]) {
      for (const count of counts) expect(count(value), JSON.stringify(value)).toBe(written(value));
    }
    fc.assert(
      fc.property(codeUnits, (value) => {
        for (const count of counts) expect(count(value)).toBe(written(value));
      }),
      { numRuns: 500 },
    );
  });

  it('is fixed in every bundle of the installed package', () => {
    expectPatchedEverywhere('workhub: UTF-8 lengths counted', UNPATCHED);
  });

  describe('what PGlite stores', () => {
    let db: PGlite;
    beforeAll(async () => {
      db = await PGlite.create();
      await db.exec('create table notes (body text not null)');
    });
    afterAll(async () => db.close());

    it('keeps a value with lone surrogates whole, as a parameter and in a statement’s text', async () => {
      const value = 'é\udc00é\udc00xyz';
      const inserted = await db.query<{ body: string }>('insert into notes values ($1) returning body', [
        value,
      ]);
      expect(inserted.rows).toEqual([{ body: 'é\ufffdé\ufffdxyz' }]);
      const [literal] = await db.exec(`select '${value}'::text as body, 'after' as tail`);
      expect(literal?.rows).toEqual([{ body: 'é\ufffdé\ufffdxyz', tail: 'after' }]);
    });
  });
});
