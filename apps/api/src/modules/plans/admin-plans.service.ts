import { messages } from '@workhub/shared/messages';
import type { AuditAction } from '@workhub/shared/schemas/audit';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type { AdminPlan, Plan, planBody, planUpdateBody } from '@workhub/shared/schemas/plans';
import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { type PlanRow, subscriptionPlans } from '../../db/schema/plans.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { assertCan } from '../../lib/assert-can.ts';
import { assertVersion, type EditVersion } from '../../lib/edit-version.ts';
import { actorOf, plainState, recordAudit } from '../audit/audit.ts';
import { requireActiveUser } from '../auth/session-user.ts';
import { toPlan } from './plans.service.ts';

/** Sign-up puts every new account on plan 1, so it must stay on sale (spec section 9). */
export const FREE_TRIAL_PLAN_ID = 1;

type PlanStatus = Plan['status'];

/** A plan as staff read it to edit it: with its version (updated_at). The audit keeps toPlan's. */
const toAdminPlan = (row: PlanRow): AdminPlan => ({
  ...toPlan(row),
  updated_at: row.updatedAt.toISOString(),
});

type PlanColumns = Partial<Omit<typeof subscriptionPlans.$inferInsert, 'subscriptionId'>>;

/** The plan columns of the fields sent: a field left out (undefined) keeps its column. */
function columnsOf(input: z.output<typeof planUpdateBody>): PlanColumns {
  const columns: PlanColumns = {
    title: input.title,
    subscription: input.subscription,
    // An empty subheader is no subheader: GET answers null for both.
    subheader: input.subheader === undefined ? undefined : input.subheader || null,
    price: input.price?.toFixed(2),
    description: input.description,
    buttonText: input.button_text,
    buttonVariant: input.button_variant,
    month: input.month,
    status: input.status,
    maxWorkspaces: input.max_workspaces,
    maxMembers: input.max_members,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

export function createAdminPlanService(ctx: Ctx) {
  const { db } = ctx;

  /** Staff's edit of a plan: the platform's log (account_id null), the plan as the form shows it. */
  const planEvent = (auth: AccessTokenClaims, action: AuditAction, row: PlanRow, before: PlanRow | null) => ({
    action,
    accountId: null,
    actor: actorOf(auth),
    entityType: 'plan' as const,
    entityId: String(row.subscriptionId),
    before: before && plainState(toPlan(before)),
    after: plainState(toPlan(row)),
    at: ctx.now(),
  });

  /** The plan, its row locked until the transaction ends (404 when there is none). */
  async function lockedPlan(tx: Db, id: number): Promise<PlanRow> {
    const [row] = await tx
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.subscriptionId, id))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  /** Platform staff only, as the database says now (a token's role may be stale). */
  async function assertStaff(auth: AccessTokenClaims): Promise<void> {
    const user = await requireActiveUser(ctx.db, auth.user_id);
    assertCan({ ...auth, platform_role: user.platformRole }, 'admin:plans');
  }

  async function findPlan(id: number): Promise<PlanRow> {
    const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.subscriptionId, id));
    if (!row) throw notFound();
    return row;
  }

  const assertMayHaveStatus = (id: number, status: PlanStatus | undefined) => {
    if (id === FREE_TRIAL_PLAN_ID && status === 'inactive') throw conflict(messages.freePlanStaysActive);
  };

  /** Every plan, active or not, in id order. */
  async function listPlans(auth: AccessTokenClaims, page: number, limit: number) {
    await assertStaff(auth);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(subscriptionPlans)
        .orderBy(asc(subscriptionPlans.subscriptionId))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ total: count() }).from(subscriptionPlans),
    ]);
    return { data: rows.map(toAdminPlan), meta: { page, limit, total: total?.total ?? 0 } };
  }

  async function getPlan(auth: AccessTokenClaims, id: number): Promise<AdminPlan> {
    await assertStaff(auth);
    return toAdminPlan(await findPlan(id));
  }

  async function createPlan(auth: AccessTokenClaims, input: z.output<typeof planBody>): Promise<AdminPlan> {
    await assertStaff(auth);
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(subscriptionPlans)
        .values({
          ...columnsOf(input),
          title: input.title,
          subscription: input.subscription,
          price: input.price.toFixed(2),
          description: input.description,
          buttonText: input.button_text,
          buttonVariant: input.button_variant,
          month: input.month,
        })
        .returning();
      if (!created) throw new Error('the plan was not inserted');
      await recordAudit(tx, planEvent(auth, 'plan.created', created, null));
      return created;
    });
    return toAdminPlan(row);
  }

  /**
   * Any subset of the form's fields; a field left out keeps its value (GET's answer is taken back).
   * Made against `expected` (If-Match), it is refused (412) once the plan has changed since.
   */
  async function updatePlan(
    auth: AccessTokenClaims,
    id: number,
    input: z.output<typeof planUpdateBody>,
    expected?: EditVersion,
  ): Promise<AdminPlan> {
    await assertStaff(auth);
    assertMayHaveStatus(id, input.status);
    const columns = columnsOf(input);
    const row = await db.transaction(async (tx) => {
      // The plan locked and its version checked before the change.
      const current = await lockedPlan(tx, id);
      if (expected) assertVersion(current.updatedAt, expected);
      // An empty body, or one that sets every field to what it is (the form saved unchanged),
      // changes nothing: no write, and no 'Plan edited' entry without a change in the audit log.
      const unchanged = Object.entries(columns).every(
        ([key, value]) => String(current[key as keyof PlanRow] ?? '') === String(value ?? ''),
      );
      if (unchanged) return current;
      const [updated] = await tx
        .update(subscriptionPlans)
        .set({ ...columns, updatedAt: ctx.now() })
        .where(eq(subscriptionPlans.subscriptionId, id))
        .returning();
      if (!updated) throw notFound();
      await recordAudit(tx, planEvent(auth, 'plan.changed', updated, current));
      return updated;
    });
    return toAdminPlan(row);
  }

  async function setPlanStatus(auth: AccessTokenClaims, id: number, status: PlanStatus): Promise<AdminPlan> {
    await assertStaff(auth);
    assertMayHaveStatus(id, status);
    const row = await db.transaction(async (tx) => {
      // The plan locked and read in the transaction: two changes at once each saw the plan as it
      // was before both, and the audit's 'before' of the second was stale.
      const current = await lockedPlan(tx, id);
      // Already so: no write, and no 'status changed' entry without a change.
      if (current.status === status) return current;
      const [updated] = await tx
        .update(subscriptionPlans)
        .set({ status, updatedAt: ctx.now() })
        .where(eq(subscriptionPlans.subscriptionId, id))
        .returning();
      if (!updated) throw notFound();
      await recordAudit(tx, planEvent(auth, 'plan.status_changed', updated, current));
      return updated;
    });
    return toAdminPlan(row);
  }

  return { listPlans, getPlan, createPlan, updatePlan, setPlanStatus };
}

export type AdminPlanService = ReturnType<typeof createAdminPlanService>;
