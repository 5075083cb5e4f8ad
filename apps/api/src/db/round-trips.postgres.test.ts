import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../test/helpers.ts';
import { newTenant, type Tenant } from '../test/tenants.ts';
import { createProject, createTask } from '../test/work.ts';

/*
 * How many writes to PostgreSQL the hottest reads cost (docs/performance.md: on these machines a
 * round trip costs more than the SQL it carries). Runs in the api-postgres project only; the test
 * app is injected (no HTTP socket), so the process's socket writes are the database's.
 */

describe('round trips to PostgreSQL of the hot reads', () => {
  const t = useTestApp();
  let tenant: Tenant;
  let writes = 0;
  let counting = false;
  const write = Socket.prototype.write;

  beforeAll(async () => {
    tenant = await newTenant(t);
    const project = await createProject(t, tenant.owner.token);
    await createTask(t, tenant.owner.token, {
      project_id: project.project_id,
      assigned_to: tenant.holder.session.user.user_id,
    });
    Socket.prototype.write = function (this: Socket, ...args: unknown[]) {
      if (counting) writes += 1;
      return (write as (...a: unknown[]) => boolean).apply(this, args);
    } as typeof Socket.prototype.write;
  });
  afterAll(() => {
    Socket.prototype.write = write;
  });

  /** Database writes per request of `url`, once every connection of the pool knows its statements. */
  async function writesPerRequest(url: string): Promise<number> {
    const get = async () => {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(tenant.owner.token) });
      expect(response.statusCode, response.body).toBe(200);
    };
    // Four at once, twice: each of the pool's connections prepares the statements once.
    for (let i = 0; i < 2; i++) await Promise.all([get(), get(), get(), get()]);
    writes = 0;
    counting = true;
    try {
      for (let i = 0; i < 10; i++) await get();
    } finally {
      counting = false;
    }
    return writes / 10;
  }

  it('GET /api/dashboard: the session, then the figures with the COMMIT', async () => {
    expect(await writesPerRequest('/api/dashboard')).toBe(2);
  });

  it('GET /api/tasks: the session, then the page (tags included), its count and the COMMIT', async () => {
    expect(await writesPerRequest('/api/tasks?status=pending&sort=due_date&page=1&limit=14')).toBe(2);
  });

  it('GET /api/projects: the session, then the page (tags included), its count and the COMMIT', async () => {
    expect(await writesPerRequest('/api/projects?page=1&limit=14')).toBe(2);
  });
});
