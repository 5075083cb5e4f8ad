import { messages } from '@workhub/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { bearer, errorOf, useTestApp } from '../../test/helpers.ts';
import {
  addMember,
  chooseWorkspace,
  createWorkspace,
  login,
  memberIn,
  newTenant,
} from '../../test/tenants.ts';

const t = useTestApp();

type Method = 'GET' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const edit = {
  first_name: 'Grace',
  last_name: 'Hopper',
  role: 'admin',
  phone: '+1 555 0100',
  city: 'Arlington',
};

describe('GET /api/team', () => {
  it('lists the members of the current workspace in the order they joined, with role and status', async () => {
    const { owner, workspace, holder } = await newTenant(t);
    t.clock.advance(1);
    const worker = await addMember(t, workspace, 'worker');
    await addMember(t, workspace, 'guest', { status: 'inactive' });
    const response = await call('GET', '/api/team', owner.token);
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toEqual({ page: 1, limit: 14, total: 3 });
    expect(data[0]).toMatchObject({ email: holder.email, role: 'owner', status: 'active' });
    expect(data.map((m: { user_id: string }) => m.user_id)).toContain(worker.userId);
    expect(data.find((m: { role: string }) => m.role === 'guest').status).toBe('inactive');

    const page = await call('GET', '/api/team?limit=2&page=2', owner.token);
    expect(page.json()).toMatchObject({ meta: { page: 2, limit: 2, total: 3 } });
    expect(page.json().data).toHaveLength(1);
  });

  it('searches names and e-mails (q), taking % and _ literally', async () => {
    const { owner, workspace } = await newTenant(t);
    const worker = await addMember(t, workspace, 'worker');
    const byEmail = await call(
      'GET',
      `/api/team?q=${encodeURIComponent(worker.email.slice(0, 14))}`,
      owner.token,
    );
    expect(byEmail.json().data.map((m: { user_id: string }) => m.user_id)).toEqual([worker.userId]);
    expect((await call('GET', '/api/team?q=%25', owner.token)).json().meta.total).toBe(0);
  });

  it('answers 403 to a worker, 403 outside a workspace, 401 without a token', async () => {
    const { home, workspace } = await newTenant(t);
    const worker = await memberIn(t, workspace, 'worker');
    expect((await call('GET', '/api/team', worker.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/team', home.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/team' })).statusCode).toBe(401);
  });
});

describe('GET /api/team/:userId', () => {
  it('answers the member', async () => {
    const { owner, workspace } = await newTenant(t);
    const worker = await addMember(t, workspace, 'worker');
    const response = await call('GET', `/api/team/${worker.userId}`, owner.token);
    expect(response.json().data).toMatchObject({
      user_id: worker.userId,
      email: worker.email,
      role: 'worker',
    });
  });

  it('answers 404 for a member of another account and of another workspace of the same account', async () => {
    const a = await newTenant(t);
    const b = await newTenant(t);
    const second = await createWorkspace(t, a.home.token, { workspace_name: 'Second' });
    const inB = await addMember(t, b.workspace, 'worker');
    const inSecond = await addMember(t, second, 'worker');
    for (const id of [inB.userId, inSecond.userId, b.holder.session.user.user_id]) {
      expect((await call('GET', `/api/team/${id}`, a.owner.token)).statusCode).toBe(404);
      expect((await call('PATCH', `/api/team/${id}`, a.owner.token, edit)).statusCode).toBe(404);
      expect((await call('PATCH', `/api/team/${id}/status`, a.owner.token, { status: '0' })).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', `/api/team/${id}`, a.owner.token)).statusCode).toBe(404);
    }
    expect((await call('GET', '/api/team/not-a-uuid', a.owner.token)).statusCode).toBe(400);
  });
});

describe('PATCH /api/team/:userId', () => {
  it('sets the role and the details of a person who belongs to this account alone (Update done !!!)', async () => {
    const { owner, workspace } = await newTenant(t);
    const worker = await addMember(t, workspace, 'worker');
    const response = await call('PATCH', `/api/team/${worker.userId}`, owner.token, edit);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: messages.updateDone,
      data: {
        first_name: 'Grace',
        last_name: 'Hopper',
        role: 'admin',
        phone: '+1 555 0100',
        city: 'Arlington',
      },
    });
    const cleared = await call('PATCH', `/api/team/${worker.userId}`, owner.token, { ...edit, phone: '' });
    expect(cleared.json().data).toMatchObject({ phone: null, city: 'Arlington' });
    const notPhone = await call('PATCH', `/api/team/${worker.userId}`, owner.token, {
      ...edit,
      phone: 'abc<script>',
    });
    expect(notPhone.statusCode).toBe(400);
    expect(notPhone.json().error.fields).toEqual({ phone: messages.phoneInvalid });
  });

  it('changes only the role of a person who also works in another account', async () => {
    const a = await newTenant(t);
    const b = await newTenant(t);
    const shared = await addMember(t, a.workspace, 'worker');
    await addMember(t, b.workspace, 'member', { email: shared.email });
    const response = await call('PATCH', `/api/team/${shared.userId}`, a.owner.token, edit);
    expect(response.json().data).toMatchObject({ role: 'admin', first_name: 'Worker', phone: null });
    // Nor may one account rename another account's holder.
    const holder = await addMember(t, a.workspace, 'member', { email: b.holder.email });
    const renamed = await call('PATCH', `/api/team/${holder.userId}`, a.owner.token, edit);
    expect(renamed.json().data).toMatchObject({ role: 'admin', first_name: 'Ada' });
  });

  it('answers 400 with the messages of the form', async () => {
    const { owner, workspace } = await newTenant(t);
    const worker = await addMember(t, workspace, 'worker');
    const empty = await call('PATCH', `/api/team/${worker.userId}`, owner.token, {});
    expect(errorOf(empty).error.fields).toEqual({
      first_name: messages.firstNameRequired,
      role: messages.roleRequired,
    });
    const owner2 = await call('PATCH', `/api/team/${worker.userId}`, owner.token, { ...edit, role: 'owner' });
    expect(errorOf(owner2).error.fields).toEqual({ role: messages.roleRequired });
  });

  it('answers 409 for the owner, and 403 to a worker', async () => {
    const { owner, workspace, holder } = await newTenant(t);
    const admin = await memberIn(t, workspace, 'admin');
    const ownerId = holder.session.user.user_id;
    for (const token of [owner.token, admin.token]) {
      const response = await call('PATCH', `/api/team/${ownerId}`, token, edit);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).error).toEqual({ code: 'CONFLICT', message: messages.ownerImmutable });
    }
    const worker = await memberIn(t, workspace, 'worker');
    expect((await call('PATCH', `/api/team/${admin.userId}`, worker.token, edit)).statusCode).toBe(403);
  });

  it('answers 409 to an admin taking away their own access, and changes nothing', async () => {
    const { workspace } = await newTenant(t);
    const admin = await memberIn(t, workspace, 'admin');
    const demoted = await call('PATCH', `/api/team/${admin.userId}`, admin.token, {
      ...edit,
      role: 'member',
    });
    const deactivated = await call('PATCH', `/api/team/${admin.userId}/status`, admin.token, {
      status: 'inactive',
    });
    for (const response of [demoted, deactivated]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(errorOf(response).error).toEqual({ code: 'CONFLICT', message: messages.selfAccessImmutable });
    }
    // Still an active admin: their own details with the same role are theirs to save.
    const mine = await call('GET', `/api/team/${admin.userId}`, admin.token);
    expect(mine.json().data).toMatchObject({ role: 'admin', status: 'active' });
    const same = await call('PATCH', `/api/team/${admin.userId}`, admin.token, edit);
    expect(same.statusCode, same.body).toBe(200);
  });

  it('holds a member to a new role at once, not when their token runs out', async () => {
    const { owner, workspace } = await newTenant(t);
    const admin = await memberIn(t, workspace, 'admin');
    expect((await call('GET', '/api/team', admin.token)).statusCode).toBe(200);
    await call('PATCH', `/api/team/${admin.userId}`, owner.token, { ...edit, role: 'worker' });
    expect((await call('GET', '/api/team', admin.token)).statusCode).toBe(403);
  });
});

