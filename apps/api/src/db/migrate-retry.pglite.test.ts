import { describe, expect, it } from 'vitest';
import { migrateRetryingRoleClash } from './migrate.ts';

// Needs no database (the PGlite project runs it once).
const clash = () =>
  new Error('Failed query', { cause: new Error('PostgresError: tuple concurrently updated') });

describe('a migration refused because another database altered the shared role at the same instant', () => {
  it('is run again until it passes', async () => {
    let runs = 0;
    await migrateRetryingRoleClash(async () => {
      runs += 1;
      if (runs < 3) throw clash();
    });
    expect(runs).toBe(3);
  });

  it('gives up after the attempts allowed, with the error', async () => {
    let runs = 0;
    const failing = migrateRetryingRoleClash(async () => {
      runs += 1;
      throw clash();
    }, 4);
    await expect(failing).rejects.toThrow('Failed query');
    expect(runs).toBe(4);
  });

  it('is not run again for any other error', async () => {
    let runs = 0;
    const failing = migrateRetryingRoleClash(async () => {
      runs += 1;
      throw new Error('syntax error at or near "ALTR"');
    });
    await expect(failing).rejects.toThrow('syntax error');
    expect(runs).toBe(1);
  });
});
