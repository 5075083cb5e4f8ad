/*
 * TrueType fonts for PDFs: reads a .ttf (its character map, advance widths and glyph outlines)
 * and writes a subset of it, only the glyphs a document uses, for a PDF to embed as a FontFile2.
 *
 * Read: the table directory; 'cmap' format 12 (all of Unicode; preferred) or format 4 (the Basic
 * Multilingual Plane); 'hmtx' (advances); 'loca'/'glyf' (outlines, composite glyphs' components);
 * 'head', 'hhea', 'maxp', 'OS/2', 'post' and 'name' for the metrics and name a PDF font descriptor
 * gives. The file must be a TrueType-outline font ('glyf'), not a CFF OpenType (.otf) one.
 *
 * Written: a TrueType file whose glyphs are .notdef, the glyphs asked for and the components of
 * the composite ones among them (rewritten to their new numbers), numbered 0, 1, 2, ... in the
 * original order; 'glyf' and a long 'loca' rebuilt; 'hmtx', 'hhea', 'maxp', 'head' (checksum
 * adjustment) updated; the hinting tables ('cvt ', 'fpgm', 'prep', 'gasp') and 'OS/2' copied as
 * they are (glyph instructions stay, so hinted renderers draw as with the whole font); a 'cmap' of
 * the subset's characters (formats 4 and 12), a 'post' without glyph names (format 3) and a 'name'
 * with the original's copyright, family and version records only. Layout tables (GSUB, GPOS,
 * kern) are left out: a PDF places each glyph itself, so there is no kerning and no shaping.
 */

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Table = { offset: number; length: number };

/** A subset's file and, for each original glyph it holds, its number in the subset. */
export type FontSubset = { data: Buffer; glyphIds: ReadonlyMap<number, number> };

export type TrueTypeFont = {
  postScriptName: string;
  unitsPerEm: number;
  numGlyphs: number;
  /** Font units: [xMin, yMin, xMax, yMax] of every glyph. */
  bbox: readonly [number, number, number, number];
  ascent: number;
  descent: number;
  capHeight: number;
  italicAngle: number;
  bold: boolean;
  /** The glyph a Unicode code point maps to; 0 (.notdef) when the font lacks it. */
  glyphId(codePoint: number): number;
  /** A glyph's advance width, in font units. */
  advance(glyphId: number): number;
  /** The glyphs of a composite glyph (its components, not theirs); [] for a simple one. */
  components(glyphId: number): number[];
  /** A TrueType file with glyph 0, these glyphs and their components; `unicode` gives its cmap. */
  subset(glyphIds: Iterable<number>, unicode?: ReadonlyMap<number, number>): FontSubset;
};

export class FontFormatError extends Error {}

/**
 * The fonts shipped with the API (apps/api/assets/fonts), found beside the bundle (dist/fonts,
 * copied there by build.mjs) or, running from the sources, from this file.
 */
const FONT_DIRS = [new URL('./fonts/', import.meta.url), new URL('../../assets/fonts/', import.meta.url)];
const loaded = new Map<string, TrueTypeFont>();

/** A shipped font, read and parsed on its first use and kept (not per document, not at start-up). */
export function shippedFont(file: string): TrueTypeFont {
  let font = loaded.get(file);
  if (!font) {
    const path = FONT_DIRS.map((dir) => new URL(file, dir)).find((url) => existsSync(url));
    if (!path)
      throw new Error(`font ${file} not found in ${FONT_DIRS.map((d) => fileURLToPath(d)).join(' or ')}`);
    font = parseTrueType(readFileSync(path));
    loaded.set(file, font);
  }
  return font;
}

const tag = (data: Buffer, at: number) => data.toString('latin1', at, at + 4);

