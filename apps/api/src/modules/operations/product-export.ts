import type { Product } from '@workhub/shared/schemas/operations';
import { PRODUCT_IMPORT_COLUMNS } from '@workhub/shared/schemas/operations-import';
import { toCsv } from '../../lib/csv.ts';

type Column = (typeof PRODUCT_IMPORT_COLUMNS)[number];

const CELLS: Record<Column, (p: Product) => string | number | null> = {
  product_name: (p) => p.product_name,
  product_group: (p) => p.product_group,
  catalog: (p) => p.catalog_name,
  price: (p) => p.price,
  color: (p) => p.color,
  product_qty: (p) => p.product_qty,
  uom: (p) => p.uom_name,
  description: (p) => p.description,
  status: (p) => p.status,
  procurement_type: (p) => p.procurement_type,
  lead_time: (p) => p.lead_time,
  lead_time_unit: (p) => p.lead_time_unit,
  safety_stock: (p) => p.safety_stock,
  min_order_qty: (p) => p.min_order_qty,
};

/**
 * GET /api/products/export: the columns of a products import file (PRODUCT_IMPORT_COLUMNS, the
 * header being the column keys), so that an exported file imports back once its names are changed.
 */
export const productsCsv = (items: readonly Product[]) =>
  toCsv(
    PRODUCT_IMPORT_COLUMNS,
    items.map((p) => PRODUCT_IMPORT_COLUMNS.map((column) => CELLS[column](p))),
  );
