/*
 * A small PDF writer for the report card: A4 pages of text lines in the standard Helvetica fonts
 * (no font is embedded, nothing is downloaded), uncompressed, so the text can be read back by a
 * test. Text is written in the standard fonts' WinAnsi encoding (Windows-1252): Latin-1, and in
 * 0x80-0x9F the typographic characters phones type for you (’ “ ” – — … €). Text is composed
 * first (NFC: 'e' + combining acute is 'é'); a letter WinAnsi lacks prints as the nearest it has
 * (ř as r, ễ as ê, ł as l, 'ﬁ' as fi), invisible joiners and marks print as nothing, and what has no
 * Latin form (Arabic, Hebrew, CJK, emoji) as '?': showing those needs an embedded font.
 */

export type PdfLine = { text: string; size?: number; bold?: boolean; indent?: number; gap?: number };

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 50;

/** The characters WinAnsi (Windows-1252) puts in 0x80-0x9F, where Latin-1 has control codes. */
const WIN_ANSI_HIGH: ReadonlyMap<string, number> = new Map(
  Object.entries({
    '€': 0x80,
    '‚': 0x82,
    ƒ: 0x83,
    '„': 0x84,
    '…': 0x85,
    '†': 0x86,
    '‡': 0x87,
    ˆ: 0x88,
    '‰': 0x89,
    Š: 0x8a,
    '‹': 0x8b,
    Œ: 0x8c,
    Ž: 0x8e,
    '‘': 0x91,
    '’': 0x92,
    '“': 0x93,
    '”': 0x94,
    '•': 0x95,
    '–': 0x96,
    '—': 0x97,
    '˜': 0x98,
    '™': 0x99,
    š: 0x9a,
    '›': 0x9b,
    œ: 0x9c,
    ž: 0x9e,
    Ÿ: 0x9f,
  }),
);

/** The WinAnsi byte of one character, or undefined when the standard fonts cannot show it. */
function winAnsiByte(ch: string): number | undefined {
  const high = WIN_ANSI_HIGH.get(ch);
  if (high !== undefined) return high;
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 32 && code < 127) || (code >= 160 && code <= 255) ? code : undefined;
}

/** Letters and signs no decomposition turns into WinAnsi ones, and what prints for them. */
const NEAREST: ReadonlyMap<string, string> = new Map(
  Object.entries({
    ł: 'l',
    Ł: 'L',
    đ: 'd',
    Đ: 'D',
    ħ: 'h',
    Ħ: 'H',
    ı: 'i',
    ŧ: 't',
    Ŧ: 'T',
    '\u2010': '-',
    '\u2011': '-',
    '\u2212': '-',
    '\t': ' ',
  }),
);

/** Combining marks (accents, variation selectors) and invisible format characters (joiners). */
const MARK = /\p{M}/u;
const INVISIBLE = /\p{Cf}/u;

const printable = (text: string) => text !== '' && [...text].every((c) => winAnsiByte(c) !== undefined);

/**
 * What prints for one composed character WinAnsi lacks: nothing for a mark or joiner left on its
 * own; else its compatibility decomposition, dropping its last accents one at a time until the
 * fonts have it (ễ: e, circumflex, tilde is ê; ř is r; 'ﬁ' is fi); else '?'.
 */
function nearest(ch: string): string {
  if (MARK.test(ch) || INVISIBLE.test(ch)) return '';
  const parts = [...ch.normalize('NFKD')].map((c) => NEAREST.get(c) ?? c);
  for (;;) {
    const candidate = parts.join('').normalize('NFC');
    if (printable(candidate)) return candidate;
    const lastMark = parts.findLastIndex((c) => MARK.test(c));
    if (lastMark < 0) return '?';
    parts.splice(lastMark, 1);
  }
}

/**
 * A PDF string literal's content, one character per WinAnsi byte (written out as latin1): the
 * text composed (NFC), backslash and parentheses escaped, a character WinAnsi lacks as its nearest
 * (above), control characters and what has no Latin form as '?'.
 */
export function pdfText(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC')) {
    if (ch === '\\' || ch === '(' || ch === ')') out += `\\${ch}`;
    else {
      const byte = winAnsiByte(ch);
      if (byte !== undefined) out += String.fromCharCode(byte);
      else for (const c of nearest(ch)) out += String.fromCharCode(winAnsiByte(c) ?? 63);
    }
  }
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

/**
 * Splits a line at its line breaks (remarks and comments may hold several lines), and one longer
 * than the page into several (about 0.5 em per character).
 */
function wrap(line: PdfLine): PdfLine[] {
  const [first = '', ...more] = line.text.split(LINE_BREAK);
  if (more.length > 0) {
    return [{ ...line, text: first }, ...more.map((text) => ({ ...line, text, gap: 0 }))].flatMap(wrap);
  }
  const size = line.size ?? 10;
  const width = PAGE_WIDTH - 2 * MARGIN - (line.indent ?? 0);
  const max = Math.max(20, Math.floor(width / (size * 0.5)));
  if (line.text.length <= max) return [line];
  const words = line.text.split(' ');
  const out: PdfLine[] = [];
  let current = '';
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (next.length > max && current) {
      out.push({ ...line, text: current, gap: out.length === 0 ? line.gap : 0 });
      current = word;
    } else current = next;
  }
  out.push({ ...line, text: current, gap: out.length === 0 ? line.gap : 0 });
  return out;
}

/** The bytes of a PDF with `lines` laid out top to bottom over as many pages as they need. */
export function pdfDocument(title: string, lines: readonly PdfLine[]): Buffer {
  const pages: string[] = [];
  let content: string[] = [];
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines.flatMap(wrap)) {
    const size = line.size ?? 10;
    const step = size * 1.4 + (line.gap ?? 0);
    if (y - step < MARGIN) {
      pages.push(content.join('\n'));
      content = [];
      y = PAGE_HEIGHT - MARGIN;
    }
    y -= step;
    const font = line.bold ? 'F2' : 'F1';
    content.push(
      `BT /${font} ${size} Tf ${MARGIN + (line.indent ?? 0)} ${y.toFixed(1)} Td (${pdfText(line.text)}) Tj ET`,
    );
  }
  pages.push(content.join('\n'));

  // Objects: 1 catalog, 2 pages, 3 and 4 fonts, 5 info, then a page and its content per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${pdfInfoText(title)} /Producer (WorkHub) >>`;
  pages.forEach((stream, i) => {
    const pageId = 6 + i * 2;
    const bytes = Buffer.byteLength(stream, 'latin1');
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${bytes} >>\nstream\n${stream}\nendstream`;
  });

  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
