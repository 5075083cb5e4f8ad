import { taskExportQuery } from '@workhub/shared/schemas/work';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsStatement } from '../../db/paging.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { useTestApp } from '../../test/helpers.ts';
import { boundStatement, explainAnalyze, nodesOf, type PlanNode } from '../../test/plans.ts';
import { newTenant, type Tenant } from '../../test/tenants.ts';
import { createProject } from '../../test/work.ts';
import { taskListOf } from './task-queries.ts';

/*
 * How PostgreSQL runs a deep page of a big project's task list (docs/performance.md "The task
 * list at 1M: big tenants' pages"). Planned as one select, such a page joined every matching task
 * to its project, milestone and assignee (the users table scanned whole), sorted them all, then
 * kept 14: a page 40 deep cost 600 rows of joins. The page's keys are now picked from the tasks
 * alone, and only those rows are joined. Runs in the api-postgres project only: the plans are the
 * server's (PGlite has the same planner, but this is the database the big tenants run on).
 */

const JOINS = new Set(['Nested Loop', 'Hash Join', 'Merge Join']);
const PAGE = 14;
const TASKS = 600;

describe("a deep page of a big project's task list", () => {
  const t = useTestApp();
  let tenant: Tenant;
  let projectId: string;

  beforeAll(async () => {
    tenant = await newTenant(t);
    projectId = (await createProject(t, tenant.owner.token)).project_id;
    const { account_id, workspace_id } = tenant.workspace;
    const owner = tenant.holder.session.user.user_id;
    // Pending tasks due over the next months (some with no date), as the bench's big tenants have.
    await t.db.db.execute(sql`
      insert into tasks (account_id, workspace_id, project_id, name, description, status, assigned_to, due_date)
      select ${account_id}, ${workspace_id}, ${projectId}, 'Task ' || n, '', 'pending', ${owner},
        case when n % 10 = 0 then null else current_date + (n % 90) end
      from generate_series(1, ${TASKS}) as n`);
    await t.db.db.execute(sql`analyze tasks`);
  });

  /** EXPLAIN ANALYZE of the page statement the list prepares, as the app runs it (its role, its tenant). */
  async function planOf(page: number): Promise<PlanNode> {
    const scope = {
      auth: { user_id: tenant.holder.session.user.user_id },
      workspaceValues: () => ({
        accountId: tenant.workspace.account_id,
        workspaceId: tenant.workspace.workspace_id,
      }),
    } as unknown as WorkspaceScope;
    const today = new Date().toISOString().slice(0, 10);
    const query = taskExportQuery.parse({ project_id: projectId, status: 'pending', sort: 'due_date' });
    const app = await t.db.appDb();
    const list = taskListOf(app, scope, query, today, null);
    const { text, params } = boundStatement(rowsStatement(app, list), {
      ...list.shape.values,
      limit: PAGE,
      offset: (page - 1) * PAGE,
    });
    const tenantOf = {
      accountId: tenant.workspace.account_id,
      workspaceId: tenant.workspace.workspace_id,
      userId: tenant.holder.session.user.user_id,
    };
    return explainAnalyze(app, tenantOf, text, params);
  }

  it('joins only the page’s rows, however deep the page', async () => {
    for (const page of [1, 20, 40]) {
      const plan = await planOf(page);
      expect(plan['Actual Rows'], `page ${page}`).toBe(PAGE);
      const joins = nodesOf(plan).filter((node) => JOINS.has(node['Node Type']));
      expect(joins.length, `page ${page}`).toBeGreaterThan(0);
      for (const join of joins)
        expect(join['Actual Rows'], `page ${page}: ${join['Node Type']}`).toBeLessThanOrEqual(PAGE);
    }
  });
});
