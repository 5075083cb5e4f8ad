import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, post, useTestApp, withRefresh } from '../../test/helpers.ts';
import { socketWritesOf } from '../../test/statements.ts';
import {
  type Device,
  insertProject,
  insertTask,
  memberIn,
  newTenant,
  type Tenant,
} from '../../test/tenants.ts';
import { createTask } from '../../test/work.ts';

// PostgreSQL only: there a dashboard's statement goes in a read batch (db/read-batch.ts), and the
// same statement of the requests of one turn of the event loop runs once (sharedReads).

const t = useTestApp();
const dashboard = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(token) });
/**
 * How many times the batches' messages ran the dashboard's statement: its EXECUTEs are the ones
 * with today and the eight weeks' Mondays among their values.
 */
const dashboardRuns = (sent: string) =>
  [...sent.matchAll(/execute batch_\d+\(([^)]*)\)/g)].filter(
    ([, values]) => (values?.match(/'\d{4}-\d\d-\d\d'/g)?.length ?? 0) >= 9,
  ).length;

describe('the dashboard of one workspace, asked for at once', () => {
  let a: Tenant;
  let b: Tenant;
  let admin: Device;
  let worker: Device;
  let guest: Device;
  let projectOfA: string;

  beforeAll(async () => {
    a = await newTenant(t);
    b = await newTenant(t);
    projectOfA = await insertProject(t, a.workspace, { status: 'in_progress' });
    await insertTask(t, { ...a.workspace, project_id: projectOfA }, { status: 'pending' });
    const projectOfB = await insertProject(t, b.workspace);
    for (let i = 0; i < 3; i++)
      await insertTask(t, { ...b.workspace, project_id: projectOfB }, { status: 'completed' });
    admin = await memberIn(t, a.workspace, 'admin');
    worker = await memberIn(t, a.workspace, 'worker');
    guest = await memberIn(t, a.workspace, 'guest');
  });

  it("runs the figures once for the requests of one turn, and each gets its own workspace's", async () => {
    const tokens = [a.owner, admin, a.owner, admin, b.owner, b.owner].map((device) => device.token);
    const { result: responses, sent } = await socketWritesOf(() => Promise.all(tokens.map(dashboard)));
    const figures = responses.map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json();
      return `${data.workspace.workspace_id} ${data.tasks.total} ${data.members.total}`;
    });
    const ofA = `${a.workspace.workspace_id} 1 4`;
    const ofB = `${b.workspace.workspace_id} 3 1`;
    expect(figures).toEqual([ofA, ofA, ofA, ofA, ofB, ofB]);
    // Six requests, two workspaces, one choice of panels: at most two runs (one per workspace when
    // all six went out in one turn, as injected requests do).
    const runs = dashboardRuns(sent);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThan(6);
  });

  it("keeps each role's panels: the statement differs with them, so they are never shared", async () => {
    const responses = await Promise.all(
      [a.owner, worker, guest, admin, worker, guest].map((d) => dashboard(d.token)),
    );
    const panels = responses.map((response) => {
      const { data } = response.json();
      return [data.team.length > 0, data.projects_recent.length > 0];
    });
    expect(panels).toEqual([
      [true, true],
      [false, true],
      [false, false],
      [true, true],
      [false, true],
      [false, false],
    ]);
  });

  it('sees what was committed before it was asked for', async () => {
    for (let round = 0; round < 3; round++) {
      const before = (await dashboard(a.owner.token)).json().data.tasks.total as number;
      await createTask(t, a.owner.token, {
        project_id: projectOfA,
        assigned_to: a.holder.session.user.user_id,
      });
      const after = await Promise.all([dashboard(a.owner.token), dashboard(admin.token)]);
      for (const response of after) expect(response.json().data.tasks.total).toBe(before + 1);
    }
  });

  it('answers a signed-out session 401 even when its read was shared', async () => {
    const other = await memberIn(t, a.workspace, 'admin');
    const out = await post(t.app, '/api/auth/logout', undefined, withRefresh(other.cookie));
    expect(out.statusCode, out.body).toBe(204);
    const [signedIn, signedOut] = await Promise.all([dashboard(admin.token), dashboard(other.token)]);
    expect(signedIn.statusCode).toBe(200);
    expect(signedOut.statusCode).toBe(401);
  });
});
