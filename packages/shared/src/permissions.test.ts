import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TokenRole } from './enums.ts';
import { isModuleAction, moduleActionRule } from './modules.ts';
import { ACTIONS, type Action, type Auth, can } from './permissions.ts';

const COLUMNS = [
  'super_admin',
  'platform admin',
  'owner',
  'admin',
  'member',
  'worker',
  'guest',
  'customer',
] as const;
type Column = (typeof COLUMNS)[number];

/** A session of each column: staff outside any workspace, everyone else inside one. */
function authOf(column: Column): Auth {
  const base = { user_id: 'u-1', accounts: 0, account_id: null, workspace_id: null, template: null };
  switch (column) {
    case 'super_admin':
      return { ...base, role: 'super_admin', platform_role: 'super_admin' };
    case 'platform admin':
      return { ...base, role: 'admin', platform_role: 'admin' };
    default: {
      const role: TokenRole = column;
      return {
        ...base,
        role,
        platform_role: null,
        accounts: column === 'owner' ? 1 : 0,
        account_id: 'acc-1',
        workspace_id: 'ws-1',
        template: 'crm',
      };
    }
  }
}

/** A module's action is asked in a workspace of a template that includes the module. */
function authFor(column: Column, action: Action): Auth {
  const auth = authOf(column);
  if (!isModuleAction(action) || auth.workspace_id === null) return auth;
  return { ...auth, template: moduleActionRule(action).module.templates[0] ?? null };
}

/** The table of docs/permissions.md: action -> column -> yes | no | own. */
function documentedTable(): Map<string, Record<Column, string>> {
  const doc = readFileSync(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
  const rows = new Map<string, Record<Column, string>>();
  for (const line of doc.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const action = cells[1];
    if (!action || !/^[a-z]+:[a-z_]+$/.test(action)) continue;
    const values = cells.slice(2, 2 + COLUMNS.length);
    rows.set(
      action,
      Object.fromEntries(COLUMNS.map((column, i) => [column, values[i] ?? ''])) as Record<Column, string>,
    );
  }
  return rows;
}

describe('can() and docs/permissions.md', () => {
  const table = documentedTable();

  it('documents every action, and only those', () => {
    expect([...table.keys()].sort()).toEqual([...ACTIONS].sort());
  });

  for (const action of ACTIONS) {
    for (const column of COLUMNS) {
      it(`${action} for ${column} is '${table.get(action)?.[column]}'`, () => {
        const expected = table.get(action)?.[column];
        const auth = authFor(column, action);
        if (expected === 'own') {
          expect(can(auth, action, { assigned_to: auth.user_id })).toBe(true);
          expect(can(auth, action, { assigned_to: 'someone-else' })).toBe(false);
        } else {
          expect(expected === 'yes' || expected === 'no').toBe(true);
          expect(can(auth, action, { assigned_to: 'someone-else' })).toBe(expected === 'yes');
        }
      });
    }
  }
});

describe('can() beyond the table', () => {
  const owner = authOf('owner');
  const ownerAt = (patch: Partial<Auth>): Auth => ({ ...owner, ...patch });

  it('lets an account holder manage workspaces before choosing one', () => {
    const home = ownerAt({ workspace_id: null, template: null });
    for (const action of ['workspace:create', 'workspace:list', 'billing:view'] satisfies Action[]) {
      expect(can(home, action)).toBe(true);
    }
    expect(can(home, 'dashboard:view')).toBe(false);
    expect(can(home, 'team:invite')).toBe(false);
  });

  it('refuses workspace management to an account holder acting as a worker in another account', () => {
    expect(can(ownerAt({ role: 'worker', account_id: 'acc-2' }), 'workspace:create')).toBe(false);
  });

  it('gives Tags to the admin of a workspace of that template only', () => {
    expect(can(owner, 'tags:manage', { template: 'crm' })).toBe(true);
    expect(can(owner, 'tags:manage', { template: 'mrp' })).toBe(false);
  });

  it('gives platform staff nothing inside a tenant', () => {
    expect(can(authOf('super_admin'), 'project:view')).toBe(false);
    expect(can(authOf('platform admin'), 'team:view')).toBe(false);
  });
});
