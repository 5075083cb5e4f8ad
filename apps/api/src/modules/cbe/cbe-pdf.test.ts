import { describe, expect, it } from 'vitest';
import { parseTrueType, shippedFont } from '../../lib/pdf-font.ts';
import { pdfFont, pdfLines, pdfObjects, pdfTextLines } from '../../test/pdf-text.ts';
import { pdfDocument, pdfText } from './cbe-pdf.ts';

const NAMES = [
  'Ζωή Παπαδοπούλου',
  'Алексей Смирнов',
  'Nguyễn Văn An',
  'Արմեն Հովհաննիսյան',
  'ნინო ბერიძე',
  'Łódź Dvořák Ştefan',
];

/** The single embedded font whose BaseFont ends with `name`, with its subset parsed back. */
function embedded(pdf: Buffer, name: string) {
  const objects = pdfObjects(pdf);
  const ids = [...objects.values()].filter((o) => o.dict.includes('/Subtype /Type0')).map((o) => o.id);
  const fonts = ids.map((id) => pdfFont(objects, id)).filter((f) => f.baseFont.endsWith(`+${name}`));
  expect(fonts).toHaveLength(1);
  const font = fonts[0] as ReturnType<typeof pdfFont>;
  const file = font.fontFile?.stream ?? Buffer.alloc(0);
  expect(font.fontFile?.dict).toContain(`/Length1 ${file.length}`);
  return { ...font, subset: parseTrueType(file), fileLength: file.length };
}

