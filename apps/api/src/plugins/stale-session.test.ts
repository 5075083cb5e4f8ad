import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaceMembers, workspaces } from '../db/schema/workspaces.ts';
import { useTestApp } from '../test/helpers.ts';
import { enter, login } from '../test/tenants.ts';
import { call, tenantWithWorker } from '../test/work.ts';
import { STALE_SESSION_HEADER } from './auth.ts';

// The API holds a token to its live membership at once; the token's own claims (and the web app's
// navigation built from them) still say the old role until it is refreshed. An answer to a token
// whose workspace claims no longer hold says so (X-Session-Stale: 1), on a read sent ahead of the
// session check as on any other route, on a success as on a refusal; a refresh answers a token
// that holds, and then the header is gone.

const t = useTestApp();
// A read-ahead route, a plain read and a write's refusal.
const URLS = ['/api/tasks', '/api/team', '/api/tags'];

async function setUp() {
  const s = await tenantWithWorker(t);
  const member = and(
    eq(workspaceMembers.workspaceId, s.workspace.workspace_id),
    eq(workspaceMembers.userId, s.worker.userId),
  );
  const stale = async (token: string) => {
    const answers = await Promise.all(URLS.map((url) => call(t, 'GET', url, token)));
    return answers.map((answer) => answer.headers[STALE_SESSION_HEADER] ?? null);
  };
  return { ...s, member, stale };
}

describe('X-Session-Stale', () => {
  it("is not sent while the token's role, template and membership hold (nor at home)", async () => {
    const { worker, owner, stale } = await setUp();
    expect(await stale(worker.token)).toEqual([null, null, null]);
    expect(await stale(owner.token)).toEqual([null, null, null]);
  });

  it('is sent once the role changed, and no more after a new token', async () => {
    const { worker, member, stale, workspace } = await setUp();
    await t.db.db.update(workspaceMembers).set({ role: 'admin' }).where(member);
    expect(await stale(worker.token)).toEqual(['changed', 'changed', 'changed']);
    const { token } = await enter(t, await login(t, worker.email), workspace.workspace_id);
    expect(await stale(token)).toEqual([null, null, null]);
  });

  it('is sent, saying why, with the refusal when the membership is gone, inactive, or the workspace archived', async () => {
    const { worker, member, stale, workspace } = await setUp();
    await t.db.db.update(workspaceMembers).set({ status: 'inactive' }).where(member);
    expect(await stale(worker.token)).toEqual(['inactive', 'inactive', 'inactive']);
    await t.db.db.update(workspaceMembers).set({ status: 'active' }).where(member);
    expect(await stale(worker.token)).toEqual([null, null, null]);
    await t.db.db.update(workspaces).set({ archived: true }).where(eq(workspaces.id, workspace.workspace_id));
    expect(await stale(worker.token)).toEqual(['archived', 'archived', 'archived']);
    await t.db.db
      .update(workspaces)
      .set({ archived: false })
      .where(eq(workspaces.id, workspace.workspace_id));
    await t.db.db.delete(workspaceMembers).where(member);
    const removed = await call(t, 'GET', '/api/tasks', worker.token);
    expect(removed.statusCode).toBe(403);
    expect(removed.headers[STALE_SESSION_HEADER]).toBe('removed');
    // A user-level read (the picker's) says so too: the web learns it on whatever it asks first.
    const picker = await call(t, 'GET', '/api/me/workspaces', worker.token);
    expect(picker.statusCode).toBe(200);
    expect(picker.headers[STALE_SESSION_HEADER]).toBe('removed');
  });
});
