/*
 * Reads back what our PDF writer (modules/cbe/cbe-pdf.ts) wrote: its objects through the
 * cross-reference table (each offset checked), each page's text lines through the fonts' ToUnicode
 * CMaps, as a reader copying the text would. Enough for the writer's own output (one BT ... ET per
 * line, hex strings shown with Tj), not a general PDF parser.
 */
import { inflateSync } from 'node:zlib';

export type PdfObjectRead = { id: number; dict: string; stream?: Buffer };
export type PdfTextLine = { text: string; font: string; size: number; x: number; y: number; codes: number[] };

/** Every object of the file, found through the xref table; throws when an offset is wrong. */
export function pdfObjects(pdf: Buffer): Map<number, PdfObjectRead> {
  const latin = pdf.toString('latin1');
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(latin)?.[1]);
  if (!latin.startsWith('xref', startxref))
    throw new Error(`startxref ${startxref} does not point at 'xref'`);
  const header = /^xref\s+0 (\d+)\s+/.exec(latin.slice(startxref));
  if (!header) throw new Error('no xref subsection');
  const count = Number(header[1]);
  const objects = new Map<number, PdfObjectRead>();
  for (let id = 1; id < count; id++) {
    const entry = latin.slice(
      startxref + header[0].length + id * 20,
      startxref + header[0].length + (id + 1) * 20,
    );
    const offset = Number(entry.slice(0, 10));
    if (!/^\d{10} 00000 n \n$/.test(entry))
      throw new Error(`xref entry ${id} is malformed: ${JSON.stringify(entry)}`);
    if (!latin.startsWith(`${id} 0 obj\n`, offset)) throw new Error(`xref offset of object ${id} is wrong`);
    const start = offset + `${id} 0 obj\n`.length;
    const streamAt = latin.indexOf('\nstream\n', start);
    const endobj = latin.indexOf('\nendobj\n', start);
    if (streamAt >= 0 && streamAt < endobj) {
      const dict = latin.slice(start, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const raw = pdf.subarray(streamAt + 8, streamAt + 8 + length);
      if (latin.slice(streamAt + 8 + length, streamAt + 8 + length + 10) !== '\nendstream')
        throw new Error(`object ${id}: /Length ${length} does not end at endstream`);
      objects.set(id, { id, dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
    } else objects.set(id, { id, dict: latin.slice(start, endobj) });
  }
  return objects;
}

const ref = (dict: string, key: string): number => {
  const found = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  if (!found) throw new Error(`no /${key} in ${dict}`);
  return Number(found[1]);
};

/** A ToUnicode CMap's bfchar and bfrange entries, code -> text. */
export function readToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const text = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, value] of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      map.set(Number.parseInt(code ?? '', 16), text(value ?? ''));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from, to, value] of (block[1] ?? '').matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    )) {
      const first = Number.parseInt(value ?? '', 16);
      for (let c = Number.parseInt(from ?? '', 16); c <= Number.parseInt(to ?? '', 16); c++)
        map.set(c, String.fromCharCode(first + c - Number.parseInt(from ?? '', 16)));
    }
  return map;
}

/** The embedded font behind a page's font resource: its names, ToUnicode and descendant objects. */
export function pdfFont(objects: Map<number, PdfObjectRead>, fontId: number) {
  const type0 = objects.get(fontId)?.dict ?? '';
  const baseFont = /\/BaseFont \/(\S+)/.exec(type0)?.[1] ?? '';
  const descendant = objects.get(Number(/\/DescendantFonts \[(\d+) 0 R\]/.exec(type0)?.[1]))?.dict ?? '';
  const descriptor = objects.get(ref(descendant, 'FontDescriptor'))?.dict ?? '';
  const fontFile = objects.get(ref(descriptor, 'FontFile2'));
  const cidToGid = objects.get(ref(descendant, 'CIDToGIDMap'))?.stream ?? Buffer.alloc(0);
  const toUnicode = readToUnicode(objects.get(ref(type0, 'ToUnicode'))?.stream?.toString('latin1') ?? '');
  const widths = (/\/W \[0 \[([\d ]+)\]\]/.exec(descendant)?.[1] ?? '').split(' ').map(Number);
  return { type0, baseFont, descendant, descriptor, fontFile, cidToGid, toUnicode, widths };
}

/** Each page's lines of text, as copying them from a reader gives them (ToUnicode). */
export function pdfTextLines(pdf: Buffer): PdfTextLine[][] {
  const objects = pdfObjects(pdf);
  const root = objects.get(ref(/\/Root \d+ 0 R/.exec(pdf.toString('latin1'))?.[0] ?? '', 'Root'))?.dict ?? '';
  const kids = /\/Kids \[([^\]]*)\]/.exec(objects.get(ref(root, 'Pages'))?.dict ?? '')?.[1] ?? '';
  return [...kids.matchAll(/(\d+) 0 R/g)].map(([, pageId]) => {
    const page = objects.get(Number(pageId))?.dict ?? '';
    const fonts = new Map(
      [...(/\/Font << ([^>]*) >>/.exec(page)?.[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)].map(
        ([, name, id]) => [name ?? '', pdfFont(objects, Number(id))],
      ),
    );
    const content = objects.get(ref(page, 'Contents'))?.stream?.toString('latin1') ?? '';
    return [...content.matchAll(/BT \/(\w+) ([\d.]+) Tf ([\d.]+) ([\d.]+) Td <([0-9A-F]*)> Tj ET/g)].map(
      ([, name, size, x, y, hex]) => {
        const font = fonts.get(name ?? '');
        if (!font) throw new Error(`no font resource ${name}`);
        const codes = (hex?.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16));
        const text = codes
          .map((code) => {
            const value = font.toUnicode.get(code);
            if (value === undefined) throw new Error(`CID ${code} has no ToUnicode entry`);
            return value;
          })
          .join('');
        return { text, font: font.baseFont, size: Number(size), x: Number(x), y: Number(y), codes };
      },
    );
  });
}

/** All the lines' text, page after page. */
export const pdfLines = (pdf: Buffer) => pdfTextLines(pdf).flatMap((page) => page.map((line) => line.text));
