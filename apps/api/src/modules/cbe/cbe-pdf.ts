/*
 * A small PDF writer for the report card: A4 pages of text lines in DejaVu Sans and DejaVu Sans
 * Bold (apps/api/assets/fonts, their LICENSE beside them), embedded as subsets: only the glyphs the
 * document uses (lib/pdf-font.ts), as Type0 fonts with a CIDFontType2 descendant, Identity-H
 * encoding, glyph widths, a CIDToGIDMap and a ToUnicode CMap, so a reader shows the text in the
 * font shipped with the API (not one of its own) and copying or searching it gives the text back.
 * Each font is read on the first report card and kept. The pages' content and the font files are
 * Flate-compressed (text is two-byte glyph codes, not readable as it stands); the tests read the
 * text back through the ToUnicode CMaps (pdf-text.test-support.ts).
 *
 * Text is composed first (NFC: 'e' + combining acute is 'é'). Latin (Vietnamese too), Greek,
 * Cyrillic, Armenian, Georgian and the symbols DejaVu has print as themselves. Invisible joiners
 * and marks left on their own (after composing) print as nothing, control characters as '?'. A
 * letter the font lacks prints as the nearest it has (its compatibility decomposition, dropping
 * accents one at a time), else as '?': CJK, emoji and other scripts DejaVu Sans does not cover.
 * Scripts written right to left or needing shaping (Arabic, Hebrew, Syriac, Thaana, N'Ko, the Indic
 * scripts, Thai, Lao, Tibetan, Myanmar, Khmer, Mongolian...) print as '?' even where DejaVu has
 * their letters: this writer places one glyph after the other, left to right, with no bidirectional
 * reordering, joining or mark positioning, and would print such a name backwards or broken.
 * There is no kerning (nor was there in the standard fonts).
 */

import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { shippedFont, type TrueTypeFont } from '../../lib/pdf-font.ts';

export type PdfLine = { text: string; size?: number; bold?: boolean; indent?: number; gap?: number };

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 50;

const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
type FontKey = keyof typeof FONT_FILES;
const fontOf = (bold: boolean | undefined) => shippedFont(FONT_FILES[bold ? 'bold' : 'regular']);

/** Combining marks (accents, variation selectors) and invisible format characters (joiners). */
const MARK = /\p{M}/u;
const INVISIBLE = /\p{Cf}/u;
const CONTROL = /\p{Cc}/u;

/** Scripts a left-to-right, glyph-after-glyph writer would print backwards or unjoined (header). */
const COMPLEX = new RegExp(
  `[${[
    'Arabic',
    'Hebrew',
    'Syriac',
    'Thaana',
    'Nko',
    'Samaritan',
    'Mandaic',
    'Adlam',
    'Hanifi_Rohingya',
    'Devanagari',
    'Bengali',
    'Gurmukhi',
    'Gujarati',
    'Oriya',
    'Tamil',
    'Telugu',
    'Kannada',
    'Malayalam',
    'Sinhala',
    'Thai',
    'Lao',
    'Tibetan',
    'Myanmar',
    'Khmer',
    'Mongolian',
    'Tai_Tham',
    'Balinese',
    'Javanese',
  ]
    .map((script) => `\\p{Script=${script}}`)
    .join('')}]`,
  'u',
);

const has = (font: TrueTypeFont, text: string) =>
  text !== '' && [...text].every((c) => font.glyphId(c.codePointAt(0) ?? 0) !== 0);

/** What prints for one composed character (see the header): characters the font has, or ''. */
function printedAs(ch: string, font: TrueTypeFont): string {
  if (ch >= ' ' && ch <= '~' && font.glyphId(ch.charCodeAt(0)) !== 0) return ch; // the common case, first
  if (ch === '\t') return ' ';
  if (CONTROL.test(ch)) return '?';
  if (MARK.test(ch) || INVISIBLE.test(ch)) return '';
  if (COMPLEX.test(ch)) return '?';
  if (has(font, ch)) return ch;
  const parts = [...ch.normalize('NFKD')];
  for (;;) {
    const candidate = parts.join('').normalize('NFC');
    if (has(font, candidate)) return candidate;
    const lastMark = parts.findLastIndex((c) => MARK.test(c));
    if (lastMark < 0) return '?';
    parts.splice(lastMark, 1);
  }
}

/** The text a line prints in the regular (or bold) font: composed, and what the font lacks replaced (header). */
export function pdfText(value: string, bold = false): string {
  const font = fontOf(bold);
  let out = '';
  for (const ch of value.normalize('NFC')) out += printedAs(ch, font);
  return out;
}

