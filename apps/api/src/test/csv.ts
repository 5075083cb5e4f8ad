import { expect } from 'vitest';
import { UTF8_BOM } from '../lib/csv.ts';

/**
 * An export's text after its byte order mark, which it must start with (Excel reads a CSV without
 * one in the machine's legacy code page).
 */
export const csvBody = (body: string): string => {
  expect(body.startsWith(UTF8_BOM), 'a CSV export starts with the UTF-8 byte order mark').toBe(true);
  return body.slice(UTF8_BOM.length);
};
