import {
  type AnyColumn,
  and,
  asc,
  desc,
  gte,
  ilike,
  lte,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';

/** `%text%` for ILIKE, with the pattern characters of the text itself taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A list's WHERE as a prepared statement sees it (db/prepared.ts): each filter the request brings
 * is a condition on a placeholder, and its value goes to `values`. `key` names which filters are
 * there (and any variant of their SQL), so one statement serves every request of the same shape.
 */
export class ListShape {
  readonly values: Record<string, unknown>;
  private readonly parts: string[];
  private readonly conditions: (() => SQL)[] = [];

  /**
   * `name` tells the lists apart; `values` are those every statement of the list runs with (the
   * tenant's, at least) and `always` the conditions on them (the tenant's workspace).
   */
  constructor(name: string, values: Record<string, unknown>, always: () => SQL) {
    this.parts = [name];
    this.values = { ...values };
    this.conditions.push(always);
  }

  /** A condition on a request's value (skipped when it is absent or empty), through placeholder `name`. */
  param(name: string, value: unknown, condition: (value: Placeholder<string>) => SQL): this {
    if (value === undefined || value === null || value === '') return this;
    this.parts.push(name);
    this.values[name] = value;
    this.conditions.push(() => condition(sql.placeholder(name)));
    return this;
  }

  /** A condition whose SQL depends on a choice (`name=choice` is part of the shape), with no value of its own. */
  choice(name: string, choice: string, condition: () => SQL): this {
    this.parts.push(`${name}=${choice}`);
    this.conditions.push(condition);
    return this;
  }

  /** The list's order: each sort is a statement of its own. */
  sorted(sort: string): this {
    this.parts.push(`sort=${sort}`);
    return this;
  }

  get key(): string {
    return this.parts.join('|');
  }

  /** The WHERE, with placeholders for every value: call it only while building the statement. */
  where(): SQL | undefined {
    return and(...this.conditions.map((condition) => condition()));
  }
}

type Named = { name: AnyColumn; dueDate: AnyColumn };
type NameAndDue = { q?: string | undefined; due_before?: string | undefined; due_after?: string | undefined };

/** The filters every work list takes: `q` (name contains, any case) and a due-date range, both ends included. */
export function nameAndDueFilters(shape: ListShape, table: Named, query: NameAndDue): ListShape {
  return shape
    .param('q', query.q ? containing(query.q) : undefined, (q) => ilike(table.name, q))
    .param('due_after', query.due_after, (day) => gte(table.dueDate, day))
    .param('due_before', query.due_before, (day) => lte(table.dueDate, day));
}

/**
 * ORDER BY for a `sort` value such as 'name' or '-due_date': the column(s) that sort means, then
 * `id` as the tiebreak (so pages never overlap nor skip a row), all in the one direction, which is
 * the order of the matching (..., column, id) index read forwards or backwards.
 */
function orderFor<K extends string>(
  sort: K | `-${K}`,
  columns: Record<K, readonly (AnyColumn | SQL)[]>,
  id: AnyColumn,
): SQL[] {
  const descending = sort.startsWith('-');
  const key = (descending ? sort.slice(1) : sort) as K;
  const direction = descending ? desc : asc;
  return [...columns[key], id].map((column) => direction(column));
}

type Listed = Named & { status: AnyColumn; createdAt: AnyColumn; id: AnyColumn };
type ListSort = 'due_date' | 'status' | 'name' | 'created_at';

/**
 * The ORDER BY of the project, milestone and task lists: by due date, status (then due date), name
 * or creation, then id. `byStatus` replaces the stored status (tasks sort by the status shown).
 */
export const listOrder = (
  table: Listed,
  sort: ListSort | `-${ListSort}`,
  byStatus: AnyColumn | SQL = table.status,
): SQL[] =>
  orderFor(
    sort,
    {
      due_date: [table.dueDate],
      status: [byStatus, table.dueDate],
      name: [table.name],
      created_at: [table.createdAt],
    },
    table.id,
  );