/** The table directory; throws on what is not a TrueType-outline font. */
function readTables(data: Buffer): Map<string, Table> {
  if (data.length < 12) throw new FontFormatError('not a TrueType font: too short');
  const version = data.readUInt32BE(0);
  if (version !== 0x00010000 && tag(data, 0) !== 'true')
    throw new FontFormatError(`not a TrueType font (sfnt version ${tag(data, 0)})`);
  const count = data.readUInt16BE(4);
  const tables = new Map<string, Table>();
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const table = { offset: data.readUInt32BE(at + 8), length: data.readUInt32BE(at + 12) };
    if (table.offset + table.length > data.length)
      throw new FontFormatError(`table ${tag(data, at)} overruns the file`);
    tables.set(tag(data, at), table);
  }
  for (const required of ['cmap', 'head', 'hhea', 'hmtx', 'maxp', 'loca', 'glyf'])
    if (!tables.has(required)) throw new FontFormatError(`no '${required}' table`);
  return tables;
}

/** A cmap subtable of format 4 (segments of the BMP) as code point -> glyph. */
export function readCmapFormat4(data: Buffer, at: number): Map<number, number> {
  const map = new Map<number, number>();
  const segCount = data.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segCount * 2 + 2;
  const deltas = starts + segCount * 2;
  const rangeOffsets = deltas + segCount * 2;
  for (let s = 0; s < segCount; s++) {
    const end = data.readUInt16BE(ends + s * 2);
    const start = data.readUInt16BE(starts + s * 2);
    const delta = data.readInt16BE(deltas + s * 2);
    const rangeOffsetAt = rangeOffsets + s * 2;
    const rangeOffset = data.readUInt16BE(rangeOffsetAt);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
      else {
        const glyphAt = rangeOffsetAt + rangeOffset + (code - start) * 2;
        glyph = data.readUInt16BE(glyphAt);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) map.set(code, glyph);
    }
  }
  return map;
}

/** A cmap subtable of format 12 (groups over all of Unicode) as code point -> glyph. */
export function readCmapFormat12(data: Buffer, at: number): Map<number, number> {
  const map = new Map<number, number>();
  const groups = data.readUInt32BE(at + 12);
  for (let g = 0; g < groups; g++) {
    const group = at + 16 + g * 12;
    const start = data.readUInt32BE(group);
    const end = data.readUInt32BE(group + 4);
    const first = data.readUInt32BE(group + 8);
    for (let code = start; code <= end; code++)
      if (first + code - start !== 0) map.set(code, first + code - start);
  }
  return map;
}

/** The cmap subtables of Unicode, by format (12 before 4), as [platform, encoding, format, offset]. */
export function cmapSubtables(data: Buffer): [number, number, number, number][] {
  const cmap = readTables(data).get('cmap') as Table;
  const count = data.readUInt16BE(cmap.offset + 2);
  const found: [number, number, number, number][] = [];
  for (let i = 0; i < count; i++) {
    const record = cmap.offset + 4 + i * 8;
    const platform = data.readUInt16BE(record);
    const encoding = data.readUInt16BE(record + 2);
    const at = cmap.offset + data.readUInt32BE(record + 4);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (unicode) found.push([platform, encoding, data.readUInt16BE(at), at]);
  }
  return found;
}

function readCmap(data: Buffer): Map<number, number> {
  const subtables = cmapSubtables(data);
  const full = subtables.find(([, , format]) => format === 12);
  if (full) return readCmapFormat12(data, full[3]);
  const bmp = subtables.find(([, , format]) => format === 4);
  if (bmp) return readCmapFormat4(data, bmp[3]);
  throw new FontFormatError('no Unicode cmap of format 4 or 12');
}

/** The name table's string `id` (Windows Unicode record first, else a Macintosh Roman one). */
function readName(data: Buffer, table: Table | undefined, id: number): string | undefined {
  if (!table) return undefined;
  const count = data.readUInt16BE(table.offset + 2);
  const strings = table.offset + data.readUInt16BE(table.offset + 4);
  let mac: string | undefined;
  for (let i = 0; i < count; i++) {
    const r = table.offset + 6 + i * 12;
    if (data.readUInt16BE(r + 6) !== id) continue;
    const platform = data.readUInt16BE(r);
    const start = strings + data.readUInt16BE(r + 10);
    const bytes = data.subarray(start, start + data.readUInt16BE(r + 8));
    if (platform === 3 || platform === 0) return Buffer.from(bytes).swap16().toString('utf16le');
    if (platform === 1) mac = bytes.toString('latin1');
  }
  return mac;
}

