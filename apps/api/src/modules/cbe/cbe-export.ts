import { EXPORT_ROWS_MAX } from '@workhub/shared/constants';
import type { Ctx } from '../../context.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { type CsvValue, capRows, csvFilename, toCsv } from '../../lib/csv.ts';
import { exportEvent, recordAudit } from '../audit/audit.ts';

/** The school's lists with a CSV export; each names its file and its audit row's `kind`. */
export type CbeExportKind =
  | 'students'
  | 'classes'
  | 'fee-structures'
  | 'invoices'
  | 'payments'
  | 'arrears'
  | 'years'
  | 'terms'
  | 'grades'
  | 'teachers'
  | 'learning-areas'
  | 'strands'
  | 'sub-strands';

export type CbeCsv = { filename: string; csv: string; truncatedAt: number | null };

/**
 * One export of the school: at most EXPORT_ROWS_MAX of `fetched` (the query asked for one more,
 * which says the file stopped short), and its `export.cbe` audit row (`after`: kind, rows and
 * filters), written with the request's transaction so the file and its row go together.
 */
export async function schoolCsv<T>(
  ctx: Ctx,
  scope: WorkspaceScope,
  kind: CbeExportKind,
  query: Readonly<Record<string, unknown>>,
  fetched: readonly T[],
  columns: readonly string[],
  cells: (row: T) => CsvValue[],
): Promise<CbeCsv> {
  const { rows, truncatedAt } = capRows(fetched, EXPORT_ROWS_MAX);
  const { page: _page, limit: _limit, ...filters } = query;
  const at = ctx.now();
  await recordAudit(ctx.db, exportEvent(scope, 'export.cbe', rows.length, { kind, ...filters }, at));
  return { filename: csvFilename(kind, at), csv: toCsv(columns, rows.map(cells)), truncatedAt };
}

/** The rows one export asks for: one past the cap. */
export const EXPORT_FETCH = EXPORT_ROWS_MAX + 1;
