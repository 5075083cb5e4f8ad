import { operationsMessages } from '@workhub/shared/operations-messages';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { products, uoms } from './operations.schema.ts';

/** A decimal's text (as decimalField gives it) has a non-zero fraction. */
export const isFractional = (quantity: string): boolean => /\.\d*[1-9]/.test(quantity);

/** A quantity entered for a product, and the input field it came from. */
export type EnteredQuantity = { field: string; productId: string; quantity: string };

/**
 * The messages of the entered quantities that are fractional while their product's unit counts
 * whole units (field -> message; empty when all are fine). Only new entries are checked: a unit made
 * whole later leaves what was entered before it as it is.
 */
export async function fractionalQuantities(
  tx: Db,
  scope: WorkspaceScope,
  entries: readonly EnteredQuantity[],
): Promise<Record<string, string>> {
  const fractional = entries.filter((entry) => isFractional(entry.quantity));
  if (fractional.length === 0) return {};
  const rows = await tx
    .select({ id: products.id, name: products.productName, uom: uoms.name })
    .from(products)
    .innerJoin(uoms, and(eq(uoms.accountId, products.accountId), eq(uoms.id, products.uomId)))
    .where(
      and(
        scope.workspace(products),
        inArray(products.id, [...new Set(fractional.map((entry) => entry.productId))]),
        eq(uoms.wholeUnits, true),
      ),
    );
  const whole = new Map(rows.map((row) => [row.id, row]));
  const fields: Record<string, string> = {};
  for (const entry of fractional) {
    const product = whole.get(entry.productId);
    if (product) fields[entry.field] = operationsMessages.wholeUnitsOnly(product.name, product.uom);
  }
  return fields;
}