describe("the report card's text (DejaVu Sans embedded as subsets)", () => {
  it('gives back Greek, Cyrillic, Vietnamese, Armenian and Georgian names exactly (ToUnicode)', () => {
    const pdf = pdfDocument('Names', [
      ...NAMES.map((text) => ({ text })),
      { text: 'Καλή πρόοδος — молодец!', bold: true },
    ]);
    expect(pdfLines(pdf)).toEqual([...NAMES, 'Καλή πρόοδος — молодец!']);
    // Beyond the BMP: a surrogate pair in the ToUnicode CMap (Old Italic, which DejaVu Sans has).
    expect(pdfLines(pdfDocument('Old Italic', [{ text: 'a𐌀𐌁b' }]))).toEqual(['a𐌀𐌁b']);
  });

  it('embeds a valid subset: each character maps to its glyph, with its advance, and few glyphs', () => {
    const texts = [...NAMES, 'Ǻǻ']; // Ǻ: a composite glyph (A, ring, acute) in DejaVu Sans
    const pdf = pdfDocument(
      'Subset',
      texts.map((text) => ({ text })),
    );
    const font = embedded(pdf, 'DejaVuSans');
    const whole = shippedFont('DejaVuSans.ttf');
    expect(font.type0).toContain('/Subtype /Type0');
    expect(font.type0).toContain('/Encoding /Identity-H');
    expect(font.descendant).toContain('/Subtype /CIDFontType2');
    expect(font.baseFont).toMatch(/^[A-Z]{6}\+DejaVuSans$/);
    const codes = (pdfTextLines(pdf)[0] ?? []).flatMap((line) => line.codes);
    const chars = texts.flatMap((text) => [...text]);
    expect(codes).toHaveLength(chars.length);
    chars.forEach((ch, i) => {
      const cid = codes[i] ?? 0;
      const code = ch.codePointAt(0) ?? 0;
      const glyph = font.cidToGid.readUInt16BE(cid * 2);
      expect(glyph, ch).toBeGreaterThan(0);
      // The subset's own cmap agrees with the CIDToGIDMap, and its advance with the whole font's.
      expect(font.subset.glyphId(code), ch).toBe(glyph);
      expect(font.subset.advance(glyph), ch).toBe(whole.advance(whole.glyphId(code)));
      expect(font.widths[cid], ch).toBe(Math.round((whole.advance(whole.glyphId(code)) * 1000) / 2048));
      expect(font.toUnicode.get(cid)).toBe(ch);
    });
    // The composite glyph's components came along, renumbered, each with the original outline.
    const composite = whole.glyphId(0x1fa);
    const components = whole.components(composite);
    expect(components.length).toBeGreaterThan(1);
    const inSubset = font.subset.components(font.subset.glyphId(0x1fa));
    expect(inSubset).toHaveLength(components.length);
    inSubset.forEach((glyph, i) => {
      expect(glyph).toBeGreaterThan(0);
      expect(font.subset.advance(glyph)).toBe(whole.advance(components[i] ?? 0));
    });
    // .notdef, the characters' glyphs and their components: nothing else of the font's 6,253.
    const closure = new Set([0]);
    const pending = chars.map((ch) => whole.glyphId(ch.codePointAt(0) ?? 0));
    for (let glyph = pending.pop(); glyph !== undefined; glyph = pending.pop()) {
      if (closure.has(glyph)) continue;
      closure.add(glyph);
      pending.push(...whole.components(glyph));
    }
    expect(font.subset.numGlyphs).toBe(closure.size);
    expect(font.subset.numGlyphs).toBeLessThan(new Set(chars).size + 30);
    expect(font.subset.unitsPerEm).toBe(2048);
  });

  it('prints bold lines in DejaVu Sans Bold and the others in DejaVu Sans', () => {
    const pdf = pdfDocument('Bold', [{ text: 'Ζωή', bold: true }, { text: 'Ζωή' }]);
    const [bold, regular] = pdfTextLines(pdf)[0] ?? [];
    expect(bold?.font).toMatch(/^[A-Z]{6}\+DejaVuSans-Bold$/);
    expect(regular?.font).toMatch(/^[A-Z]{6}\+DejaVuSans$/);
    expect(embedded(pdf, 'DejaVuSans-Bold').subset.bold).toBe(true);
    expect(embedded(pdf, 'DejaVuSans').subset.bold).toBe(false);
    // A font no line uses is not embedded.
    expect(pdfDocument('Plain', [{ text: 'plain' }]).toString('latin1')).not.toContain('DejaVuSans-Bold');
  });

  it('stays small with a remark of 2,000 characters, wrapped within the page', () => {
    const remark = 'Ζωή reads well and Алексей helps the others; Nguyễn asks good questions. '
      .repeat(30)
      .slice(0, 2000);
    const pdf = pdfDocument('Remarks', [{ text: "Class teacher's remarks", bold: true }, { text: remark }]);
    expect(pdf.length).toBeLessThan(20_000);
    const lines = pdfTextLines(pdf)[0] ?? [];
    expect(lines.length).toBeGreaterThan(20);
    expect(
      lines
        .slice(1)
        .map((l) => l.text)
        .join(' '),
    ).toBe(remark.trimEnd());
    const font = embedded(pdf, 'DejaVuSans');
    for (const line of lines.slice(1)) {
      const width = line.codes.reduce((sum, cid) => sum + (font.widths[cid] ?? 0), 0) * (line.size / 1000);
      expect(line.x + width).toBeLessThanOrEqual(595 - 50);
    }
  });

  it('breaks a word wider than the page where it would cross the margin', () => {
    const word = 'Ш'.repeat(200);
    const lines = pdfTextLines(pdfDocument('Long', [{ text: word }]))[0] ?? [];
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.map((l) => l.text).join('')).toBe(word);
  });

  it('writes a cross-reference table whose offsets point at their objects', () => {
    const pdf = pdfDocument('Ζωή: Term 1', [{ text: 'Ζωή', bold: true }, { text: 'x\n'.repeat(130) }]);
    const objects = pdfObjects(pdf); // throws on a wrong offset or stream length
    expect(pdfTextLines(pdf)).toHaveLength(3);
    expect(objects.size).toBeGreaterThan(10);
    expect(pdf.subarray(0, 9).toString('latin1')).toBe('%PDF-1.4\n');
  });

  it('prints ? for what the font lacks and for scripts it would print backwards or unjoined', () => {
    // CJK and emoji: not in DejaVu Sans. Arabic and Hebrew: right to left and (Arabic) joined.
    expect(pdfText('東京 👩🏽\u200d🚀!')).toBe('?? ???!');
    expect(pdfText('مرحبا שלום नमस्ते')).toBe('????? ???? ????');
    const pdf = pdfDocument('Lacks', [{ text: 'Zoë 東 سلام' }]);
    expect(pdfLines(pdf)).toEqual(['Zoë ? ????']);
  });

  it('composes text, and prints nothing for joiners and marks left alone', () => {
    expect(pdfText('Ame\u0301lie Zoe\u0308 N\u0303')).toBe('Amélie Zoë Ñ');
    expect(pdfText('Z\u0337a\u0336l\u0338g\u0335o')).toBe('Zalgo');
    expect(pdfText('a\u200bb\u2066c\u2069')).toBe('abc');
    expect(pdfText('bell\u0007\ttab')).toBe('bell? tab');
    // Shared with other scripts but not theirs alone: an apostrophe letter (Ukrainian, Hawaiian)
    // and the narrow no-break space print as themselves.
    expect(pdfText('Марʼяна Hawaiʻi 10\u202f%')).toBe('Марʼяна Hawaiʻi 10\u202f%');
    // What the phones type and WinAnsi had, and what it had not.
    expect(pdfText('Ng’ang’a — “ok” €5 … ł ř ễ ①')).toBe('Ng’ang’a — “ok” €5 … ł ř ễ ①');
  });

  it('prints each line of a text of several lines on a line of its own', () => {
    const pdf = pdfDocument('Remarks', [{ text: 'First line\r\nSecond line\nThird\u2028Fourth (5)' }]);
    expect(pdfLines(pdf)).toEqual(['First line', 'Second line', 'Third', 'Fourth (5)']);
  });
});
