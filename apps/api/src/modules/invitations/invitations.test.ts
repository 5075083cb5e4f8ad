import { messages } from '@workhub/shared/messages';
import { accessTokenClaims } from '@workhub/shared/schemas/auth';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ensureSuperAdmin } from '../../db/seed.ts';
import {
  bearer,
  errorOf,
  PASSWORD,
  post,
  refreshCookieOf,
  signUp,
  uniqueEmail,
  useTestApp,
} from '../../test/helpers.ts';
import { invite } from '../../test/invitations.ts';
import { login, memberIn, newTenant } from '../../test/tenants.ts';

const t = useTestApp();

const preview = (token: string) => t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
const accept = (token: string, body: object = {}, headers: Record<string, string> = {}) =>
  post(t.app, `/api/invitations/${token}/accept`, body, headers);
const newUser = { first_name: 'Ivy', last_name: 'Vite', password: PASSWORD, confirm_password: PASSWORD };

describe('GET /api/invitations/:token', () => {
  it('shows what the link opens, and whether the address already has a login', async () => {
    const tenant = await newTenant(t, 'barber');
    const { token, email } = await invite(t, tenant.owner.token);
    const response = await preview(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      email,
      first_name: 'Ivy',
      last_name: 'Vite',
      role: 'worker',
      workspace_name: 'Acme',
      inviter_name: 'Ada Lovelace',
      has_login: false,
      expires_at: expect.any(String),
    });
    const existing = await signUp(t, uniqueEmail('existing'));
    const forExisting = await invite(t, tenant.owner.token, { email: existing.email });
    expect((await preview(forExisting.token)).json().data.has_login).toBe(true);
  });

  it('answers 404 for an unknown token and 400 for one that cannot be a token', async () => {
    expect((await preview('x'.repeat(43))).statusCode).toBe(404);
    expect((await preview('short')).statusCode).toBe(400);
  });
});

describe('POST /api/invitations/:token/accept', () => {
  it('makes a new address a verified user and member, and signs them in to the workspace', async () => {
    const tenant = await newTenant(t, 'crm');
    const { token, email } = await invite(t, tenant.owner.token);
    const response = await accept(token, newUser);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(messages.invitationAccepted);
    const { data } = response.json();
    expect(data.user).toMatchObject({
      email,
      first_name: 'Ivy',
      email_verified: true,
      role: 'worker',
      workspace: {
        workspace_id: tenant.workspace.workspace_id,
        template: 'crm',
        role: 'worker',
        public_slug: tenant.workspace.public_slug,
      },
    });
    expect(accessTokenClaims.parse(decodeJwt(data.access_token))).toMatchObject({
      role: 'worker',
      account_id: tenant.workspace.account_id,
      workspace_id: tenant.workspace.workspace_id,
    });
    const cookie = refreshCookieOf(response);
    expect(cookie).toBeDefined();
    const refreshed = await post(t.app, '/api/auth/refresh', undefined, {
      cookie: `refresh_token=${cookie}`,
    });
    expect(refreshed.json().data.user.workspace.workspace_id).toBe(tenant.workspace.workspace_id);

    expect((await login(t, email)).session.user.email).toBe(email);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: bearer(data.access_token),
    });
    expect(dashboard.statusCode).toBe(200);
    expect(errorOf(await accept(token, newUser)).error).toEqual({
      code: 'GONE',
      message: messages.invitationAlreadyAccepted,
    });
    // The invitee opening the mail's link again is told it was accepted, not that it may be revoked.
    expect(errorOf(await preview(token)).error).toEqual({
      code: 'GONE',
      message: messages.invitationAlreadyAccepted,
    });
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/team/invitations',
      headers: bearer(tenant.owner.token),
    });
    expect(open.json().meta.total).toBe(0);
  });

  it('answers 400 with the messages of the form for a new address', async () => {
    const tenant = await newTenant(t);
    const { token } = await invite(t, tenant.owner.token);
    expect(errorOf(await accept(token, {})).error.fields).toEqual({
      first_name: messages.firstNameRequired,
      password: messages.registerPasswordRequired,
      confirm_password: messages.confirmPasswordRequired,
    });
    const short = await accept(token, { ...newUser, password: 'abc', confirm_password: 'abd' });
    expect(errorOf(short).error.fields).toEqual({
      password: messages.registerPasswordMin,
      confirm_password: messages.passwordsMustMatch,
    });
    expect((await preview(token)).statusCode).toBe(200);
  });

  it('lets an existing login accept when signed in as that address, and only then', async () => {
    const a = await newTenant(t);
    const b = await newTenant(t);
    const worker = await memberIn(t, b.workspace, 'worker');
    const { token } = await invite(t, a.owner.token, { email: worker.email, role: 'member' });

    const anonymous = await accept(token);
    expect(anonymous.statusCode).toBe(401);
    const someoneElse = await accept(token, {}, bearer(a.home.token));
    expect(someoneElse.statusCode).toBe(403);
    expect(errorOf(someoneElse).error.message).toBe(messages.invitationWrongUser);

    const response = await accept(token, {}, bearer(worker.token));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({
      user_id: worker.userId,
      role: 'member',
      workspace: { workspace_id: a.workspace.workspace_id, role: 'member' },
    });
    const picker = await t.app.inject({
      method: 'GET',
      url: '/api/me/workspaces',
      headers: bearer(worker.token),
    });
    expect(
      picker
        .json()
        .data.map((w: { workspace_id: string }) => w.workspace_id)
        .sort(),
    ).toEqual([a.workspace.workspace_id, b.workspace.workspace_id].sort());
  });

  it('refuses platform staff: they see nothing inside tenants, and no membership is made', async () => {
    const tenant = await newTenant(t);
    const email = uniqueEmail('staff');
    await ensureSuperAdmin(t.db.db, { email, password: PASSWORD }, t.clock.now);
    const staff = await login(t, email);
    const { token } = await invite(t, tenant.owner.token, { email, role: 'admin' });
    const response = await accept(token, {}, bearer(staff.token));
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).error.message).toBe(messages.invitationStaff);
    const picker = await t.app.inject({
      method: 'GET',
      url: '/api/me/workspaces',
      headers: bearer(staff.token),
    });
    expect(picker.json().data).toEqual([]);
    // The invitation stays open: sent to the wrong address, its sender can revoke it.
    expect((await preview(token)).statusCode).toBe(200);
  });

  it('accepted twice at once: one joins, the other is told it was accepted', async () => {
    const tenant = await newTenant(t);
    const { token } = await invite(t, tenant.owner.token);
    const answers = await Promise.all([
      accept(token, newUser),
      accept(token, { ...newUser, password: 'other-pass-1', confirm_password: 'other-pass-1' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    const lost = answers.find((r) => r.statusCode === 410);
    expect(lost && errorOf(lost).error).toEqual({
      code: 'GONE',
      message: messages.invitationAlreadyAccepted,
    });
  });

  it('answers 409 while the workspace is archived', async () => {
    const tenant = await newTenant(t);
    const { token } = await invite(t, tenant.owner.token);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/workspaces/${tenant.workspace.workspace_id}/status`,
      headers: bearer(tenant.home.token),
      payload: { archived: '1' },
    });
    expect((await accept(token, newUser)).statusCode).toBe(409);
  });
});
