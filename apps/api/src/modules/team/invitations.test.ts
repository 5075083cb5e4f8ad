import { messages } from '@workhub/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/outbox.ts';
import { invitations } from '../../db/schema/workspaces.ts';
import { sha256 } from '../../lib/crypto.ts';
import { bearer, errorOf, PASSWORD, post, uniqueEmail, useTestApp } from '../../test/helpers.ts';
import { invite, latestInvitationToken } from '../../test/invitations.ts';
import {
  addMember,
  createWorkspace,
  type Device,
  enter,
  login,
  memberIn,
  newTenant,
  refreshed,
  type Tenant,
} from '../../test/tenants.ts';
import { linkInMailText } from './invitation.mails.ts';

const t = useTestApp();

const WEEK = 7 * 86_400;

const preview = (token: string) => t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
const accept = (token: string) =>
  post(t.app, `/api/invitations/${token}/accept`, {
    first_name: 'Ivy',
    password: PASSWORD,
    confirm_password: PASSWORD,
  });
const resend = (tenant: Pick<Tenant, 'owner'>, id: string) =>
  post(t.app, `/api/team/invitations/${id}/resend`, undefined, bearer(tenant.owner.token));
const revoke = (tenant: Pick<Tenant, 'owner'>, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/team/invitations/${id}`, headers: bearer(tenant.owner.token) });

/** Moves the clock, and answers the device refreshed (its access token may have run out). */
async function later(device: Device, seconds: number): Promise<Device> {
  t.clock.advance(seconds);
  return refreshed(t, device);
}

describe('POST /api/team/invitations', () => {
  it('stores the invitation (token hashed) and mails a link valid 7 days', async () => {
    const tenant = await newTenant(t);
    const email = uniqueEmail('invitee');
    const response = await post(
      t.app,
      '/api/team/invitations',
      { first_name: 'Ivy', email: email.toUpperCase(), role: 'admin' },
      bearer(tenant.owner.token),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(messages.invitationSent);
    const { data } = response.json();
    expect(data).toMatchObject({ email, first_name: 'Ivy', last_name: '', role: 'admin', status: 'pending' });
    expect(new Date(data.expires_at).getTime() - t.clock.now().getTime()).toBe(WEEK * 1000);

    const [mail] = await t.db.db.select().from(outbox).where(eq(outbox.to, email));
    const link = linkInMailText(mail?.text ?? '');
    expect(link).toMatch(/^http:\/\/localhost:3000\/invitations\/[A-Za-z0-9_-]{43}$/);
    expect(mail?.html).toContain(link);
    const token = link?.split('/').pop() ?? '';
    const [row] = await t.db.db.select().from(invitations).where(eq(invitations.email, email));
    expect(row?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('answers 400 with the spec messages', async () => {
    const tenant = await newTenant(t);
    const send = (body: object) => post(t.app, '/api/team/invitations', body, bearer(tenant.owner.token));
    expect(errorOf(await send({})).error.fields).toEqual({
      first_name: messages.firstNameRequired,
      email: messages.emailRequired,
    });
    expect(errorOf(await send({ first_name: 'A', email: 'nope' })).error.fields).toEqual({
      email: messages.emailInvalid,
    });
    for (const role of ['boss', 'owner', 'super_admin']) {
      const response = await send({ first_name: 'A', email: uniqueEmail(), role });
      expect(errorOf(response).error.fields).toEqual({ role: messages.roleRequired });
    }
  });

  it('answers 409 for a member of the workspace; inviting again replaces the open invitation', async () => {
    const tenant = await newTenant(t);
    const member = await addMember(t, tenant.workspace, 'guest', { status: 'inactive' });
    const taken = await post(
      t.app,
      '/api/team/invitations',
      { first_name: 'A', email: member.email },
      bearer(tenant.owner.token),
    );
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).error).toMatchObject({
      message: messages.alreadyMember,
      fields: { email: messages.alreadyMember },
    });

    const first = await invite(t, tenant.owner.token);
    t.clock.advance(60);
    const again = await invite(t, tenant.owner.token, { email: first.email, role: 'guest' });
    expect((await preview(first.token)).statusCode).toBe(410);
    expect((await preview(again.token)).json().data.role).toBe('guest');
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/team/invitations',
      headers: bearer(tenant.owner.token),
    });
    expect(open.json().data.filter((i: { email: string }) => i.email === first.email)).toHaveLength(1);
  });

  it('answers 403 to an admin (owner only) and 401 without a token', async () => {
    const tenant = await newTenant(t);
    const admin = await memberIn(t, tenant.workspace, 'admin');
    const body = { first_name: 'A', email: uniqueEmail() };
    expect((await post(t.app, '/api/team/invitations', body, bearer(admin.token))).statusCode).toBe(403);
    expect((await post(t.app, '/api/team/invitations', body)).statusCode).toBe(401);
  });
});

describe('GET /api/team/invitations', () => {
  it('lists the open invitations, newest first, expired ones marked so', async () => {
    const tenant = await newTenant(t);
    const old = await invite(t, tenant.owner.token);
    tenant.owner = await later(tenant.owner, WEEK);
    const fresh = await invite(t, tenant.owner.token);
    const revoked = await invite(t, tenant.owner.token);
    await revoke(tenant, revoked.invitation.invitation_id);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/team/invitations',
      headers: bearer(tenant.owner.token),
    });
    expect(listed.json().meta).toEqual({ page: 1, limit: 14, total: 2 });
    expect(listed.json().data.map((i: { email: string; status: string }) => [i.email, i.status])).toEqual([
      [fresh.email, 'pending'],
      [old.email, 'expired'],
    ]);
  });

  it('answers 403 to a worker; an admin may see them', async () => {
    const tenant = await newTenant(t);
    const worker = await memberIn(t, tenant.workspace, 'worker');
    const admin = await memberIn(t, tenant.workspace, 'admin');
    const list = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/team/invitations', headers: bearer(token) });
    expect((await list(worker.token)).statusCode).toBe(403);
    expect((await list(admin.token)).statusCode).toBe(200);
  });
});

describe('resend and revoke', () => {
  it('expires after 7 days; re-sending mails a new link with a new expiry, the old link stops working', async () => {
    const tenant = await newTenant(t);
    const { token, invitation } = await invite(t, tenant.owner.token);
    tenant.owner = await later(tenant.owner, WEEK - 1);
    expect((await preview(token)).statusCode).toBe(200);
    tenant.owner = await later(tenant.owner, 1);
    const expired = await preview(token);
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).error).toEqual({ code: 'GONE', message: messages.invitationExpired });
    expect((await accept(token)).statusCode).toBe(410);

    t.clock.advance(1);
    const resent = await resend(tenant, invitation.invitation_id);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ message: messages.invitationResent, data: { status: 'pending' } });
    expect(new Date(resent.json().data.expires_at).getTime()).toBe(t.clock.now().getTime() + WEEK * 1000);
    const newToken = await latestInvitationToken(t, invitation.email);
    expect(newToken).not.toBe(token);
    expect((await preview(token)).statusCode).toBe(404);
    expect((await preview(newToken)).statusCode).toBe(200);
  });

  it('revoking closes the link (410); revoking again is fine; a revoked one cannot be re-sent', async () => {
    const tenant = await newTenant(t);
    const { token, invitation } = await invite(t, tenant.owner.token);
    const revoked = await revoke(tenant, invitation.invitation_id);
    expect(revoked.statusCode).toBe(204);
    expect(errorOf(await preview(token)).error).toEqual({ code: 'GONE', message: messages.invitationClosed });
    expect((await accept(token)).statusCode).toBe(410);
    expect((await revoke(tenant, invitation.invitation_id)).statusCode).toBe(204);
    expect((await resend(tenant, invitation.invitation_id)).statusCode).toBe(410);
  });

  it('mails an address at most once a minute: inviting or re-sending sooner is 429, sent at once one mails', async () => {
    const tenant = await newTenant(t);
    const email = uniqueEmail('flood');
    const body = { first_name: 'F', email };
    const mailsTo = async () => (await t.db.db.select().from(outbox).where(eq(outbox.to, email))).length;
    const sent = await Promise.all(
      Array.from({ length: 6 }, () => post(t.app, '/api/team/invitations', body, bearer(tenant.owner.token))),
    );
    expect(sent.map((r) => r.statusCode).sort()).toEqual([201, 429, 429, 429, 429, 429]);
    const refused = sent.find((r) => r.statusCode === 429);
    expect(refused && errorOf(refused).error).toMatchObject({
      code: 'RATE_LIMITED',
      message: messages.invitationTooSoon,
      retry_after: 60,
    });
    expect(await mailsTo()).toBe(1);
    const id = sent.find((r) => r.statusCode === 201)?.json().data.invitation_id;

    t.clock.advance(30);
    const early = await resend(tenant, id);
    expect(early.statusCode).toBe(429);
    expect(errorOf(early).error.retry_after).toBe(30);
    t.clock.advance(30);
    const resent = await Promise.all([resend(tenant, id), resend(tenant, id), resend(tenant, id)]);
    expect(resent.map((r) => r.statusCode).sort()).toEqual([200, 429, 429]);
    expect(await mailsTo()).toBe(2);
    t.clock.advance(60);
    expect((await post(t.app, '/api/team/invitations', body, bearer(tenant.owner.token))).statusCode).toBe(
      201,
    );
    expect(await mailsTo()).toBe(3);
  });

  it('answers 404 for an invitation of another account or of another workspace of the account', async () => {
    const a = await newTenant(t);
    const b = await newTenant(t);
    const second = await createWorkspace(t, a.home.token, { workspace_name: 'Second' });
    const ofB = await invite(t, b.owner.token);
    const inSecond = await post(
      t.app,
      '/api/team/invitations',
      { first_name: 'S', email: uniqueEmail() },
      bearer((await enter(t, await login(t, a.holder.email), second.workspace_id)).token),
    );
    for (const id of [ofB.invitation.invitation_id, inSecond.json().data.invitation_id]) {
      expect((await resend(a, id)).statusCode).toBe(404);
      expect((await revoke(a, id)).statusCode).toBe(404);
    }
  });

  it('answers 403 to an admin', async () => {
    const tenant = await newTenant(t);
    const { invitation } = await invite(t, tenant.owner.token);
    const admin = await memberIn(t, tenant.workspace, 'admin');
    const as = { ...tenant, owner: admin };
    expect((await resend(as, invitation.invitation_id)).statusCode).toBe(403);
    expect((await revoke(as, invitation.invitation_id)).statusCode).toBe(403);
  });
});
