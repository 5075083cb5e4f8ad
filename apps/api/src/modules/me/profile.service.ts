import type { Profile, profileBody } from '@workhub/shared/schemas/account';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { subscriptionPlans, subscriptions } from '../../db/schema/plans.ts';
import { accounts, type UserRow, users } from '../../db/schema/users.ts';
import { crossTenant } from '../../db/tenant-context.ts';
import { requireActiveUser } from '../auth/session-user.ts';

/** The title of the plan of the account the user holds (their main one first), or null. */
async function subscriptionTypeOf(ctx: Ctx, user: UserRow): Promise<string | null> {
  const held = await crossTenant(ctx.db, 'the plans of the accounts a user holds', (tx) =>
    tx
      .select({ accountId: accounts.id, title: subscriptionPlans.title })
      .from(accounts)
      .innerJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.subscriptionId, subscriptions.planId))
      .where(eq(accounts.ownerUserId, user.id)),
  );
  return (held.find((a) => a.accountId === user.heldAccountId) ?? held[0])?.title ?? null;
}

async function profileOf(ctx: Ctx, user: UserRow): Promise<Profile> {
  return {
    user_id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    address: user.address,
    state: user.state,
    country: user.country,
    city: user.city,
    zip: user.zip,
    notes: user.notes,
    subscription_type: await subscriptionTypeOf(ctx, user),
    created_at: user.createdAt.toISOString(),
  };
}

export async function getProfile(ctx: Ctx, auth: AccessTokenClaims): Promise<Profile> {
  return profileOf(ctx, await requireActiveUser(ctx.db, auth.user_id));
}

/** A field left out stays; an empty one is cleared (null). */
const cleared = (value: string | undefined) => (value === undefined ? undefined : value || null);

/** The profile form (spec section 3); profileBody has already refused a blank name (400). */
export async function updateProfile(
  ctx: Ctx,
  auth: AccessTokenClaims,
  input: z.output<typeof profileBody>,
): Promise<Profile> {
  const user = await requireActiveUser(ctx.db, auth.user_id);
  const [updated] = await ctx.db
    .update(users)
    .set({
      firstName: input.first_name,
      lastName: input.last_name,
      phone: cleared(input.phone),
      address: cleared(input.address),
      state: cleared(input.state),
      country: cleared(input.country),
      city: cleared(input.city),
      zip: cleared(input.zip),
      notes: cleared(input.notes),
      updatedAt: ctx.now(),
    })
    .where(eq(users.id, user.id))
    .returning();
  return profileOf(ctx, updated ?? user);
}
