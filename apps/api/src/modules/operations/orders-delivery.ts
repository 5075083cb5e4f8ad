import { operationsMessages } from '@workhub/shared/operations-messages';
import type { orderDeliveryBody } from '@workhub/shared/schemas/operations-orders';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { conflict } from '../../lib/app-error.ts';
import { add, compare, type Decimal, decimal, format, isPositive, mul, sub } from './mrp/decimal.ts';
import { products } from './operations.schema.ts';
import type { OrderKind } from './orders-kinds.ts';
import { invalidFields, lockOrder } from './orders-rules.ts';
import { applyStockChanges } from './stock-ledger.ts';
import { fractionalQuantities } from './whole-units.ts';

type DeliveryBody = z.output<typeof orderDeliveryBody>;

/**
 * Receives (purchase) or ships (customer) a confirmed order, in the caller's transaction: the
 * order's row is locked first, so two deliveries of one order take turns and each sees what the
 * other delivered; the quantities are checked against what each line still expects (400 naming the
 * line), the products' stock changes with one move per line (a shipment beyond stock is 409
 * notEnoughStock, nothing shipped), and the order becomes received/shipped once every line is
 * complete.
 */
export async function deliverOrder<S extends string>(
  tx: Db,
  scope: WorkspaceScope,
  kind: OrderKind<unknown, unknown, S>,
  id: string,
  body: DeliveryBody,
  at: Date,
): Promise<void> {
  const o = kind.orders;
  const l = kind.lines;
  const order = await lockOrder(tx, scope, kind, id);
  const past = kind.steps[kind.deliverStep]?.past ?? kind.deliverStep;
  if (order.status !== 'confirmed') throw conflict(operationsMessages.orderStepRefused(order.status, past));

  const lines = await tx
    .select({
      id: l.id,
      productId: l.productId,
      productName: products.productName,
      quantity: l.quantity,
      delivered: kind.delivered,
    })
    .from(l)
    .innerJoin(products, and(eq(products.accountId, l.accountId), eq(products.id, l.productId)))
    .where(and(scope.workspace(l), eq(l.orderId, id)))
    .orderBy(asc(l.position));
  const remaining = new Map(
    lines.map((line) => [line.id, sub(decimal(line.quantity), decimal(line.delivered))]),
  );

  // What each line gets now: the body's quantities (a line named twice gets both), else all it expects.
  const wanted = new Map<string, Decimal>();
  const fields: Record<string, string> = {};
  if (body.lines) {
    body.lines.forEach((asked, i) => {
      if (!remaining.has(asked.line_id)) fields[`lines.${i}.line_id`] = operationsMessages.orderLineUnknown;
      else wanted.set(asked.line_id, add(wanted.get(asked.line_id) ?? decimal(0), decimal(asked.quantity)));
    });
    body.lines.forEach((asked, i) => {
      const line = lines.find((candidate) => candidate.id === asked.line_id);
      const open = remaining.get(asked.line_id);
      const total = wanted.get(asked.line_id);
      if (line && open && total && compare(total, open) > 0) {
        fields[`lines.${i}.quantity`] = kind.tooMuch(line.productName, format(open));
      }
    });
    // A quantity named for a product counted in whole units is whole ("everything open" is not
    // checked: it may finish a line entered before its unit became whole).
    const entries = body.lines.flatMap((asked, i) => {
      const line = lines.find((candidate) => candidate.id === asked.line_id);
      return line && !fields[`lines.${i}.quantity`]
        ? [{ field: `lines.${i}.quantity`, productId: line.productId, quantity: asked.quantity }]
        : [];
    });
    Object.assign(fields, await fractionalQuantities(tx, scope, entries));
  } else {
    for (const [lineId, open] of remaining) if (isPositive(open)) wanted.set(lineId, open);
  }
  if (Object.keys(fields).length > 0) throw invalidFields(fields);

  const delivered = lines.filter((line) => wanted.has(line.id));
  const quantities = delivered.map(
    (line) => sql`(${line.id}::uuid, ${format(wanted.get(line.id) ?? decimal(0))}::numeric)`,
  );
  const column = sql.identifier(kind.delivered.name);
  await tx.execute(sql`
    update ${l} set ${column} = ${l}.${column} + delivered.qty
    from (values ${sql.join(quantities, sql`, `)}) as delivered(id, qty)
    where ${scope.workspace(l)} and ${l.id} = delivered.id`);

  await applyStockChanges(
    tx,
    scope,
    delivered.map((line) => ({
      productId: line.productId,
      kind: kind.moveKind,
      delta: mul(decimal(kind.direction), wanted.get(line.id) ?? decimal(0)),
      [kind.moveLine]: line.id,
    })),
    { userId: scope.auth.user_id, at },
  );

  const complete = lines.every((line) => {
    const open = remaining.get(line.id) ?? decimal(0);
    return compare(wanted.get(line.id) ?? decimal(0), open) === 0;
  });
  const stamp = sql.identifier(kind.deliveredAt.name);
  const atText = at.toISOString();
  await tx.execute(
    complete
      ? sql`update ${o} set status = ${kind.doneStatus}, ${stamp} = ${atText}::timestamptz, updated_at = ${atText}::timestamptz where ${scope.workspace(o)} and ${o.id} = ${id}`
      : sql`update ${o} set updated_at = ${atText}::timestamptz where ${scope.workspace(o)} and ${o.id} = ${id}`,
  );
}
