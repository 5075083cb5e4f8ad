import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { verify } from '@node-rs/argon2';
import { count, eq, sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../lib/clock.ts';
import { openTestDb, uniqueEmail } from '../test/helpers.ts';
import type { Db, DbHandle } from './client.ts';
import { subscriptionPlans } from './schema/plans.ts';
import { users } from './schema/users.ts';
import { ensureSuperAdmin, GENERATED_ADMIN_EMAIL, SEED_PLANS, seedPlans } from './seed.ts';

let db: DbHandle;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

/** Runs `work` in a transaction that is always rolled back, so shared databases keep no trace. */
async function inRolledBackTransaction(work: (tx: Db) => Promise<void>): Promise<void> {
  await expect(
    db.db.transaction(async (tx) => {
      await work(tx);
      tx.rollback();
    }),
  ).rejects.toThrow(TransactionRollbackError);
}

describe('seedPlans', () => {
  it('seeded plan 1 as the free trial and paid plans after it, once', async () => {
    const plans = await db.db.select().from(subscriptionPlans).orderBy(subscriptionPlans.subscriptionId);
    expect(plans[0]).toMatchObject({
      subscriptionId: 1,
      title: 'Free Trial',
      price: '0.00',
      status: 'active',
    });
    expect(SEED_PLANS.filter((p) => Number(p.price) > 0).length).toBeGreaterThanOrEqual(2);

    const [before] = await db.db.select({ n: count() }).from(subscriptionPlans);
    expect(await seedPlans(db.db)).toBe(false);
    const [after] = await db.db.select({ n: count() }).from(subscriptionPlans);
    expect(after?.n).toBe(before?.n);
  });

  it('leaves the identity past the seeded ids, so a new plan gets a fresh id', async () => {
    await inRolledBackTransaction(async (tx) => {
      const [plan] = await tx
        .insert(subscriptionPlans)
        .values({
          title: 'Added later',
          subscription: 'per month',
          price: '29',
          description: 'A plan an admin adds after the seed.',
          buttonText: 'Choose',
          buttonVariant: 'outline',
          month: 1,
        })
        .returning();
      expect(plan?.subscriptionId).toBeGreaterThan(SEED_PLANS.length);
    });
  });
});

describe('plan limits', () => {
  const seeded = (title: string) => SEED_PLANS.find((p) => p.title === title);

  it('seeds the limits each plan text promises (null: none promised)', () => {
    expect(seeded('Starter')).toMatchObject({ maxWorkspaces: 1, maxMembers: 5 });
    expect(seeded('Starter')?.description).toMatch(/One workspace.*up to 5 members/);
    expect(seeded('Professional')).toMatchObject({ maxWorkspaces: null, maxMembers: 25 });
    expect(seeded('Professional')?.description).toContain('up to 25 members');
    expect(seeded('Business')).toMatchObject({ maxWorkspaces: null, maxMembers: null });
    expect(seeded('Business')?.description).toContain('unlimited members');
    expect(seeded('Free Trial')).toMatchObject({ maxWorkspaces: null, maxMembers: null });
  });

  it('migration 0004 gives plans seeded before limits existed the seeded limits', async () => {
    const file = await readFile(
      fileURLToPath(new URL('./migrations/0004_plan_limits_checkout_keys.sql', import.meta.url)),
      'utf8',
    );
    const updates = file
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE "subscription_plans"'));
    expect(updates).toHaveLength(2);
    await inRolledBackTransaction(async (tx) => {
      // A database seeded before 0004: the seeded texts, no limits.
      await tx.update(subscriptionPlans).set({ maxWorkspaces: null, maxMembers: null });
      for (const statement of updates) await tx.execute(sql.raw(statement));
      const rows = await tx.select().from(subscriptionPlans).orderBy(subscriptionPlans.subscriptionId);
      for (const plan of SEED_PLANS) {
        const row = rows.find((r) => r.subscriptionId === plan.subscriptionId);
        // A plan whose text an admin changed keeps no limit (the UPDATE matches the seeded text).
        if (row?.description !== plan.description) continue;
        expect(row).toMatchObject({ maxWorkspaces: plan.maxWorkspaces, maxMembers: plan.maxMembers });
      }
    });
  });
});

describe('ensureSuperAdmin', () => {
  it('creates a super admin with a random password when none exists, and only then', async () => {
    await inRolledBackTransaction(async (tx) => {
      await tx.update(users).set({ platformRole: null }).where(eq(users.platformRole, 'super_admin'));
      const created = await ensureSuperAdmin(tx, { email: undefined, password: undefined }, systemClock);
      expect(created.kind).toBe('generated');
      if (created.kind !== 'generated') return;
      expect(created.email).toBe(GENERATED_ADMIN_EMAIL);
      const [admin] = await tx.select().from(users).where(eq(users.email, GENERATED_ADMIN_EMAIL));
      expect(admin).toMatchObject({ platformRole: 'super_admin', status: 'active' });
      expect(admin?.emailVerifiedAt).not.toBeNull();
      expect(await verify(admin?.passwordHash ?? '', created.password)).toBe(true);

      const again = await ensureSuperAdmin(tx, { email: undefined, password: undefined }, systemClock);
      expect(again.kind).toBe('exists');
    });
  });

  it('creates, then updates, the super admin of ADMIN_EMAIL/ADMIN_PASSWORD', async () => {
    const email = uniqueEmail('root');
    await ensureSuperAdmin(db.db, { email, password: 'first-pass' }, systemClock);
    await ensureSuperAdmin(db.db, { email, password: 'second-pass' }, systemClock);
    const rows = await db.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.platformRole).toBe('super_admin');
    expect(await verify(rows[0]?.passwordHash ?? '', 'second-pass')).toBe(true);
  });
});
