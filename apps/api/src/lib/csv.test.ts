import { describe, expect, it } from 'vitest';
import { capRows, csvCell, csvFilename, csvHeaders, toCsv } from './csv.ts';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are; null and undefined are empty', () => {
    expect(csvCell('Website')).toBe('Website');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it("puts a ' before text starting with =, +, -, @, tab or CR (formula injection)", () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell('-1.')).toBe("'-1.");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('leaves a plain negative number sent as text a number (a stock move of -1.0000)', () => {
    expect(csvCell('-1')).toBe('-1');
    expect(csvCell('-1.0000')).toBe('-1.0000');
    expect(csvCell('-0.5')).toBe('-0.5');
  });
});

describe('toCsv', () => {
  it('writes the byte order mark, the header, then each row, every line ended by CRLF', () => {
    expect(
      toCsv(
        ['Name', 'Tags'],
        [
          ['Site', 'a, b'],
          ['App', null],
        ],
      ),
    ).toBe('\uFEFFName,Tags\r\nSite,"a, b"\r\nApp,\r\n');
  });

  it('is only the header with no rows', () => {
    expect(toCsv(['Name'], [])).toBe('\uFEFFName\r\n');
  });
});

describe('csvFilename and csvHeaders', () => {
  it('names the file after the UTC day and sends it as a UTF-8 CSV download', () => {
    const filename = csvFilename('projects', new Date('2026-03-04T23:30:00Z'));
    expect(filename).toBe('projects-2026-03-04.csv');
    expect(csvHeaders(filename)).toEqual({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="projects-2026-03-04.csv"',
    });
  });
});

describe('capRows', () => {
  it('keeps every row up to the cap and says nothing', () => {
    expect(capRows([1, 2, 3], 3)).toEqual({ rows: [1, 2, 3], truncatedAt: null });
  });
  it('cuts the row past the cap and says where it stopped', () => {
    expect(capRows([1, 2, 3, 4], 3)).toEqual({ rows: [1, 2, 3], truncatedAt: 3 });
  });
});