describe('PATCH /api/team/:userId/status', () => {
  it('toggles active and inactive (Cool !!!); an inactive member cannot open the workspace', async () => {
    const { owner, workspace } = await newTenant(t);
    const worker = await addMember(t, workspace, 'worker');
    const url = `/api/team/${worker.userId}/status`;
    const off = await call('PATCH', url, owner.token, { status: '0' });
    expect(off.json()).toMatchObject({ message: messages.statusToggled, data: { status: 'inactive' } });
    const device = await login(t, worker.email);
    expect((await chooseWorkspace(t, device, workspace.workspace_id)).statusCode).toBe(403);
    const on = await call('PATCH', url, owner.token, { status: 'active' });
    expect(on.json().data.status).toBe('active');
    expect((await chooseWorkspace(t, device, workspace.workspace_id)).statusCode).toBe(200);
  });

  it('answers 400 for another status, 409 for the owner', async () => {
    const { owner, workspace, holder } = await newTenant(t);
    const worker = await addMember(t, workspace, 'worker');
    const bad = await call('PATCH', `/api/team/${worker.userId}/status`, owner.token, { status: 'maybe' });
    expect(errorOf(bad).error.fields).toHaveProperty('status');
    const self = await call('PATCH', `/api/team/${holder.session.user.user_id}/status`, owner.token, {
      status: '0',
    });
    expect(self.statusCode).toBe(409);
  });
});

describe('DELETE /api/team/:userId', () => {
  it('takes the person out of this workspace only: their login and other memberships stay', async () => {
    const a = await newTenant(t);
    const b = await newTenant(t);
    const second = await createWorkspace(t, a.home.token, { workspace_name: 'Second' });
    const worker = await memberIn(t, a.workspace, 'worker');
    await addMember(t, second, 'worker', { email: worker.email });
    await addMember(t, b.workspace, 'member', { email: worker.email });

    const response = await call('DELETE', `/api/team/${worker.userId}`, a.owner.token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const team = (await call('GET', '/api/team', a.owner.token)).json().data;
    expect(team.map((m: { user_id: string }) => m.user_id)).not.toContain(worker.userId);
    expect((await call('GET', '/api/dashboard', worker.token)).statusCode).toBe(403);

    const [user] = await t.db.db.select().from(users).where(eq(users.id, worker.userId));
    expect(user?.email).toBe(worker.email);
    const device = await login(t, worker.email);
    const picker = await call('GET', '/api/me/workspaces', device.token);
    expect(
      picker
        .json()
        .data.map((w: { workspace_id: string }) => w.workspace_id)
        .sort(),
    ).toEqual([second.workspace_id, b.workspace.workspace_id].sort());
    expect((await call('DELETE', `/api/team/${worker.userId}`, a.owner.token)).statusCode).toBe(404);
  });

  it('answers 409 for the owner and 403 to an admin', async () => {
    const { owner, workspace, holder } = await newTenant(t);
    const admin = await memberIn(t, workspace, 'admin');
    const worker = await addMember(t, workspace, 'worker');
    expect((await call('DELETE', `/api/team/${holder.session.user.user_id}`, owner.token)).statusCode).toBe(
      409,
    );
    expect((await call('DELETE', `/api/team/${worker.userId}`, admin.token)).statusCode).toBe(403);
  });
});
