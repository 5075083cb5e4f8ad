import { is, Placeholder } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { rowsStatement } from '../db/paging.ts';
import { type Tenant, withTenant } from '../db/tenant-context.ts';
import { type WorkspaceScope, workspaceConditions } from '../db/tenant-scope.ts';

/** A node of PostgreSQL's `explain (analyze, format json)`, as much of it as the plan tests read. */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

type PostgresUnsafe = (query: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** The node and every node under it. */
export const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * EXPLAIN ANALYZE of the statement `text` with `params`, as the app runs it: on its pool (`app`, the
 * app's role, row-level security on), in a transaction whose tenant is `tenant`. PostgreSQL only.
 */
export async function explainAnalyze(
  app: Db,
  tenant: Tenant,
  text: string,
  params: unknown[],
): Promise<PlanNode> {
  const [row] = await withTenant(app, tenant, (tx: Db) => {
    const client = (tx as unknown as { session: { client: { unsafe: PostgresUnsafe } } }).session.client;
    return client.unsafe(`explain (analyze, format json) ${text}`, params);
  });
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
  if (!parsed[0]) throw new Error('no plan');
  return parsed[0].Plan;
}

/** The rows the plan's scans of `relation` looked at: those kept and those a filter or a recheck dropped, over every loop. */
export const rowsRead = (plan: PlanNode, relation: string): number =>
  nodesOf(plan)
    .filter((node) => node['Relation Name'] === relation)
    .reduce(
      (sum, node) =>
        sum +
        (node['Actual Rows'] +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
          (node['Actual Loops'] ?? 1),
      0,
    );

/**
 * The statement's text and its parameters with each placeholder (db/prepared.ts) replaced by its
 * value in `values`: what explainAnalyze takes for a statement the app prepares.
 */
export function boundStatement(
  statement: { toSQL: () => { sql: string; params: unknown[] } },
  values: Record<string, unknown>,
): { text: string; params: unknown[] } {
  const { sql: text, params } = statement.toSQL();
  return {
    text,
    params: params.map((param) => {
      if (!is(param, Placeholder)) return param;
      if (!(param.name in values)) throw new Error(`no value for the placeholder ${param.name}`);
      return values[param.name];
    }),
  };
}

/** A service's context for building its statements in a plan test (the database and a clock). */
export const statementCtx = (db: Db) => ({ db, now: () => new Date() }) as unknown as Ctx;

/** The workspace scope of `accountId`/`workspaceId` as the list builders read it, for a plan test. */
export const planScope = (accountId: string, workspaceId: string) =>
  ({
    accountId,
    workspaceId,
    ...workspaceConditions({ accountId, workspaceId }),
  }) as unknown as WorkspaceScope;

/**
 * EXPLAIN ANALYZE of the first page (`limit` rows) of a sorted list (db/paging.ts), as the app
 * prepares and runs it in the tenant's transaction. `list` is typed loosely: a service generic over
 * its kinds (orders) gives a list of either kind; its statement is built the same way.
 */
export function planOfListPage(app: Db, tenant: Tenant, list: unknown, limit: number): Promise<PlanNode> {
  const sorted = list as Parameters<typeof rowsStatement>[1];
  const { text, params } = boundStatement(rowsStatement(app, sorted), {
    ...sorted.shape.values,
    limit,
    offset: 0,
  });
  return explainAnalyze(app, tenant, text, params);
}
