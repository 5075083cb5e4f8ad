import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../test/helpers.ts';
import type { DbHandle } from './client.ts';
import { assertOnlyPlaceholders, MAX_SHAPES, runPrepared } from './prepared.ts';
import { subscriptionPlans } from './schema/plans.ts';

const TENANT = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('assertOnlyPlaceholders', () => {
  it('refuses a statement that holds one of its run values (an id, a date) as a constant', () => {
    expect(() => assertOnlyPlaceholders('k', ['x', TENANT], { accountId: TENANT })).toThrow(/placeholder/);
    expect(() => assertOnlyPlaceholders('k', ['2026-11-25'], { today: '2026-11-25' })).toThrow(/placeholder/);
  });

  it('accepts placeholders, and enum constants that are also a value of another filter', () => {
    expect(() =>
      assertOnlyPlaceholders('k', [sql.placeholder('accountId'), 'archived'], {
        accountId: TENANT,
        status: 'archived',
      }),
    ).not.toThrow();
  });
});

describe('runPrepared', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb();
  });
  afterAll(async () => {
    await handle.close();
  });

  // From a list of its own: other test files may change the tables of the same database meanwhile.
  const numberIs = (n: number) =>
    runPrepared(handle.db, 'test_number_is', { n }, () =>
      handle.db
        .select({ n: sql<number>`v.n` })
        .from(sql`(values (1), (2), (3)) as v(n)`)
        .where(sql`v.n = ${sql.placeholder('n')}`),
    );

  it('runs one statement, built once, with each run its own values', async () => {
    for (const n of [1, 2, 3]) expect(await numberIs(n)).toEqual([{ n }]);
    expect(await numberIs(4)).toEqual([]);
  });

  it('refuses, and keeps no statement, when the build writes a run value into the statement', async () => {
    const build = () =>
      handle.db.select({ one: sql<number>`1` }).from(subscriptionPlans).where(sql`${TENANT} = ${TENANT}`);
    await expect(runPrepared(handle.db, 'test_literal', { accountId: TENANT }, build)).rejects.toThrow(
      /placeholder/,
    );
    // Refused again: nothing was cached under the key.
    await expect(runPrepared(handle.db, 'test_literal', { accountId: TENANT }, build)).rejects.toThrow(
      /placeholder/,
    );
  });

  it('keeps working past MAX_SHAPES shapes (the cache starts again)', async () => {
    for (let i = 0; i <= MAX_SHAPES; i += 1) {
      await runPrepared(handle.db, `test_shape_${i}`, { n: i }, () =>
        handle.db
          .select({ n: sql<number>`${sql.placeholder('n')}::int` })
          .from(subscriptionPlans)
          .limit(1),
      );
    }
    expect(await numberIs(2)).toEqual([{ n: 2 }]);
  });
});
