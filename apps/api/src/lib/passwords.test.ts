import { describe, expect, it, onTestFinished } from 'vitest';
import { HASH_SLOTS, hashPassword, inHashSlot, setHashCostForTests, verifyPassword } from './passwords.ts';

describe('argon2 slots', () => {
  it('runs at most one hash per core but one at once; the rest wait their turn and all finish', async () => {
    const slots = HASH_SLOTS;
    expect(slots).toBe(Math.max(1, (await import('node:os')).availableParallelism() - 1));
    let now = 0;
    let most = 0;
    const work = () =>
      inHashSlot(async () => {
        now += 1;
        most = Math.max(most, now);
        await new Promise((resolve) => setTimeout(resolve, 5));
        now -= 1;
        return 'done';
      });
    const results = await Promise.all(Array.from({ length: slots * 3 + 1 }, work));
    expect(results.every((r) => r === 'done')).toBe(true);
    expect(most).toBe(slots);
  });

  it('frees the slot of a computation that fails', async () => {
    const slots = HASH_SLOTS;
    const failing = Array.from({ length: slots }, () =>
      inHashSlot(() => Promise.reject(new Error('broken'))).catch(() => 'failed'),
    );
    expect(await Promise.all(failing)).toEqual(Array(slots).fill('failed'));
    // Were any slot still held, this would wait for ever.
    expect(await inHashSlot(async () => 'next')).toBe('next');
  });

  it('hashes and verifies through the slots', async () => {
    const stored = await hashPassword('a password');
    expect(await verifyPassword(stored, 'a password')).toBe(true);
    expect(await verifyPassword(stored, 'another')).toBe(false);
    expect(await verifyPassword(undefined, 'a password')).toBe(false);
  });

  it("hashes at OWASP's argon2id cost outside the tests, and only a test run may lower it", async () => {
    setHashCostForTests('real');
    onTestFinished(() => setHashCostForTests('cheap'));
    const stored = await hashPassword('a password');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // A hash made at the tests' cost still verifies at the real one: the cost is read from it.
    setHashCostForTests('cheap');
    const cheap = await hashPassword('a password');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    setHashCostForTests('real');
    expect(await verifyPassword(cheap, 'a password')).toBe(true);
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(() => setHashCostForTests('cheap')).toThrow('the hash cost is set by tests only');
    } finally {
      process.env.NODE_ENV = env;
    }
  });
});
