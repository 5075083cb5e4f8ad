import type { SessionUser } from '@workhub/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/plans.ts';
import { accounts, type UserRow, users } from '../../db/schema/users.ts';

/**
 * Who the user is for the client and for the token: role = platform role, else 'owner' for an
 * account holder, else 'member'. plan_chosen is false only for a holder who has not picked a plan.
 */
export async function sessionUserOf(db: Db, user: UserRow): Promise<SessionUser> {
  const held = await db
    .select({ accountId: accounts.id, planChosenAt: subscriptions.planChosenAt })
    .from(accounts)
    .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
    .where(eq(accounts.ownerUserId, user.id));
  const main = held.find((a) => a.accountId === user.accountId) ?? held[0];
  const role = user.platformRole ?? (held.length > 0 ? 'owner' : 'member');
  return {
    user_id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role,
    platform_role: user.platformRole,
    account_id: user.accountId,
    accounts: held.length,
    email_verified: user.emailVerifiedAt !== null,
    plan_chosen: user.platformRole !== null || !main || main.planChosenAt !== null,
  };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}
