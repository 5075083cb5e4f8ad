// CSV import of products and BOM lines (issue 13 §6, docs/api.md 'Operations'). The web reads the
// file, checks every row with these schemas for the preview, and sends the rows; the API checks
// them again (the same schemas, then the names against the database) and writes all or none.

import { z } from 'zod';
import { operationsMessages } from '../operations-messages.ts';
import { nullableMultilineText, nullableText, requiredString } from './common.ts';
import { decimalField, optionalDecimalField } from './decimal.ts';
import {
  LEAD_TIME_UNITS,
  leadTimeField,
  OPERATIONS_RECORD_STATUSES,
  PROCUREMENT_TYPES,
} from './operations.ts';

/** Rows one import takes (the request: about 3 MB; the route's own body limit is 5 MB). */
export const IMPORT_ROWS_MAX = 10_000;
/**
 * The import routes' body limit: 10,000 rows of a products file are about 3 MB of JSON. The page
 * refuses a file (or its rows as JSON) above it before sending, and says so on a 413.
 */
export const IMPORT_BODY_MAX_BYTES = 5 * 1024 * 1024;

/** The columns of a products file, in the order of the template and of the export. */
export const PRODUCT_IMPORT_COLUMNS = [
  'product_name',
  'product_group',
  'catalog',
  'price',
  'color',
  'product_qty',
  'uom',
  'description',
  'status',
  'procurement_type',
  'lead_time',
  'lead_time_unit',
  'safety_stock',
  'min_order_qty',
] as const;

/** The columns of a BOM lines file: products are named, not given by id. */
export const BOM_IMPORT_COLUMNS = [
  'product_need',
  'product_needed',
  'bom_qty',
  'lead_time',
  'lead_time_unit',
  'cost_per_unit',
  'notes',
  'status',
] as const;

/** A header cell as a column key: 'Product Name ' → 'product_name'. */
export const importColumnKey = (header: string): string => header.trim().toLowerCase().replace(/\s+/g, '_');

/** An empty cell is a cell left out: its column's default. */
const cell = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

/** A choice, whatever its case ('Make', 'WEEKS'); an empty cell is `fallback`. */
const choice = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim().toLowerCase();
      return text === '' ? undefined : text;
    },
    z.enum(values, { error: `Must be one of ${values.join(', ')}` }).default(fallback),
  );

const zeroDefault = (sign: 'nonnegative') => optionalDecimalField(sign).transform((value) => value ?? '0');

/** One row of a products file (values as the file gives them: text). A new product each. */
export const productImportRow = z.object({
  product_name: requiredString(operationsMessages.productNameRequired, 200),
  product_group: nullableText(100),
  /** A catalog of the workspace, by name (any case); empty: none. */
  catalog: nullableText(100),
  price: decimalField('nonnegative', operationsMessages.priceRequired),
  color: nullableText(50),
  /** Opening stock, recorded as an adjustment move ('Opening stock'). */
  product_qty: zeroDefault('nonnegative'),
  /** A unit of the workspace, by name (any case); empty: none. */
  uom: nullableText(100),
  description: nullableMultilineText(5000),
  status: choice(OPERATIONS_RECORD_STATUSES, 'active'),
  procurement_type: choice(PROCUREMENT_TYPES, 'buy'),
  lead_time: cell(leadTimeField),
  lead_time_unit: choice(LEAD_TIME_UNITS, 'days'),
  safety_stock: zeroDefault('nonnegative'),
  min_order_qty: zeroDefault('nonnegative'),
});
export type ProductImportRow = z.output<typeof productImportRow>;

/** One row of a BOM lines file: parent and component by product name (any case). */
export const bomLineImportRow = z.object({
  product_need: requiredString(operationsMessages.productNameRequired, 200),
  product_needed: requiredString(operationsMessages.bomComponentRequired, 200),
  bom_qty: decimalField('positive', operationsMessages.quantityRequired),
  lead_time: cell(leadTimeField),
  lead_time_unit: choice(LEAD_TIME_UNITS, 'days'),
  cost_per_unit: optionalDecimalField('nonnegative'),
  notes: nullableMultilineText(2000),
  status: choice(OPERATIONS_RECORD_STATUSES, 'active'),
});
export type BomLineImportRow = z.output<typeof bomLineImportRow>;

/**
 * POST /api/products/import and POST /api/bom-lines/import. `rows` are the file's data rows keyed
 * by column (importColumnKey of the header); `dry_run: true` checks everything and writes nothing
 * (the preview). Unknown columns are ignored.
 */
export const importBody = z.object({
  rows: z
    .array(z.record(z.string(), z.union([z.string(), z.number(), z.null()])), {
      error: operationsMessages.importRowsRequired,
    })
    .min(1, { error: operationsMessages.importRowsRequired })
    .max(IMPORT_ROWS_MAX, { error: operationsMessages.importRowsTooMany }),
  dry_run: z.boolean().default(false),
});
export type ImportBody = z.input<typeof importBody>;

/** A row's fault. `row` is the file's line number (the header is line 1); `column` '' for the row. */
export const importError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportError = z.infer<typeof importError>;

/**
 * The answer (200): with any error, `imported` is 0 and nothing was written (one transaction: all
 * rows or none); in a dry run too.
 */
export const importResult = z.object({
  dry_run: z.boolean(),
  rows: z.number().int(),
  imported: z.number().int(),
  errors: z.array(importError),
});
export type ImportResult = z.infer<typeof importResult>;

/** Line number of the i-th data row (from 0): the header is line 1. */
export const importLine = (index: number): number => index + 2;

/**
 * Checks every row with `schema`: the rows that pass, with their line, and one error per faulty
 * cell (the first message of each column). The web's preview and the API use it alike. `cells`
 * holds every row's cells that are right on their own (all of a passing row's), so the checks
 * against the workspace (a catalog, a unit, a product by name) can still be made of a row that
 * failed here, and a preview says all of a row's faults at once.
 */
export function checkImportRows<T extends z.ZodObject>(
  schema: T,
  rows: readonly Record<string, unknown>[],
): {
  valid: { row: number; value: z.output<T> }[];
  errors: ImportError[];
  cells: { row: number; value: Partial<z.output<T>> }[];
} {
  const valid: { row: number; value: z.output<T> }[] = [];
  const errors: ImportError[] = [];
  const cells: { row: number; value: Partial<z.output<T>> }[] = [];
  rows.forEach((raw, index) => {
    const row = importLine(index);
    const result = schema.safeParse(raw);
    if (result.success) {
      valid.push({ row, value: result.data });
      cells.push({ row, value: result.data });
      return;
    }
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const column = typeof issue.path[0] === 'string' ? issue.path[0] : '';
      if (seen.has(column)) continue;
      seen.add(column);
      errors.push({ row, column, message: issue.message });
    }
    const right: Record<string, unknown> = {};
    for (const [column, cell] of Object.entries(schema.shape)) {
      if (seen.has(column)) continue;
      const parsed = (cell as z.ZodType).safeParse(raw[column]);
      if (parsed.success) right[column] = parsed.data;
    }
    cells.push({ row, value: right as Partial<z.output<T>> });
  });
  return { valid, errors, cells };
}
