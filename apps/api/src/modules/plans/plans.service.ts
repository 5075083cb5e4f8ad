import { messages } from '@workhub/shared/messages';
import type { Plan } from '@workhub/shared/schemas/plans';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type PlanRow, subscriptionPlans } from '../../db/schema/plans.ts';
import { AppError } from '../../lib/app-error.ts';

export const toPlan = (row: PlanRow): Plan => ({
  subscription_id: row.subscriptionId,
  title: row.title,
  subscription: row.subscription,
  subheader: row.subheader,
  price: Number(row.price),
  description: row.description,
  button_text: row.buttonText,
  button_variant: row.buttonVariant,
  month: row.month,
  status: row.status,
  max_workspaces: row.maxWorkspaces,
  max_members: row.maxMembers,
});

/** The public plan list: active plans, cheapest first. */
export async function listActivePlans(db: Db, page: number, limit: number) {
  const where = eq(subscriptionPlans.status, 'active');
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(subscriptionPlans)
      .where(where)
      .orderBy(asc(subscriptionPlans.subscriptionId))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(subscriptionPlans).where(where),
  ]);
  return { data: rows.map(toPlan), meta: { page, limit, total: total?.total ?? 0 } };
}

/** The plan if it exists and is active; otherwise the 400 of docs/api.md on `subscription_id`. */
export async function requireActivePlan(db: Db, id: number): Promise<PlanRow> {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.subscriptionId, id))
    .limit(1);
  if (row?.status === 'active') return row;
  throw new AppError(400, 'VALIDATION_FAILED', messages.planUnavailable, {
    fields: { subscription_id: messages.planUnavailable },
  });
}
