import { messages } from '@workhub/shared/messages';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { OrderKind } from './orders-kinds.ts';

/** A 400 naming the fields at fault, with the first one's message as the error's. */
export function invalidFields(fields: Record<string, string>): AppError {
  const first = Object.values(fields)[0] ?? messages.validationFailed;
  return new AppError(400, 'VALIDATION_FAILED', first, { fields });
}

/** The order's row, locked for the rest of the transaction: every change of an order starts here. */
export async function lockOrder<S extends string>(
  tx: Db,
  scope: WorkspaceScope,
  kind: OrderKind<unknown, unknown, S>,
  id: string,
): Promise<{ id: string; status: S; updatedAt: Date }> {
  const o = kind.orders;
  const [row] = await tx
    .select({ id: o.id, status: o.status, updatedAt: o.updatedAt })
    .from(o)
    .where(and(scope.workspace(o), eq(o.id, id)))
    .for('update');
  if (!row) throw notFound();
  const status = kind.statuses.find((s) => s === row.status);
  if (status === undefined) throw new Error(`unknown order status ${row.status}`);
  return { id: row.id, status, updatedAt: row.updatedAt };
}
