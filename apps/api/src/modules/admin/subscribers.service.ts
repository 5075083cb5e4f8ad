import type { AccountStatus } from '@workhub/shared/enums';
import type { Subscriber, subscribersQuery } from '@workhub/shared/schemas/admin';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import { accountAccess } from '@workhub/shared/subscription';
import { desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { countOf } from '../../db/aggregates.ts';
import { subscriptionPlans, subscriptions } from '../../db/schema/plans.ts';
import { accounts, users } from '../../db/schema/users.ts';
import { workspaces } from '../../db/schema/workspaces.ts';
import { notFound } from '../../lib/app-error.ts';
import { containing } from '../../lib/list-query.ts';
import { pageOf } from '../../lib/paging.ts';
import { actorOf, recordAudit } from '../audit/audit.ts';
import { assertStaff } from './staff.ts';

const holder = eq(users.id, accounts.ownerUserId);

/** Name (first, last or both) or e-mail contains `q`, any case. */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containing(q);
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(users.email, pattern),
  );
}

export function createSubscriberService(ctx: Ctx) {
  const { db } = ctx;

  /** One row per account: its holder, plan and subscription, status and how many workspaces it has. */
  const selectRows = () =>
    db
      .select({
        accountId: accounts.id,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
        planId: subscriptions.planId,
        planTitle: subscriptionPlans.title,
        subscriptionStatus: subscriptions.status,
        trialEndsAt: subscriptions.trialEndsAt,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        status: accounts.status,
        workspaces:
          sql<number>`(select count(*)::int from ${workspaces} where ${workspaces.accountId} = ${accounts.id})`.mapWith(
            Number,
          ),
        createdAt: accounts.createdAt,
      })
      .from(accounts)
      .innerJoin(users, holder)
      .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
      .leftJoin(subscriptionPlans, eq(subscriptionPlans.subscriptionId, subscriptions.planId));

  type Row = Awaited<ReturnType<typeof selectRows>>[number];

  const toSubscriber = (row: Row): Subscriber => ({
    account_id: row.accountId,
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    subscription_id: row.planId,
    plan_title: row.planTitle,
    subscription_status: row.subscriptionStatus,
    trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    access: row.subscriptionStatus
      ? accountAccess(
          {
            status: row.subscriptionStatus,
            trial_ends_at: row.trialEndsAt,
            current_period_end: row.currentPeriodEnd,
          },
          ctx.now(),
        )
      : 'read_only',
    status: row.status,
    workspaces: row.workspaces,
    created_at: row.createdAt.toISOString(),
  });

  /** Every account holder, newest account first, 14 a page; `q` searches names and e-mails. */
  async function list(auth: AccessTokenClaims, query: z.output<typeof subscribersQuery>) {
    await assertStaff(db, auth, 'admin:subscribers');
    const where = matching(query.q);
    return pageOf(
      query,
      async ({ limit, offset }) =>
        (
          await selectRows()
            .where(where)
            .orderBy(desc(accounts.createdAt), desc(accounts.id))
            .limit(limit)
            .offset(offset)
        ).map(toSubscriber),
      db.select({ total: countOf() }).from(accounts).innerJoin(users, holder).where(where),
    );
  }

  async function findSubscriber(accountId: string): Promise<Subscriber> {
    const [row] = await selectRows().where(eq(accounts.id, accountId)).limit(1);
    if (!row) throw notFound();
    return toSubscriber(row);
  }

  /**
   * Activates or deactivates an account. Inactive shuts out its holder and every member of its
   * workspaces at their next request (db/tenant-scope.ts); nothing is deleted, so reactivating
   * gives everything back.
   */
  async function setStatus(auth: AccessTokenClaims, accountId: string, status: AccountStatus) {
    await assertStaff(db, auth, 'admin:subscribers');
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ status: accounts.status })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .for('update');
      if (!before) throw notFound();
      await tx.update(accounts).set({ status }).where(eq(accounts.id, accountId));
      // Staff's action: the platform's log (account_id null), naming the account it was taken on.
      await recordAudit(tx, {
        action: 'subscriber.status_changed',
        accountId: null,
        actor: actorOf(auth),
        entityType: 'account',
        entityId: accountId,
        before: { status: before.status },
        after: { status },
        at: ctx.now(),
      });
    });
    ctx.log.info({ accountId, status }, 'account status set by platform staff');
    return findSubscriber(accountId);
  }

  return { list, setStatus };
}

export type SubscriberService = ReturnType<typeof createSubscriberService>;
