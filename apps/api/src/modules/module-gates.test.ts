import { randomUUID } from 'node:crypto';
import { TEMPLATES, type Template, type WorkspaceRole } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import {
  isModuleAction,
  MODULES,
  type ModuleAction,
  moduleActionRule,
  type TemplateModule,
} from '@workhub/shared/modules';
import { type Auth, can } from '@workhub/shared/permissions';
import Fastify, { type RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerModule } from '../plugins/module-gate.ts';
import { bearer, openTestDb, type TestApp, testApp } from '../test/helpers.ts';
import { staffMember } from '../test/staff.ts';
import { type Device, memberIn, newTenant, type Tenant } from '../test/tenants.ts';

/*
 * The gate of every template module of the registry (packages/shared/src/modules.ts), on every
 * route the module registers: anonymous 401; a workspace of a template that does not include the
 * module, a session outside any workspace and platform staff 404 with the body of a missing
 * record; in a workspace of each template that includes it, the role's can() answer (200, or 403
 * for a role without the route's action). In this file's app the modules' handlers are replaced by
 * a stub and their schemas dropped as the routes are registered, so the test needs nothing of a
 * module's inputs (ids, bodies): what answers is the gate alone. Each module's own tests and
 * permission matrix call its real handlers.
 */

type GatedRoute = { module: TemplateModule; method: string; url: string; action: ModuleAction };

const gated: GatedRoute[] = [];

/** Records a module's route and leaves only its gate to answer (a stub handler, no schema). */
function stubModuleRoute(route: RouteOptions): void {
  const action = route.config?.action;
  if (action === undefined || !isModuleAction(action)) return;
  const { module } = moduleActionRule(action);
  for (const method of [route.method].flat()) {
    if (method !== 'HEAD') gated.push({ module, method, url: route.url, action });
  }
  route.schema = {};
  route.handler = async () => ({ passed: 'the gate' });
}

/** A concrete address for a route's pattern: any id will do, the gate reads none. */
const addressOf = (url: string): string =>
  url.replace(/:[A-Za-z_]+/g, () => randomUUID()).replace(/\*$/, 'x');

const workspaceAuth = (role: WorkspaceRole, template: Template): Auth => ({
  user_id: 'u',
  role,
  platform_role: null,
  accounts: role === 'owner' ? 1 : 0,
  account_id: 'a',
  workspace_id: 'w',
  template,
});

const ROLES = ['admin', 'member', 'worker', 'guest', 'customer'] as const;