// Composite glyph component flags (the 'glyf' table).
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/** The byte offsets of a composite glyph's component glyph numbers. */
function componentOffsets(glyph: Buffer): number[] {
  if (glyph.length < 10 || glyph.readInt16BE(0) >= 0) return [];
  const offsets: number[] = [];
  let at = 10;
  for (;;) {
    const flags = glyph.readUInt16BE(at);
    offsets.push(at + 2);
    at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
    if (flags & WE_HAVE_A_SCALE) at += 2;
    else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
    else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
    if (!(flags & MORE_COMPONENTS)) return offsets;
  }
}

const pad4 = (length: number) => (length + 3) & ~3;

function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc(pad4(data.length) - data.length)]);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + padded.readUInt32BE(at)) >>> 0;
  return sum;
}

/** An sfnt file of these tables (sorted by tag, 4-byte aligned, checksums and head's adjustment set). */
function writeFont(tables: Map<string, Buffer>): Buffer {
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  const entrySelector = Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(2 ** entrySelector * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(count * 16 - 2 ** entrySelector * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tags.forEach((name, i) => {
    const body = tables.get(name) as Buffer;
    const at = 12 + i * 16;
    header.write(name, at, 'latin1');
    header.writeUInt32BE(checksum(body), at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(body.length, at + 12);
    bodies.push(body, Buffer.alloc(pad4(body.length) - body.length));
    offset += pad4(body.length);
  });
  const file = Buffer.concat([header, ...bodies]);
  const head = 12 + tags.indexOf('head') * 16;
  file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, file.readUInt32BE(head + 8) + 8);
  return file;
}

/** A cmap table of (3,1) format 4 for the BMP and (3,10) format 12 for all, code point -> glyph. */
function writeCmap(unicode: ReadonlyMap<number, number>): Buffer {
  const codes = [...unicode.keys()].sort((a, b) => a - b);
  // Format 4: runs of consecutive codes whose glyphs are consecutive too, then the 0xFFFF end.
  const segments: { start: number; end: number; delta: number }[] = [];
  for (const code of codes.filter((c) => c < 0xffff)) {
    const delta = ((unicode.get(code) as number) - code) & 0xffff;
    const last = segments.at(-1);
    if (last && last.end === code - 1 && last.delta === delta) last.end = code;
    else segments.push({ start: code, end: code, delta });
  }
  segments.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const segCount = segments.length;
  const f4 = Buffer.alloc(16 + segCount * 8);
  f4.writeUInt16BE(4, 0);
  f4.writeUInt16BE(f4.length, 2);
  f4.writeUInt16BE(segCount * 2, 6);
  const selector = Math.floor(Math.log2(segCount));
  f4.writeUInt16BE(2 * 2 ** selector, 8);
  f4.writeUInt16BE(selector, 10);
  f4.writeUInt16BE(2 * segCount - 2 * 2 ** selector, 12);
  segments.forEach((s, i) => {
    f4.writeUInt16BE(s.end, 14 + i * 2);
    f4.writeUInt16BE(s.start, 16 + segCount * 2 + i * 2);
    f4.writeUInt16BE(s.delta, 16 + segCount * 4 + i * 2);
  });
  // Format 12: runs of consecutive codes and glyphs.
  const groups: { start: number; end: number; glyph: number }[] = [];
  for (const code of codes) {
    const glyph = unicode.get(code) as number;
    const last = groups.at(-1);
    if (last && last.end === code - 1 && last.glyph + code - last.start === glyph) last.end = code;
    else groups.push({ start: code, end: code, glyph });
  }
  const f12 = Buffer.alloc(16 + groups.length * 12);
  f12.writeUInt16BE(12, 0);
  f12.writeUInt32BE(f12.length, 4);
  f12.writeUInt32BE(groups.length, 12);
  groups.forEach((g, i) => {
    f12.writeUInt32BE(g.start, 16 + i * 12);
    f12.writeUInt32BE(g.end, 20 + i * 12);
    f12.writeUInt32BE(g.glyph, 24 + i * 12);
  });
  const header = Buffer.alloc(4 + 2 * 8);
  header.writeUInt16BE(2, 2);
  header.writeUInt16BE(3, 4);
  header.writeUInt16BE(1, 6);
  header.writeUInt32BE(header.length, 8);
  header.writeUInt16BE(3, 12);
  header.writeUInt16BE(10, 14);
  header.writeUInt32BE(header.length + f4.length, 16);
  return Buffer.concat([header, f4, f12]);
}

/** A name table of the original's Windows records 0-6 (copyright, family, style, ids, version, PostScript name). */
function writeName(data: Buffer, table: Table | undefined, postScriptName: string): Buffer {
  const records: { id: number; text: Buffer }[] = [];
  for (let id = 0; id <= 6; id++) {
    const text = id === 6 ? postScriptName : readName(data, table, id);
    if (text !== undefined) records.push({ id, text: Buffer.from(text, 'utf16le').swap16() });
  }
  const header = Buffer.alloc(6 + records.length * 12);
  header.writeUInt16BE(records.length, 2);
  header.writeUInt16BE(header.length, 4);
  let offset = 0;
  records.forEach((r, i) => {
    const at = 6 + i * 12;
    header.writeUInt16BE(3, at);
    header.writeUInt16BE(1, at + 2);
    header.writeUInt16BE(0x0409, at + 4);
    header.writeUInt16BE(r.id, at + 6);
    header.writeUInt16BE(r.text.length, at + 8);
    header.writeUInt16BE(offset, at + 10);
    offset += r.text.length;
  });
  return Buffer.concat([header, ...records.map((r) => r.text)]);
}

/** Reads a TrueType font's tables (the file is kept; glyphs are read when a subset is made). */
export function parseTrueType(data: Buffer): TrueTypeFont {
  const tables = readTables(data);
  const at = (name: string) => (tables.get(name) as Table).offset;
  const slice = (name: string) => {
    const t = tables.get(name) as Table;
    return Buffer.from(data.subarray(t.offset, t.offset + t.length));
  };
  const head = at('head');
  const unitsPerEm = data.readUInt16BE(head + 18);
  const bbox = [
    data.readInt16BE(head + 36),
    data.readInt16BE(head + 38),
    data.readInt16BE(head + 40),
    data.readInt16BE(head + 42),
  ] as const;
  const longLoca = data.readInt16BE(head + 50) === 1;
  const numGlyphs = data.readUInt16BE(at('maxp') + 4);
  const hhea = at('hhea');
  const numberOfHMetrics = data.readUInt16BE(hhea + 34);
  if (numberOfHMetrics < 1 || numberOfHMetrics > numGlyphs)
    throw new FontFormatError('bad hhea.numberOfHMetrics');
  const hmtx = at('hmtx');
  const loca = at('loca');
  const glyf = tables.get('glyf') as Table;
  const post = tables.get('post');
  const os2 = tables.get('OS/2');
  const cmap = readCmap(data);

  const advance = (glyph: number) => data.readUInt16BE(hmtx + 4 * Math.min(glyph, numberOfHMetrics - 1));
  const leftSideBearing = (glyph: number) =>
    glyph < numberOfHMetrics
      ? data.readInt16BE(hmtx + 4 * glyph + 2)
      : data.readInt16BE(hmtx + 4 * numberOfHMetrics + 2 * (glyph - numberOfHMetrics));
  const glyphBytes = (glyph: number): Buffer => {
    if (glyph < 0 || glyph >= numGlyphs) throw new FontFormatError(`no glyph ${glyph}`);
    const start = longLoca ? data.readUInt32BE(loca + glyph * 4) : data.readUInt16BE(loca + glyph * 2) * 2;
    const end = longLoca
      ? data.readUInt32BE(loca + glyph * 4 + 4)
      : data.readUInt16BE(loca + glyph * 2 + 2) * 2;
    if (end < start || end > glyf.length) throw new FontFormatError(`glyph ${glyph} overruns 'glyf'`);
    return data.subarray(glyf.offset + start, glyf.offset + end);
  };
  const components = (glyph: number) => {
    const bytes = glyphBytes(glyph);
    return componentOffsets(bytes).map((o) => bytes.readUInt16BE(o));
  };
  const glyphId = (codePoint: number) => cmap.get(codePoint) ?? 0;
  // The height of H when OS/2 (version 2 and later) does not give it.
  const os2Version = os2 ? data.readUInt16BE(os2.offset) : 0;
  const capHeight =
    os2 && os2Version >= 2
      ? data.readInt16BE(os2.offset + 88)
      : glyphBytes(glyphId(0x48)).length >= 10
        ? glyphBytes(glyphId(0x48)).readInt16BE(8)
        : Math.round(unitsPerEm * 0.7);
  const postScriptName = (readName(data, tables.get('name'), 6) ?? 'Font').replace(
    /[^!-~]|[[\](){}<>/%#]/g,
    '',
  );

  return {
    postScriptName,
    unitsPerEm,
    numGlyphs,
    bbox,
    ascent: data.readInt16BE(hhea + 4),
    descent: data.readInt16BE(hhea + 6),
    capHeight,
    italicAngle: post ? data.readInt32BE(post.offset + 4) / 65536 : 0,
    bold: os2 ? data.readUInt16BE(os2.offset + 4) >= 600 : false,
    glyphId,
    advance,
    components,

    subset(wanted, unicode = new Map()) {
      // .notdef, the glyphs asked for, and the components of composite ones (to any depth).
      const keep = new Set<number>();
      const pending = [0, ...wanted];
      for (let glyph = pending.pop(); glyph !== undefined; glyph = pending.pop()) {
        if (keep.has(glyph)) continue;
        if (glyph < 0 || glyph >= numGlyphs) throw new FontFormatError(`no glyph ${glyph}`);
        keep.add(glyph);
        pending.push(...components(glyph).filter((c) => !keep.has(c)));
      }
      const old = [...keep].sort((a, b) => a - b);
      const glyphIds = new Map(old.map((glyph, i) => [glyph, i]));

      const glyphs: Buffer[] = [];
      const newLoca = Buffer.alloc((old.length + 1) * 4);
      const newHmtx = Buffer.alloc(old.length * 4);
      let offset = 0;
      old.forEach((glyph, i) => {
        const bytes = Buffer.from(glyphBytes(glyph));
        for (const o of componentOffsets(bytes))
          bytes.writeUInt16BE(glyphIds.get(bytes.readUInt16BE(o)) as number, o);
        newLoca.writeUInt32BE(offset, i * 4);
        newHmtx.writeUInt16BE(advance(glyph), i * 4);
        newHmtx.writeInt16BE(leftSideBearing(glyph), i * 4 + 2);
        glyphs.push(bytes, Buffer.alloc(pad4(bytes.length) - bytes.length));
        offset += pad4(bytes.length);
      });
      newLoca.writeUInt32BE(offset, old.length * 4);

      const newHead = slice('head');
      newHead.writeUInt32BE(0, 8); // checkSumAdjustment, set by writeFont
      newHead.writeInt16BE(1, 50); // long loca
      const newHhea = slice('hhea');
      newHhea.writeUInt16BE(old.length, 34);
      const newMaxp = slice('maxp');
      newMaxp.writeUInt16BE(old.length, 4);
      const newPost = Buffer.alloc(32);
      if (post) data.copy(newPost, 0, post.offset, post.offset + Math.min(32, post.length));
      newPost.writeUInt32BE(0x00030000, 0);
      const cmapOfSubset = new Map<number, number>();
      for (const [code, glyph] of unicode) {
        const mapped = glyphIds.get(glyph);
        if (mapped !== undefined && mapped !== 0) cmapOfSubset.set(code, mapped);
      }

      const out = new Map<string, Buffer>([
        ['head', newHead],
        ['hhea', newHhea],
        ['maxp', newMaxp],
        ['hmtx', newHmtx],
        ['loca', newLoca],
        ['glyf', Buffer.concat(glyphs)],
        ['cmap', writeCmap(cmapOfSubset)],
        ['post', newPost],
        ['name', writeName(data, tables.get('name'), postScriptName)],
      ]);
      for (const copied of ['OS/2', 'cvt ', 'fpgm', 'prep', 'gasp'])
        if (tables.has(copied)) out.set(copied, slice(copied));
      return { data: writeFont(out), glyphIds };
    },
  };
}
