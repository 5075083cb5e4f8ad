import { count, eq, sql } from 'drizzle-orm';
import type { Clock } from '../lib/clock.ts';
import { randomPassword } from '../lib/crypto.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { Db } from './client.ts';
import { subscriptionPlans } from './schema/plans.ts';
import { users } from './schema/users.ts';

type NewPlan = typeof subscriptionPlans.$inferInsert;

/**
 * Plan 1 is the free 30-day trial the sign-up banner promises (spec section 9: default plan id 1).
 * The limits are what each description promises (null: the text promises no limit, so none):
 * Starter one workspace and 5 members, Professional 25 members, Business unlimited members; the
 * trial offers "every feature". Migration 0004 sets the same limits on plans seeded before them.
 */
export const SEED_PLANS: NewPlan[] = [
  {
    subscriptionId: 1,
    title: 'Free Trial',
    subscription: '30 days',
    subheader: 'No credit card needed',
    price: '0',
    description: 'Every feature for 30 days: workspaces, projects, milestones, tasks and your team.',
    buttonText: 'Start free trial',
    buttonVariant: 'outline',
    month: 1,
    status: 'active',
    maxWorkspaces: null,
    maxMembers: null,
  },
  {
    subscriptionId: 2,
    title: 'Starter',
    subscription: 'per month',
    subheader: null,
    price: '19',
    description: 'One workspace for a small team: up to 5 members, unlimited projects and tasks.',
    buttonText: 'Choose Starter',
    buttonVariant: 'outline',
    month: 1,
    status: 'active',
    maxWorkspaces: 1,
    maxMembers: 5,
  },
  {
    subscriptionId: 3,
    title: 'Professional',
    subscription: 'per month',
    subheader: 'Most popular',
    price: '49',
    description: 'Every template (MRP, ERP, CRM, SRM and more), up to 25 members and priority support.',
    buttonText: 'Choose Professional',
    buttonVariant: 'filled',
    month: 1,
    status: 'active',
    maxWorkspaces: null,
    maxMembers: 25,
  },
  {
    subscriptionId: 4,
    title: 'Business',
    subscription: 'per year',
    subheader: 'Two months free',
    price: '490',
    description: 'Everything in Professional for unlimited members, billed yearly.',
    buttonText: 'Choose Business',
    buttonVariant: 'outline',
    month: 12,
    status: 'active',
    maxWorkspaces: null,
    maxMembers: null,
  },
];

/** Seeds the plans on first start only: an empty table. Admins own the list after that. */
export async function seedPlans(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(subscriptionPlans);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(subscriptionPlans).values(SEED_PLANS);
    // The ids were given explicitly, so move the identity past them for plans added later.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('subscription_plans', 'subscription_id'), (select max(subscription_id) from subscription_plans))`,
    );
  });
  return true;
}

export type SuperAdminOutcome =
  | { kind: 'configured'; email: string }
  | { kind: 'generated'; email: string; password: string }
  | { kind: 'exists' };

export const GENERATED_ADMIN_EMAIL = 'admin@workhub.local';

const superAdmin = (email: string, passwordHash: string, at: Date): typeof users.$inferInsert => ({
  email,
  passwordHash,
  firstName: 'Super',
  lastName: 'Admin',
  platformRole: 'super_admin',
  emailVerifiedAt: at,
  createdAt: at,
  updatedAt: at,
});

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD set: that user is created or updated as super admin. Unset: when no
 * super admin exists one is created with a random password, which the caller prints once.
 */
export async function ensureSuperAdmin(
  db: Db,
  admin: { email: string | undefined; password: string | undefined },
  now: Clock,
): Promise<SuperAdminOutcome> {
  const at = now();
  if (admin.email && admin.password) {
    const passwordHash = await hashPassword(admin.password);
    await db
      .insert(users)
      .values(superAdmin(admin.email, passwordHash, at))
      .onConflictDoUpdate({
        target: users.email,
        set: {
          passwordHash,
          platformRole: 'super_admin',
          status: 'active',
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
          updatedAt: at,
        },
      });
    return { kind: 'configured', email: admin.email };
  }
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.platformRole, 'super_admin'))
    .limit(1);
  if (existing) return { kind: 'exists' };
  const password = randomPassword();
  await db.insert(users).values(superAdmin(GENERATED_ADMIN_EMAIL, await hashPassword(password), at));
  return { kind: 'generated', email: GENERATED_ADMIN_EMAIL, password };
}