describe('the gate of every template module', () => {
  let t: TestApp;
  /** The owner of a workspace of each template. */
  const owners = {} as Record<Template, Tenant>;
  /** A member of each role in the workspace of the first template of each module. */
  const members = new Map<string, Device>();
  let staff: Device;
  let missingRecord: { statusCode: number; body: unknown };

  beforeAll(async () => {
    // Every route of every module, for every role, from one IP: far past the per-IP limit of a minute.
    t = await testApp(await openTestDb(), { RATE_LIMIT_PER_IP: '1000000' }, { onRoute: stubModuleRoute });
    for (const template of TEMPLATES) owners[template] = await newTenant(t, template);
    for (const template of new Set(MODULES.map((module) => module.templates[0]))) {
      if (template === undefined) continue;
      for (const role of ROLES) {
        members.set(`${template} ${role}`, await memberIn(t, owners[template].workspace, role));
      }
    }
    staff = await staffMember(t, 'super_admin');
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${randomUUID()}`,
      headers: bearer(owners.workspace.owner.token),
    });
    missingRecord = { statusCode: missing.statusCode, body: missing.json() };
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.db.close();
  });

  const call = (route: GatedRoute, token?: string) =>
    t.app.inject({
      method: route.method as 'GET',
      url: addressOf(route.url),
      headers: token ? bearer(token) : {},
    });

  /** The module's gate answers a route of it exactly as a missing record: same status, same body. */
  const expectAbsent = async (route: GatedRoute, token: string | undefined, who: string) => {
    const response = await call(route, token);
    expect(response.statusCode, `${route.method} ${route.url} as ${who}: ${response.body}`).toBe(404);
    expect(response.json()).toEqual(missingRecord.body);
  };

  it('answers a missing record with the one 404 body', () => {
    expect(missingRecord).toEqual({
      statusCode: 404,
      body: { error: { code: 'NOT_FOUND', message: messages.notFound } },
    });
  });

  describe.each(MODULES.map((module) => [module.key, module] as const))('%s', (key, module) => {
    const routes = () => gated.filter((route) => route.module.key === key);

    it('registers routes, each behind one of its actions', () => {
      expect(routes().length).toBeGreaterThan(0);
      for (const route of routes()) expect(Object.keys(module.actions)).toContain(route.action);
    });

    it('refuses an anonymous caller with 401', async () => {
      for (const route of routes()) {
        expect((await call(route)).statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    });

    it.each(TEMPLATES.filter((template) => !module.templates.includes(template)))(
      'does not exist in a %s workspace (404, as a missing record)',
      async (template) => {
        for (const route of routes()) await expectAbsent(route, owners[template].owner.token, template);
      },
    );

    it('does not exist outside a workspace, nor for platform staff (404)', async () => {
      const atHome = owners[module.templates[0] ?? 'workspace'].home.token;
      for (const route of routes()) {
        await expectAbsent(route, atHome, 'a holder at home');
        await expectAbsent(route, staff.token, 'staff');
      }
    });

    it.each(module.templates)('in a %s workspace, lets the owner in as can() says', async (template) => {
      for (const route of routes()) {
        const expected = can(workspaceAuth('owner', template), route.action) ? 200 : 403;
        const response = await call(route, owners[template].owner.token);
        expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(expected);
      }
    });

    it.each(ROLES)('lets the role %s in as can() says: 200 with the action, 403 without', async (role) => {
      const template = module.templates[0] ?? 'workspace';
      const member = members.get(`${template} ${role}`);
      if (!member) throw new Error(`no ${role} in the ${template} workspace`);
      for (const route of routes()) {
        const expected = can(workspaceAuth(role, template), route.action) ? 200 : 403;
        const response = await call(route, member.token);
        expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(expected);
      }
    });

    it("follows the workspace's template as it is now, not as the token says", async () => {
      const included = module.templates[0] ?? 'workspace';
      const other = TEMPLATES.find((template) => !module.templates.includes(template));
      if (!other) return;
      const tenant = await newTenant(t, included);
      const retemplate = (template: Template) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/workspaces/${tenant.workspace.workspace_id}`,
          headers: bearer(tenant.home.token),
          payload: { workspace_name: tenant.workspace.workspace_name, template, description: 'Changed' },
        });
      const [route] = routes();
      if (!route) throw new Error(`${key} has no route`);
      expect((await retemplate(other)).statusCode).toBe(200);
      await expectAbsent(route, tenant.owner.token, `a workspace made ${other}`);
      expect((await retemplate(included)).statusCode).toBe(200);
      expect((await call(route, tenant.owner.token)).statusCode).not.toBe(404);
    });
  });

  it('refuses to start a module whose route declares no action, or another module’s', async () => {
    const [module] = MODULES;
    if (!module) return;
    const noAction: FastifyPluginAsyncZod<Record<string, never>> = async (app) => {
      app.get('/unguarded', async () => ({}));
    };
    const foreignAction: FastifyPluginAsyncZod<Record<string, never>> = async (app) => {
      app.get('/elsewhere', { config: { action: 'project:view' } }, async () => ({}));
    };
    for (const routes of [noAction, foreignAction]) {
      const app = Fastify();
      await expect(registerModule(app, t.db.db, module, routes, {})).rejects.toThrow(
        /declares config\.action/,
      );
      await app.close();
    }
  });
});