/**
 * A document-information string (the title a viewer shows), which is not in the font's encoding
 * but in PDFDocEncoding or UTF-16: UTF-16BE with its byte-order mark, as a hex string.
 */
export function pdfInfoText(value: string): string {
  const hex = Buffer.from(`\ufeff${value}`, 'utf16le').swap16().toString('hex').toUpperCase();
  return `<${hex}>`;
}

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/;

/** The width of printed text in points. */
function widthOf(text: string, font: TrueTypeFont, size: number): number {
  let units = 0;
  for (const ch of text) units += font.advance(font.glyphId(ch.codePointAt(0) ?? 0));
  return (units * size) / font.unitsPerEm;
}

/**
 * Splits a line at its line breaks (remarks and comments may hold several lines), and one wider
 * than the page into several, at spaces (a word wider than the page at the character that would
 * cross the margin). `text` comes back as it prints (pdfText).
 */
function wrap(line: PdfLine): PdfLine[] {
  const [first = '', ...more] = line.text.split(LINE_BREAK);
  if (more.length > 0) {
    return [{ ...line, text: first }, ...more.map((text) => ({ ...line, text, gap: 0 }))].flatMap(wrap);
  }
  const font = fontOf(line.bold);
  const size = line.size ?? 10;
  const max = PAGE_WIDTH - 2 * MARGIN - (line.indent ?? 0);
  const text = pdfText(line.text, line.bold);
  const space = widthOf(' ', font, size);
  const rows: string[] = [];
  let current = '';
  let width = 0;
  for (const word of text.split(' ')) {
    const wordWidth = widthOf(word, font, size);
    if (current === '') {
      current = word;
      width = wordWidth;
    } else if (width + space + wordWidth <= max) {
      current += ` ${word}`;
      width += space + wordWidth;
    } else {
      rows.push(current);
      current = word;
      width = wordWidth;
    }
    // A word wider than the line: broken where it would cross the margin.
    while (width > max && [...current].length > 1) {
      let head = '';
      let headWidth = 0;
      for (const ch of current) {
        const w = widthOf(ch, font, size);
        if (head !== '' && headWidth + w > max) break;
        head += ch;
        headWidth += w;
      }
      rows.push(head);
      current = current.slice(head.length);
      width = widthOf(current, font, size);
    }
  }
  rows.push(current);
  return rows.map((row, i) => ({ ...line, text: row, gap: i === 0 ? line.gap : 0 }));
}

/** A font's characters in this document, each its own CID (1, 2, ... in code point order; 0 is .notdef). */
type FontUse = {
  key: FontKey;
  font: TrueTypeFont;
  chars: Set<number>;
  cids: Map<number, number>;
  /** The CIDs as the page content writes them (4 hex digits). */
  hex: Map<number, string>;
};

const hex4 = (n: number) => n.toString(16).padStart(4, '0').toUpperCase();

/** UTF-16BE hex of one code point (a surrogate pair above the BMP). */
const utf16Hex = (codePoint: number) =>
  Buffer.from(String.fromCodePoint(codePoint), 'utf16le').swap16().toString('hex').toUpperCase();

