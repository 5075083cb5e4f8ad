import { download } from '../../../lib/api-client.ts';
import { listQuery } from '../../../lib/api-types.ts';
import { todayUtc } from '../operations-format.ts';

export type ExportPath =
  | 'catalogs'
  | 'uoms'
  | 'products'
  | 'purchase-orders'
  | 'customer-orders'
  | 'work-orders'
  | 'stock-moves';

/**
 * GET /api/{path}/export with the list's filters and sort (no paging): saves `<path>-<day>.csv`
 * unless the answer names the file. At most 10,000 rows (the button's toast says when it stopped).
 */
export const exportList = (
  path: ExportPath,
  params: Record<string, string | number | boolean | undefined>,
) => {
  const { page: _page, limit: _limit, ...filters } = params;
  return download(`/api/${path}/export${listQuery(filters)}`, `${path}-${todayUtc()}.csv`);
};
