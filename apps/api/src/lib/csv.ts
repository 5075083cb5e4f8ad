import { z } from 'zod';

/** A CSV cell value: null and undefined are empty cells. */
export type CsvValue = string | number | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula (OWASP 'CSV injection'). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain negative number ('-1.0000', a decimal sent as text): read as a number, never a formula. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
/** A cell holding one of these is quoted (RFC 4180, section 2). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell: a text a spreadsheet would run as a formula gets a leading `'` (it then shows as
 * text; a plain negative number stays a number), then a cell with a comma, quote or line break is quoted with its quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The UTF-8 byte order mark a file starts with: without it Excel reads a CSV as the machine's
 * legacy code page ('Ünïcødé' garbled). Our own import drops it, as every CSV reader does.
 */
export const UTF8_BOM = '\uFEFF';

/**
 * A whole file: the byte order mark, the header row, then one line per row, each ended by CRLF
 * (RFC 4180).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return UTF8_BOM + [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** `<name>-YYYY-MM-DD.csv` for the day `at` (UTC). */
export const csvFilename = (name: string, at: Date) => `${name}-${at.toISOString().slice(0, 10)}.csv`;

/** The header that says an export stopped at EXPORT_ROWS_MAX rows (its value: that number). */
export const TRUNCATED_HEADER = 'x-export-truncated';

/**
 * The answer's headers for a CSV file: a download named `filename` (plain ASCII, no quotes), and
 * when the list held more rows than one export carries, TRUNCATED_HEADER with the rows sent.
 */
export const csvHeaders = (filename: string, truncatedAt: number | null = null): Record<string, string> => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  ...(truncatedAt === null ? {} : { [TRUNCATED_HEADER]: String(truncatedAt) }),
});

/** At most `max` of `rows`, and whether there were more (the query asked for max + 1). */
export const capRows = <T>(rows: readonly T[], max: number): { rows: T[]; truncatedAt: number | null } =>
  rows.length > max ? { rows: rows.slice(0, max), truncatedAt: max } : { rows: [...rows], truncatedAt: null };

/** The 200 of an export route: the CSV text, sent as it is (a string payload is not serialized). */
export const csvText = z.string().describe('text/csv; charset=utf-8');
