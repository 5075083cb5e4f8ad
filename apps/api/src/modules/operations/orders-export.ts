import { toCsv } from '../../lib/csv.ts';
import type { OrderItemBase } from './orders-kinds.ts';

/** An order as its list's export writes it. */
export type ExportRow = OrderItemBase & { party: string | null; status: string };

/**
 * The order list as CSV, under the list's headings: the number people know ('PO-00012'), the
 * supplier or customer (`partyHeader`), dates, status and figures.
 */
export function ordersCsv(partyHeader: string, rows: readonly ExportRow[]): string {
  return toCsv(
    ['Number', partyHeader, 'Order date', 'Due date', 'Status', 'Lines', 'Total', 'Late', 'Notes'],
    rows.map((row) => [
      row.number_label,
      row.party,
      row.order_date,
      row.due_date,
      row.status,
      row.line_count,
      row.total,
      row.late ? 'yes' : 'no',
      row.notes,
    ]),
  );
}
