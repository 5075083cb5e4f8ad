import { accessTokenClaims } from '@workhub/shared/schemas/auth';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces.ts';
import { post, useTestApp, withRefresh } from '../../test/helpers.ts';
import { addMember, chooseWorkspace, enter, login, newTenant } from '../../test/tenants.ts';

const t = useTestApp();

const workspaceOf = (token: string) => accessTokenClaims.parse(decodeJwt(token)).workspace_id;
const logout = (cookie: string) => post(t.app, '/api/auth/logout', undefined, withRefresh(cookie));

/** A worker who signed in, worked in the workspace, and signed out. */
async function workedThenLeft() {
  const tenant = await newTenant(t, 'crm');
  const worker = await addMember(t, tenant.workspace, 'worker');
  const device = await enter(t, await login(t, worker.email), tenant.workspace.workspace_id);
  t.clock.advance(60);
  expect((await logout(device.cookie)).statusCode).toBe(204);
  t.clock.advance(60);
  return { ...tenant, worker };
}

describe('signing in reopens the last workspace', () => {
  it('lands a user who last worked in a workspace in it again', async () => {
    const { workspace, worker } = await workedThenLeft();
    const again = await login(t, worker.email);
    expect(workspaceOf(again.token)).toBe(workspace.workspace_id);
    expect(again.session.user.workspace).toMatchObject({
      workspace_id: workspace.workspace_id,
      role: 'worker',
    });
  });

  it('lands at home a user who went back home last', async () => {
    const { workspace, worker } = await workedThenLeft();
    const device = await enter(t, await login(t, worker.email), workspace.workspace_id);
    t.clock.advance(10);
    expect((await chooseWorkspace(t, device, null)).statusCode).toBe(200);
    t.clock.advance(10);
    expect(workspaceOf((await login(t, worker.email)).token)).toBeNull();
  });

  it('lands at home when the membership was switched off since', async () => {
    const { workspace, worker } = await workedThenLeft();
    await t.db.db
      .update(workspaceMembers)
      .set({ status: 'inactive' })
      .where(
        and(
          eq(workspaceMembers.workspaceId, workspace.workspace_id),
          eq(workspaceMembers.userId, worker.userId),
        ),
      );
    expect(workspaceOf((await login(t, worker.email)).token)).toBeNull();
  });

  it('lands at home when the workspace was archived since', async () => {
    const { workspace, worker } = await workedThenLeft();
    await t.db.db.update(workspaces).set({ archived: true }).where(eq(workspaces.id, workspace.workspace_id));
    expect(workspaceOf((await login(t, worker.email)).token)).toBeNull();
  });
});
