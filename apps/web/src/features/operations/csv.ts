import { importColumnKey } from '@workhub/shared/schemas/operations-import';

/**
 * Reads CSV text (RFC 4180: quoted fields with "" for a quote, commas and line breaks inside quotes,
 * CRLF or LF, a UTF-8 byte order mark) into rows of cells. A spreadsheet's export is read as it is;
 * blank lines are dropped. A semicolon-separated file (a European spreadsheet's) is read too when
 * its header has semicolons and no comma.
 */
export const parseCsv = (input: string): string[][] => {
  const text = input.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((value) => value.trim() !== ''));
};

export type CsvRecords = {
  /** The header's columns as keys ('Product Name' -> 'product_name'). */
  columns: string[];
  /** The columns the import does not know (ignored by the server too). */
  unknown: string[];
  /** The required columns the header lacks. */
  missing: string[];
  /** One record per data row, keyed by column; the file's line of row i is i + 2. */
  rows: Record<string, string>[];
};

/** The data rows of a parsed file as records keyed by its header (importColumnKey). */
export const csvRecords = (
  table: string[][],
  known: readonly string[],
  required: readonly string[],
): CsvRecords => {
  const [header = [], ...data] = table;
  const columns = header.map(importColumnKey);
  return {
    columns,
    unknown: columns.filter((column) => column !== '' && !known.includes(column)),
    missing: required.filter((column) => !columns.includes(column)),
    rows: data.map((cells) =>
      Object.fromEntries(
        columns.flatMap((column, index) => (known.includes(column) ? [[column, cells[index] ?? '']] : [])),
      ),
    ),
  };
};

/** A file of just the header: what to fill in. */
export const csvTemplate = (columns: readonly string[]): string => `${columns.join(',')}\r\n`;
