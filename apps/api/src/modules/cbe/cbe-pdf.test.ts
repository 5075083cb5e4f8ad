import { describe, expect, it } from 'vitest';
import { pdfDocument, pdfText } from './cbe-pdf.ts';

/** The WinAnsi bytes `pdfText` writes, read back as text (latin1, as the PDF is written). */
const printed = (value: string) => Buffer.from(pdfText(value), 'latin1');
const win1252 = (value: string) => Buffer.from(value, 'latin1');

describe("the report card's text (WinAnsi, no embedded font)", () => {
  it('composes a letter typed as a base and a combining accent (e + U+0301 is é, not "e?")', () => {
    expect(printed('Ame\u0301lie Zoe\u0308')).toEqual(win1252('Amélie Zoë'));
    expect(printed('N\u0303')).toEqual(win1252('Ñ'));
  });

  it('prints a letter WinAnsi lacks as the nearest it has', () => {
    expect(printed('Dvořák')).toEqual(win1252('Dvorák'));
    expect(printed('Erdős Ştefan Čapek')).toEqual(win1252('Erdos Stefan Capek'));
    // Dropping one accent at a time: ễ is ê before it is e.
    expect(printed('Nguyễn Thị')).toEqual(win1252('Nguyên Thi'));
    expect(printed('Łódź, Đorđe, Ħal')).toEqual(win1252('Lódz, Dorde, Hal'));
    expect(printed('ﬁnal ①')).toEqual(win1252('final 1'));
    expect(printed('5\u22123 \u2010 a\u2011b\tc')).toEqual(win1252('5-3 - a-b c'));
  });

  it('keeps the typographic characters WinAnsi has, and escapes what a PDF string needs', () => {
    expect(printed('Ng’ang’a — “ok” €5 … (a\\b)')).toEqual(
      Buffer.from([
        ...win1252('Ng'),
        0x92,
        ...win1252('ang'),
        0x92,
        ...win1252('a '),
        0x97,
        ...win1252(' '),
        0x93,
        ...win1252('ok'),
        0x94,
        ...win1252(' '),
        0x80,
        ...win1252('5 '),
        0x85,
        ...win1252(' \\(a\\\\b\\)'),
      ]),
    );
  });

  it('prints nothing for joiners and marks left alone, and ? for what has no Latin form', () => {
    // Arabic, Hebrew, CJK and emoji: no font is embedded that has them (a known limit).
    expect(pdfText('مرحبا שלום 東京')).toBe('????? ???? ??');
    // An emoji of several code points (woman, skin tone, joiner, rocket): the joiner prints nothing.
    expect(pdfText('👩🏽\u200d🚀!')).toBe('???!');
    expect(pdfText('Z\u0337a\u0336l\u0338g\u0335o')).toBe('Zalgo');
    expect(pdfText('a\u200bb\u2066c\u2069')).toBe('abc');
    expect(pdfText('bell\u0007')).toBe('bell?');
  });

  it('prints each line of a text of several lines on a line of its own', () => {
    const pdf = pdfDocument('Remarks', [{ text: 'First line\r\nSecond line\nThird\u2028Fourth' }]).toString(
      'latin1',
    );
    for (const line of ['First line', 'Second line', 'Third', 'Fourth'])
      expect(pdf).toContain(`(${line}) Tj`);
    expect(pdf).not.toContain('?');
  });
});
