import { describe, expect, it } from 'vitest';
import { TEMPLATES, type Template, WORKSPACE_ROLES } from './enums.ts';
import {
  isModuleAction,
  MODULE_ACTIONS,
  MODULES,
  moduleActionRule,
  moduleByKey,
  templateDashboard,
  templateIncludes,
} from './modules.ts';
import { ACTIONS, type Auth, CORE_ACTIONS, can } from './permissions.ts';

const inWorkspace = (role: Auth['role'], template: Template | null): Auth => ({
  user_id: 'u-1',
  role,
  platform_role: null,
  accounts: role === 'owner' ? 1 : 0,
  account_id: 'acc-1',
  workspace_id: template ? 'ws-1' : null,
  template,
});

describe('the module registry', () => {
  it('names each module once, in lower-case letters', () => {
    const keys = MODULES.map((module) => module.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z]+$/);
  });

  it('puts every module in at least one template, each a real one, once', () => {
    for (const module of MODULES) {
      expect(module.templates.length, module.key).toBeGreaterThan(0);
      expect(new Set(module.templates).size, module.key).toBe(module.templates.length);
      for (const template of module.templates) expect(TEMPLATES).toContain(template);
    }
  });

  it("names every action '<module>:<verb>', once across modules and the core, held by real roles", () => {
    for (const module of MODULES) {
      for (const [action, rule] of Object.entries(module.actions)) {
        expect(action).toMatch(new RegExp(`^${module.key}:[a-z_]+$`));
        expect(rule.roles.length, action).toBeGreaterThan(0);
        for (const role of rule.roles) expect(WORKSPACE_ROLES).toContain(role);
      }
    }
    expect(new Set(ACTIONS).size).toBe(ACTIONS.length);
    expect(ACTIONS).toEqual([...CORE_ACTIONS, ...MODULE_ACTIONS]);
    for (const action of CORE_ACTIONS) expect(isModuleAction(action), action).toBe(false);
  });

  it('links each sidebar entry once, to a page of its own module, behind one of its actions', () => {
    const paths = MODULES.flatMap((module) => module.sidebar.map((entry) => entry.path));
    expect(new Set(paths).size).toBe(paths.length);
    for (const module of MODULES) {
      for (const entry of module.sidebar) {
        expect(entry.path).toMatch(new RegExp(`^/${module.key}/[a-z0-9-]+$`));
        expect(Object.keys(module.actions)).toContain(entry.action);
        expect(ACTIONS).toContain(entry.action);
        expect(entry.label.trim()).not.toBe('');
      }
    }
  });

  it('gives every template one dashboard route of its own, the spec’s', () => {
    for (const template of TEMPLATES) {
      expect(templateDashboard(template)).toBe(
        template === 'workspace' ? '/dashboard' : `/dashboard_${template}`,
      );
    }
    const routes = TEMPLATES.map(templateDashboard);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('lets a module own the dashboard of its own templates only, and no template two', () => {
    const owners = new Map<string, string>();
    for (const module of MODULES) {
      for (const [template, path] of Object.entries(module.dashboards)) {
        expect(module.templates, `${module.key} owns the ${template} dashboard`).toContain(template);
        expect(owners.has(template), `two modules own the ${template} dashboard`).toBe(false);
        owners.set(template, module.key);
        expect(templateDashboard(template as Template)).toBe(path);
      }
    }
  });

  it('says which templates include a module', () => {
    expect(templateIncludes('mrp', 'operations')).toBe(true);
    expect(templateIncludes('crm', 'operations')).toBe(true);
    expect(templateIncludes('barber', 'operations')).toBe(false);
    expect(templateIncludes(null, 'operations')).toBe(false);
    expect(moduleByKey('operations').label).toBe('Operations');
    expect(moduleActionRule('operations:plan').module.key).toBe('operations');
  });
});

describe("can() and the modules' actions", () => {
  it.each(MODULE_ACTIONS)(
    'gives %s to the roles of its manifest, in a template that includes it',
    (action) => {
      const { module, rule } = moduleActionRule(action);
      for (const template of TEMPLATES) {
        for (const role of WORKSPACE_ROLES) {
          const expected = module.templates.includes(template) && rule.roles.includes(role);
          expect(can(inWorkspace(role, template), action), `${role} in ${template}`).toBe(expected);
        }
      }
    },
  );

  it.each(MODULE_ACTIONS)('gives %s to nobody outside a workspace, nor to platform staff', (action) => {
    expect(can(inWorkspace('owner', null), action)).toBe(false);
    const staff: Auth = {
      ...inWorkspace('super_admin', null),
      platform_role: 'super_admin',
      account_id: null,
    };
    expect(can(staff, action)).toBe(false);
  });

  it('decides operations as docs/modules.md says: owner and admin plan, members write, workers read', () => {
    const holders = (action: (typeof MODULE_ACTIONS)[number]) =>
      WORKSPACE_ROLES.filter((role) => can(inWorkspace(role, 'mrp'), action));
    expect(holders('operations:read')).toEqual(['owner', 'admin', 'member', 'worker']);
    expect(holders('operations:write')).toEqual(['owner', 'admin', 'member']);
    expect(holders('operations:plan')).toEqual(['owner', 'admin']);
  });
});
