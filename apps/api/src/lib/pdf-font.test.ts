import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cmapSubtables,
  FontFormatError,
  parseTrueType,
  readCmapFormat4,
  readCmapFormat12,
  shippedFont,
} from './pdf-font.ts';

const file = readFileSync(new URL('../../assets/fonts/DejaVuSans.ttf', import.meta.url));

/** The table directory of an sfnt file: tag -> [checksum, offset, length]. */
function directory(data: Buffer): Map<string, [number, number, number]> {
  const tables = new Map<string, [number, number, number]>();
  for (let i = 0; i < data.readUInt16BE(4); i++) {
    const at = 12 + i * 16;
    tables.set(data.toString('latin1', at, at + 4), [
      data.readUInt32BE(at + 4),
      data.readUInt32BE(at + 8),
      data.readUInt32BE(at + 12),
    ]);
  }
  return tables;
}

function sum(data: Buffer): number {
  let total = 0;
  for (let at = 0; at < data.length; at += 4) {
    const word = Buffer.alloc(4);
    data.copy(word, 0, at, Math.min(at + 4, data.length));
    total = (total + word.readUInt32BE(0)) >>> 0;
  }
  return total;
}

describe('TrueType reading and subsetting (lib/pdf-font.ts)', () => {
  it("reads DejaVu Sans's cmap formats 4 and 12 to the same glyphs for the BMP", () => {
    const tables = cmapSubtables(file);
    const f4 = tables.find(([p, e, format]) => p === 3 && e === 1 && format === 4);
    const f12 = tables.find(([p, e, format]) => p === 3 && e === 10 && format === 12);
    if (!f4 || !f12) throw new Error('DejaVu Sans has (3,1) format 4 and (3,10) format 12');
    const bmp = readCmapFormat4(file, f4[3]);
    const all = readCmapFormat12(file, f12[3]);
    expect(bmp.size).toBeGreaterThan(3000);
    for (const [code, glyph] of bmp) expect(all.get(code), code.toString(16)).toBe(glyph);
    const font = parseTrueType(file);
    for (const ch of 'AΖЖՀ')
      expect(font.glyphId(ch.codePointAt(0) ?? 0)).toBe(bmp.get(ch.codePointAt(0) ?? 0));
    expect(font.glyphId(0x6771)).toBe(0); // 東: not in DejaVu Sans
    expect(font.advance(font.glyphId(0x20))).toBe(651); // the space, in 2048ths of an em
  });

  it('writes a subset with valid table checksums, the same outlines and its own cmap', () => {
    const font = parseTrueType(file);
    const codes = [...'Ζωή Ǻ ễ'].map((c) => c.codePointAt(0) ?? 0);
    const { data, glyphIds } = font.subset(
      codes.map((c) => font.glyphId(c)),
      new Map(codes.map((c) => [c, font.glyphId(c)])),
    );
    const tables = directory(data);
    expect([...tables.keys()].sort()).toEqual(
      [
        'OS/2',
        'cmap',
        'cvt ',
        'fpgm',
        'gasp',
        'glyf',
        'head',
        'hhea',
        'hmtx',
        'loca',
        'maxp',
        'name',
        'post',
        'prep',
      ].sort(),
    );
    for (const [name, [checksum, offset, length]] of tables) {
      expect(offset % 4, name).toBe(0);
      const body = Buffer.from(data.subarray(offset, offset + length));
      if (name === 'head') body.writeUInt32BE(0, 8);
      expect(sum(body), name).toBe(checksum);
    }
    expect(sum(data)).toBe(0xb1b0afba); // head's checkSumAdjustment makes the whole file add up
    const subset = parseTrueType(data);
    expect(subset.numGlyphs).toBe(glyphIds.size);
    for (const code of codes) {
      const glyph = subset.glyphId(code);
      expect(glyph).toBe(glyphIds.get(font.glyphId(code)));
      expect(subset.advance(glyph)).toBe(font.advance(font.glyphId(code)));
    }
    expect(subset.postScriptName).toBe('DejaVuSans');
    expect(subset.unitsPerEm).toBe(font.unitsPerEm);
  });

  it('refuses what is not a TrueType font, with a FontFormatError', () => {
    expect(() => parseTrueType(Buffer.from('not a font at all'))).toThrow(FontFormatError);
    expect(() => parseTrueType(file.subarray(0, 400))).toThrow(FontFormatError);
    const otf = Buffer.from(file);
    otf.write('OTTO', 0, 'latin1');
    expect(() => parseTrueType(otf)).toThrow(/not a TrueType font/);
  });

  it('reads a shipped font once and keeps it', () => {
    const first = shippedFont('DejaVuSans-Bold.ttf');
    expect(shippedFont('DejaVuSans-Bold.ttf')).toBe(first);
    expect(first.bold).toBe(true);
    expect(first.postScriptName).toBe('DejaVuSans-Bold');
    expect(() => shippedFont('Missing.ttf')).toThrow(/not found/);
  });
});
