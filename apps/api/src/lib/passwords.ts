import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 hashes with argon2id by default (OWASP's parameters: 19 MiB, 2 passes).

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

export const hashPassword = (password: string): Promise<string> => inHashSlot(() => hash(password));

let dummyHash: Promise<string> | undefined;

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
  await inHashSlot(() => hash('the time of one hash'));
}
