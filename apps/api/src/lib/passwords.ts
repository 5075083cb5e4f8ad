import { availableParallelism } from 'node:os';
import { hash, type Options, verify } from '@node-rs/argon2';

/** argon2id at OWASP's parameters (19 MiB, 2 passes, 1 lane): @node-rs/argon2's defaults, named. */
export const PASSWORD_HASH_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Half a millisecond's hash (64 KiB, 1 pass) for the API's tests, where a hash at the real
 * cost took a fifth of the suite's time (533 hashes in 25 files' 66 s): test/setup.ts sets it
 * before each file; a test that measures the hash's time (signup-attempts.test.ts) sets the real
 * cost back. A verification reads the cost from the stored hash, so either verifies the other's.
 */
const TEST_HASH_COST = { memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

let cost: Options = PASSWORD_HASH_COST;
/** What an unknown address's password is verified against (verifyPassword), at the cost in use. */
let dummyHash: Promise<string> | undefined;

/** The tests' cost (`cheap`) or the real one; refused outside a test run (NODE_ENV=test). */
export function setHashCostForTests(which: 'cheap' | 'real'): void {
  if (process.env.NODE_ENV !== 'test') throw new Error('the hash cost is set by tests only');
  cost = which === 'cheap' ? TEST_HASH_COST : PASSWORD_HASH_COST;
  dummyHash = undefined;
}

/**
 * At most one argon2 computation per core but one at a time (one on a 2-core machine); the others
 * wait their turn. Running more at once finishes none sooner, each holds its 19 MiB meanwhile (a
 * burst of sign-ins would grow the server's memory with the burst), and the core left free keeps
 * serving every other request while sign-ins hash: the hashing runs on native threads, off the
 * event loop, but it competes for the same cores.
 */
export const HASH_SLOTS = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

export async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line, or free it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export const hashPassword = (password: string): Promise<string> => inHashSlot(() => hash(password, cost));

/**
 * True when `password` matches `passwordHash`. With no hash (no such user) it still runs one
 * verification against a dummy hash, so a wrong address takes as long as a wrong password.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('no such user, no such password');
    const dummy = await dummyHash;
    await inHashSlot(() => verify(dummy, password)).catch(() => false);
    return false;
  }
  try {
    return await inHashSlot(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/**
 * Spends the time of one password hash and nothing else: forgot-password and resend call it on
 * every request, so an address with an account answers in the time an unknown one does.
 */
export async function spendOneHash(): Promise<void> {
  await inHashSlot(() => hash('the time of one hash', cost));
}
