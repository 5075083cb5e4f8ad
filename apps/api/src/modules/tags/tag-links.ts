import { messages } from '@workhub/shared/messages';
import type { TagRef } from '@workhub/shared/schemas/tags';
import { and, asc, count, eq, exists, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/correlated.ts';
import { runPrepared } from '../../db/prepared.ts';
import { projectTags, tags, taskTags } from '../../db/schema/tags.ts';
import { projects, tasks } from '../../db/schema/work.ts';
import { inScopeWorkspace, type WorkspaceScope } from '../../db/tenant-scope.ts';
import { AppError, isForeignKeyViolation } from '../../lib/app-error.ts';

/*
 * The tags projects and tasks carry (project_tags, task_tags): checking a set of tag ids, replacing
 * a record's set, the list filter, and the tags of records: as a column of the statement that reads
 * them (the lists), or for a set of records in one query.
 */

export type Tagged = 'project' | 'task';

const links = {
  project: { table: projectTags, recordId: projectTags.projectId, record: projects },
  task: { table: taskTags, recordId: taskTags.taskId, record: tasks },
} as const;

const unknownTag = () =>
  new AppError(400, 'VALIDATION_FAILED', messages.tagUnknown, { fields: { tag_ids: messages.tagUnknown } });

/** 400 (messages.tagUnknown) unless every id is a tag of the session's workspace. */
export async function assertTagsOfWorkspace(db: Db, scope: WorkspaceScope, tagIds: readonly string[]) {
  if (tagIds.length === 0) return;
  // One prepared statement whatever the number of ids (an array parameter).
  const [found] = await runPrepared(
    db,
    'tags_of_workspace',
    { ...scope.workspaceValues(), ids: [...tagIds] },
    () =>
      db
        .select({ n: count() })
        .from(tags)
        .where(and(inScopeWorkspace(tags), sql`${tags.id} = any(${sql.placeholder('ids')}::uuid[])`)),
  );
  if ((found?.n ?? 0) !== tagIds.length) throw unknownTag();
}

/**
 * The record now carries exactly `tagIds` (checked with assertTagsOfWorkspace first). Run it in
 * the transaction that writes the record; a tag deleted meanwhile is refused by the foreign key
 * and answered like an unknown one.
 */
export async function replaceTags(
  tx: Db,
  scope: Pick<WorkspaceScope, 'workspace' | 'workspaceValues'>,
  kind: Tagged,
  recordId: string,
  tagIds: readonly string[],
) {
  const { table, recordId: recordColumn } = links[kind];
  const values = { ...scope.workspaceValues(), recordId, ids: [...tagIds] };
  // Two prepared statements (whatever the number of tags: an array parameter), both sent before
  // either is answered (the insert follows the delete on the connection, so it runs after it): in a
  // request transaction that pipelines, one write.
  const removed = runPrepared(tx, `tag_links_delete|${kind}`, values, () =>
    tx.delete(table).where(and(inScopeWorkspace(table), eq(recordColumn, sql.placeholder('recordId')))),
  );
  if (tagIds.length === 0) {
    await removed;
    return;
  }
  const added = runPrepared(tx, `tag_links_insert|${kind}`, values, () =>
    tx
      .insert(table)
      .select(
        sql`select ${sql.placeholder('accountId')}::uuid, ${sql.placeholder('workspaceId')}::uuid, ${sql.placeholder('recordId')}::uuid, unnest(${sql.placeholder('ids')}::uuid[])`,
      ),
  );
  try {
    await Promise.all([removed, added]);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw unknownTag();
    throw err;
  }
}

/**
 * The records (projects or tasks of the list's query) that carry the tag: EXISTS on the tag index.
 * For a prepared list (db/prepared.ts): the tag and the workspace are placeholders.
 */
export function carryingTag(db: Db, kind: Tagged, tagId: Placeholder<string>): SQL {
  const { table, recordId, record } = links[kind];
  return exists(
    db
      .select({ one: sql`1` })
      .from(table)
      .where(and(inScopeWorkspace(table), eq(table.tagId, tagId), eq(recordId, record.id))),
  );
}

/**
 * The record's tags (TagRef, by name whatever the case, then id; [] when none) as a column of the
 * statement that reads the records: a correlated sub-select on the link table's primary key. A list
 * page gets its tags with its rows instead of in a round trip after them (tagsOf needs the page's
 * ids first; the bench's bare stack measured +10-13% requests/s). PGlite and postgres.js both parse
 * a json column into its value. The workspace condition stays beside row-level security, as in
 * every query of a tenant table.
 */
export function tagsColumn(kind: Tagged): SQL<TagRef[]> {
  const { table, recordId, record } = links[kind];
  const tag = sql`json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color})`;
  const tagOfLink = and(eq(tags.accountId, table.accountId), eq(tags.id, table.tagId));
  const ofRecord = and(
    eq(table.accountId, outer(record.accountId)),
    eq(table.workspaceId, outer(record.workspaceId)),
    eq(recordId, outer(record.id)),
  );
  const list = sql`coalesce(json_agg(${tag} order by lower(${tags.name}), ${tags.id}), '[]'::json)`;
  return sql<TagRef[]>`(select ${list} from ${table} inner join ${tags} on ${tagOfLink} where ${ofRecord})`;
}

/** The tags of each record, by name, in one prepared statement (no query per record). */
export async function tagsOf(
  db: Db,
  scope: WorkspaceScope,
  kind: Tagged,
  recordIds: readonly string[],
): Promise<Map<string, TagRef[]>> {
  const byRecord = new Map<string, TagRef[]>();
  if (recordIds.length === 0) return byRecord;
  const rows = await runPrepared(
    db,
    `tags_of_${kind}`,
    { ...scope.workspaceValues(), ids: recordIds },
    () => {
      const { table, recordId } = links[kind];
      return db
        .select({ recordId, id: tags.id, name: tags.name, color: tags.color })
        .from(table)
        .innerJoin(tags, and(eq(tags.accountId, table.accountId), eq(tags.id, table.tagId)))
        .where(and(inScopeWorkspace(table), sql`${recordId} = any(${sql.placeholder('ids')})`))
        .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
    },
  );
  for (const { recordId: id, ...tag } of rows) {
    const list = byRecord.get(id);
    if (list) list.push(tag);
    else byRecord.set(id, [tag]);
  }
  return byRecord;
}

/** The items with their `tags` (loaded for all of them at once). */
export async function withTags<T>(
  db: Db,
  scope: WorkspaceScope,
  kind: Tagged,
  items: readonly T[],
  idOf: (item: T) => string,
): Promise<(T & { tags: TagRef[] })[]> {
  const byRecord = await tagsOf(db, scope, kind, items.map(idOf));
  return items.map((item) => ({ ...item, tags: byRecord.get(idOf(item)) ?? [] }));
}
