import type { OrderNumberSequence } from '@workhub/shared/schemas/operations';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { orderNumberSequences } from './operations.schema.ts';

/**
 * Takes `count` order numbers of `sequence` in the workspace and answers the first of them (the
 * block is first .. first + count - 1). Run it in the transaction that inserts the orders: the
 * counter row stays locked until that transaction ends, so numbers are unique and, since a
 * rolled-back transaction gives its numbers back, gapless (docs/decisions.md 023).
 */
export async function takeOrderNumbers(
  tx: Db,
  scope: WorkspaceScope,
  sequence: OrderNumberSequence,
  count = 1,
): Promise<number> {
  const [row] = await tx
    .insert(orderNumberSequences)
    .values({ ...scope.workspaceValues(), sequence, lastValue: count })
    .onConflictDoUpdate({
      target: [
        orderNumberSequences.accountId,
        orderNumberSequences.workspaceId,
        orderNumberSequences.sequence,
      ],
      set: { lastValue: sql`${orderNumberSequences.lastValue} + ${count}` },
    })
    .returning({ last: orderNumberSequences.lastValue });
  if (!row) throw new Error('order_number_sequences answered no row');
  return row.last - count + 1;
}
