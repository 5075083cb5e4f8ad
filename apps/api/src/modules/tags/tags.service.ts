import { messages } from '@workhub/shared/messages';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type { Tag, tagBody, tagListQuery } from '@workhub/shared/schemas/tags';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { countOf } from '../../db/aggregates.ts';
import { lockVersion } from '../../db/edit-lock.ts';
import { sortedPageOf } from '../../db/paging.ts';
import { projectTags, type TagRow, tags, taskTags } from '../../db/schema/tags.ts';
import { inScopeWorkspace, type WorkspaceScope, workspaceScope } from '../../db/tenant-scope.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import { assertCan } from '../../lib/assert-can.ts';
import type { EditVersion } from '../../lib/edit-version.ts';
import { ListShape } from '../../lib/list-query.ts';
import { inScope, recordAudit } from '../audit/audit.ts';

type TagInput = z.output<typeof tagBody>;

export function createTagService(ctx: Ctx) {
  const { db, now } = ctx;

  const thisTag = (scope: WorkspaceScope, id: string) => and(scope.workspace(tags), eq(tags.id, id));

  /** Tags with how many projects and tasks carry them, counted in SQL on the tag indexes. */
  /** `inWorkspace`: the scope's `workspace`, or inScopeWorkspace for a prepared statement. */
  function selectTags(inWorkspace: typeof inScopeWorkspace, where: SQL | undefined) {
    const usage = (table: typeof projectTags | typeof taskTags) =>
      sql`(select ${countOf()} from ${table} where ${and(inWorkspace(table), eq(table.tagId, tags.id))})`.mapWith(
        Number,
      );
    return db
      .select({ row: tags, projectCount: usage(projectTags), taskCount: usage(taskTags) })
      .from(tags)
      .where(where)
      .$dynamic();
  }
  type Selected = { row: TagRow; projectCount: number; taskCount: number };

  const toTag = ({ row, projectCount, taskCount }: Selected): Tag => ({
    id: row.id,
    name: row.name,
    color: row.color,
    project_count: projectCount,
    task_count: taskCount,
    updated_at: row.updatedAt.toISOString(),
  });

  async function reload(scope: WorkspaceScope, id: string): Promise<Tag> {
    const [found] = await selectTags(scope.workspace, thisTag(scope, id));
    if (!found) throw notFound();
    return toTag(found);
  }

  /** A tag of the session's workspace: 404 for a missing one or another workspace's. */
  async function find(scope: WorkspaceScope, id: string) {
    const [row] = await db
      .select({ id: tags.id, name: tags.name, color: tags.color })
      .from(tags)
      .where(thisTag(scope, id))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /** The unique index on lower(name) is the rule; its violation is the 409, never a 500. */
  async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(messages.tagNameTaken, { name: messages.tagNameTaken });
      throw err;
    }
  }

  /** The workspace's tags by name (any case), with their usage. */
  async function list(claims: AccessTokenClaims, query: z.output<typeof tagListQuery>) {
    const scope = await workspaceScope(db, claims);
    assertCan(scope.auth, 'tags:view');
    const shape = new ListShape('tags', scope.workspaceValues(), () => inScopeWorkspace(tags));
    return sortedPageOf(db, query, {
      shape,
      build: () => ({
        select: selectTags(inScopeWorkspace, shape.where()),
        order: [asc(sql`lower(${tags.name})`), asc(tags.id)],
      }),
      table: tags,
      toItem: toTag,
    });
  }

  async function create(claims: AccessTokenClaims, input: TagInput): Promise<Tag> {
    const scope = await workspaceScope(db, claims);
    assertCan(scope.auth, 'tags:manage');
    const at = now();
    const created = await uniqueName(() =>
      db
        .insert(tags)
        .values({
          ...scope.workspaceValues(),
          name: input.name,
          color: input.color,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: tags.id }),
    );
    const id = created[0]?.id;
    if (!id) throw new Error('tag insert returned no row');
    return reload(scope, id);
  }

  /** One tag with its usage and version, as its edit dialog reads it again after a 412. */
  async function get(claims: AccessTokenClaims, id: string): Promise<Tag> {
    const scope = await workspaceScope(db, claims);
    await find(scope, id);
    assertCan(scope.auth, 'tags:view');
    return reload(scope, id);
  }

  /** Made against `expected` (If-Match): refused (412) once anyone has saved the tag since. */
  async function update(
    claims: AccessTokenClaims,
    id: string,
    input: TagInput,
    expected?: EditVersion,
  ): Promise<Tag> {
    const scope = await workspaceScope(db, claims);
    await find(scope, id);
    assertCan(scope.auth, 'tags:manage');
    await uniqueName(() =>
      db.transaction(async (tx) => {
        await lockVersion(tx, tags, tags.updatedAt, thisTag(scope, id), expected);
        await tx
          .update(tags)
          .set({ name: input.name, color: input.color, updatedAt: now() })
          .where(thisTag(scope, id));
      }),
    );
    return reload(scope, id);
  }

  /** Deletes the tag; the projects and tasks that carried it lose it (the join rows cascade). */
  async function remove(claims: AccessTokenClaims, id: string): Promise<void> {
    const scope = await workspaceScope(db, claims);
    const found = await find(scope, id);
    assertCan(scope.auth, 'tags:manage');
    await db.transaction(async (tx) => {
      // Deleted by a request at the same instant: that one answers, this one finds nothing.
      const gone = await tx.delete(tags).where(thisTag(scope, id)).returning({ id: tags.id });
      if (gone.length === 0) throw notFound();
      await recordAudit(tx, {
        ...inScope(scope),
        action: 'tag.deleted',
        entityType: 'tag',
        entityId: id,
        before: { name: found.name, color: found.color },
        at: now(),
      });
    });
  }

  return { list, get, create, update, remove };
}

export type TagService = ReturnType<typeof createTagService>;
