import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 hashes with argon2id by default (OWASP's parameters: 19 MiB, 2 passes).
export const hashPassword = (password: string): Promise<string> => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. With no hash (no such user) it still runs one
 * verification against a dummy hash, so a wrong address takes as long as a wrong password.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('no such user, no such password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Spends the time of one password hash and nothing else: forgot-password and resend call it on
 * every request, so an address with an account answers in the time an unknown one does.
 */
export async function spendOneHash(): Promise<void> {
  await hash('the time of one hash');
}
