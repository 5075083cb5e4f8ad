import type { Invitation } from '@workhub/shared/schemas/team';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../db/schema/outbox.ts';
import { INVITATION_SUBJECT, linkInMailText } from '../modules/team/invitation.mails.ts';
import { bearer, post, type TestApp, uniqueEmail } from './helpers.ts';

/** The token of the newest invitation link mailed to `email` (read from the outbox). */
export async function latestInvitationToken({ db }: TestApp, email: string): Promise<string> {
  const [mail] = await db.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.subject, INVITATION_SUBJECT)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const token = mail && linkInMailText(mail.text)?.split('/').pop();
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

export type Invited = { email: string; invitation: Invitation; token: string };

/** Invites an address (a new one unless given) to the workspace of `token`, through the API. */
export async function invite(
  t: TestApp,
  token: string,
  overrides: { email?: string; role?: string } = {},
): Promise<Invited> {
  const email = overrides.email ?? uniqueEmail('invitee');
  const response = await post(
    t.app,
    '/api/team/invitations',
    { first_name: 'Ivy', last_name: 'Vite', role: 'worker', ...overrides, email },
    bearer(token),
  );
  expect(response.statusCode, response.body).toBe(201);
  return { email, invitation: response.json().data, token: await latestInvitationToken(t, email) };
}
