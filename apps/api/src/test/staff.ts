import type { PlatformRole } from '@workhub/shared/enums';
import { users } from '../db/schema/users.ts';
import { hashPassword } from '../lib/passwords.ts';
import { PASSWORD, type TestApp, uniqueEmail } from './helpers.ts';
import { type Device, login } from './tenants.ts';

/** A member of the platform staff (password PASSWORD), made in the database, then signed in. */
export async function staffMember(t: TestApp, role: PlatformRole): Promise<Device & { email: string }> {
  const email = uniqueEmail(role.replace('_', '-'));
  await t.db.db.insert(users).values({
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: 'Staff',
    lastName: role,
    platformRole: role,
    emailVerifiedAt: new Date(),
  });
  return { ...(await login(t, email)), email };
}

/** The `sid` claim (session id) of an access token, read without checking the signature. */
export function sidOf(accessToken: string): string {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString());
  if (typeof payload.sid !== 'string') throw new Error('the token carries no sid');
  return payload.sid;
}