/** The ToUnicode CMap: each CID back to its character, for copying and searching the text. */
function toUnicodeCMap(use: FontUse): string {
  const entries = [...use.cids].map(([code, cid]) => `<${hex4(cid)}> <${utf16Hex(code)}>`);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

type PdfObject = string | { dict: string; stream: Buffer };

/**
 * The objects of one embedded font (the Type0 font first): its subset, descendant CIDFontType2,
 * descriptor, widths, CID-to-glyph map and ToUnicode CMap. `add` numbers an object.
 */
function fontObjects(use: FontUse, add: (object: PdfObject) => number): number {
  const { font } = use;
  const glyphOf = (code: number) => font.glyphId(code);
  const subset = font.subset(
    [...use.chars].map(glyphOf),
    new Map([...use.chars].map((code) => [code, glyphOf(code)])),
  );
  const cidCount = use.cids.size + 1;
  const cidToGid = Buffer.alloc(cidCount * 2);
  const widths = [Math.round((font.advance(0) * 1000) / font.unitsPerEm)];
  for (const [code, cid] of use.cids) {
    cidToGid.writeUInt16BE(subset.glyphIds.get(glyphOf(code)) ?? 0, cid * 2);
    widths[cid] = Math.round((font.advance(glyphOf(code)) * 1000) / font.unitsPerEm);
  }
  // A subset's name starts with six capital letters naming that subset (PDF 32000-1, 9.6.4).
  const digest = createHash('sha256')
    .update(`${use.key}:${[...use.chars].join(',')}`)
    .digest();
  const prefix = [...digest.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
  const name = `${prefix}+${font.postScriptName}`;
  const scale = (units: number) => Math.round((units * 1000) / font.unitsPerEm);
  const fontFile = add({
    dict: `/Length1 ${subset.data.length} /Filter /FlateDecode`,
    stream: deflateSync(subset.data),
  });
  const descriptor = add(
    `<< /Type /FontDescriptor /FontName /${name} /Flags 4 /FontBBox [${font.bbox.map(scale).join(' ')}] ` +
      `/ItalicAngle ${font.italicAngle} /Ascent ${scale(font.ascent)} /Descent ${scale(font.descent)} ` +
      `/CapHeight ${scale(font.capHeight)} /StemV ${font.bold ? 120 : 80} /FontFile2 ${fontFile} 0 R >>`,
  );
  const cidMap = add({ dict: '', stream: cidToGid });
  const toUnicode = add({ dict: '', stream: Buffer.from(toUnicodeCMap(use), 'latin1') });
  const descendant = add(
    `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${name} ` +
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> ' +
      `/FontDescriptor ${descriptor} 0 R /W [0 [${widths.join(' ')}]] /CIDToGIDMap ${cidMap} 0 R >>`,
  );
  return add(
    `<< /Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H ` +
      `/DescendantFonts [${descendant} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
  );
}

/** The bytes of a PDF with `lines` laid out top to bottom over as many pages as they need. */
export function pdfDocument(title: string, lines: readonly PdfLine[]): Buffer {
  // Lay out first: which characters each font prints decides the CIDs the pages then show.
  const uses: Record<FontKey, FontUse> = {
    regular: { key: 'regular', font: fontOf(false), chars: new Set(), cids: new Map(), hex: new Map() },
    bold: { key: 'bold', font: fontOf(true), chars: new Set(), cids: new Map(), hex: new Map() },
  };
  type Placed = { use: FontUse; size: number; x: number; y: number; text: string };
  const pages: Placed[][] = [[]];
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines.flatMap(wrap)) {
    const size = line.size ?? 10;
    const step = size * 1.4 + (line.gap ?? 0);
    if (y - step < MARGIN) {
      pages.push([]);
      y = PAGE_HEIGHT - MARGIN;
    }
    y -= step;
    const use = uses[line.bold ? 'bold' : 'regular'];
    for (const ch of line.text) use.chars.add(ch.codePointAt(0) ?? 0);
    pages.at(-1)?.push({ use, size, x: MARGIN + (line.indent ?? 0), y, text: line.text });
  }
  for (const use of Object.values(uses))
    [...use.chars]
      .sort((a, b) => a - b)
      .forEach((code, i) => {
        use.cids.set(code, i + 1);
        use.hex.set(code, hex4(i + 1));
      });

  // Objects: 1 catalog, 2 pages, 3 info, then the fonts used, then a page and its content per page.
  const objects: PdfObject[] = [];
  const add = (object: PdfObject) => objects.push(object);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, once the pages are numbered
  add(`<< /Title ${pdfInfoText(title)} /Producer (WorkHub) >>`);
  const fontNames = { regular: 'F1', bold: 'F2' } as const;
  const resources = (Object.keys(uses) as FontKey[])
    .filter((key) => uses[key].chars.size > 0)
    .map((key) => `/${fontNames[key]} ${fontObjects(uses[key], add)} 0 R`)
    .join(' ');
  const pageIds = pages.map((placed) => {
    const content = placed
      .map((p) => {
        let cids = '';
        for (const ch of p.text) cids += p.use.hex.get(ch.codePointAt(0) ?? 0) ?? '0000';
        return `BT /${fontNames[p.use.key]} ${p.size} Tf ${p.x} ${p.y.toFixed(1)} Td <${cids}> Tj ET`;
      })
      .join('\n');
    const contentId = add({ dict: '/Filter /FlateDecode', stream: deflateSync(content) });
    return add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << ${resources} >> >> /Contents ${contentId} 0 R >>`,
    );
  });
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]?.length ?? 0;
  const write = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    chunks.push(bytes);
    length += bytes.length;
  };
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    write(`${i + 1} 0 obj\n`);
    if (typeof object === 'string') write(object);
    else {
      write(`<< /Length ${object.stream.length}${object.dict ? ` ${object.dict}` : ''} >>\nstream\n`);
      write(object.stream);
      write('\nendstream');
    }
    write('\nendobj\n');
  });
  const xref = length;
  write(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) write(`${String(offset).padStart(10, '0')} 00000 n \n`);
  write(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks);
}
