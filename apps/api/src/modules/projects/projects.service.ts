import { EXPORT_ROWS_MAX } from '@workhub/shared/constants';
import type { ProjectStatus } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type {
  Project,
  projectBody,
  projectExportQuery,
  projectListQuery,
} from '@workhub/shared/schemas/work';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { countOf, summedCompletion, summedTasks } from '../../db/aggregates.ts';
import { sortedListOf, sortedPageOf } from '../../db/paging.ts';
import { runPrepared } from '../../db/prepared.ts';
import { projectTaskCounts } from '../../db/schema/task-counts.ts';
import { users } from '../../db/schema/users.ts';
import { milestones, type ProjectRow, projects } from '../../db/schema/work.ts';
import { lastReads } from '../../db/tenant-context.ts';
import {
  inScopeWorkspace,
  type ReadAhead,
  type WorkspaceScope,
  workspaceRead,
  workspaceScope,
} from '../../db/tenant-scope.ts';
import { notFound } from '../../lib/app-error.ts';
import { assertCan } from '../../lib/assert-can.ts';
import { capRows, csvFilename } from '../../lib/csv.ts';
import { assertVersion, type EditVersion } from '../../lib/edit-version.ts';
import { ListShape, listOrder, nameAndDueFilters } from '../../lib/list-query.ts';
import { exportEvent, inScope, recordAudit } from '../audit/audit.ts';
import { assertTagsOfWorkspace, carryingTag, replaceTags, tagsColumn } from '../tags/tag-links.ts';
import { projectsCsv } from './project-export.ts';
import { projectInWorkspace, refuseArchived } from './project-lookup.ts';

type ListQuery = z.output<typeof projectListQuery>;
type ExportQuery = z.output<typeof projectExportQuery>;
type ProjectInput = z.output<typeof projectBody>;

export function createProjectService(ctx: Ctx) {
  const { db, now } = ctx;

  /**
   * Projects with their creator's names and their milestone and task figures, counted in SQL. The
   * task figures (how many, and the share completed) are sums over the project's few rows of
   * project_task_counts (a lateral subquery; db/schema/task-counts.ts), which the database keeps
   * as its tasks change, instead of a count of its tasks; the tags are a column too (tag-links.ts
   * tagsColumn), so a list page needs no query after its rows. For prepared statements
   * (db/prepared.ts): the workspace is the `accountId` and `workspaceId` placeholders.
   */
  function selectProjects(where: SQL | undefined) {
    const milestonesCount = sql<number>`(select ${countOf()} from ${milestones} where ${and(
      inScopeWorkspace(milestones),
      eq(milestones.projectId, projects.id),
    )})`;
    const taskFigures = db
      .select({
        tasksCount: summedTasks().as('tasks_count'),
        completion: summedCompletion().as('completion'),
      })
      .from(projectTaskCounts)
      .where(and(inScopeWorkspace(projectTaskCounts), eq(projectTaskCounts.projectId, projects.id)))
      .as('task_figures');
    return db
      .select({
        row: projects,
        firstName: users.firstName,
        lastName: users.lastName,
        milestonesCount: milestonesCount.mapWith(Number),
        tasksCount: taskFigures.tasksCount,
        completion: taskFigures.completion,
        tags: tagsColumn('project'),
      })
      .from(projects)
      .leftJoin(users, eq(users.id, projects.createdBy))
      .leftJoinLateral(taskFigures, sql`true`)
      .where(where)
      .$dynamic();
  }
  type Selected = Awaited<ReturnType<typeof selectProjects>>[number];

  const toProject = ({ row, firstName, lastName, tags, ...figures }: Selected): Project => ({
    project_id: row.id,
    workspace_id: row.workspaceId,
    name: row.name,
    description: row.description,
    status: row.status,
    due_date: row.dueDate,
    created_by: row.createdBy,
    first_name: firstName ?? '',
    last_name: lastName ?? '',
    milestones_count: figures.milestonesCount,
    tasks_count: figures.tasksCount,
    completion: figures.completion,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    tags,
  });

  /** One project of the scope's workspace, as the list's rows (none: another's, or missing). */
  const projectRows = (scope: WorkspaceScope, id: string) =>
    runPrepared(db, 'project_one', { ...scope.workspaceValues(), id }, () =>
      selectProjects(and(inScopeWorkspace(projects), eq(projects.id, sql.placeholder('id')))),
    );

  async function reload(scope: WorkspaceScope, id: string): Promise<Project> {
    const [found] = await projectRows(scope, id);
    if (!found) throw notFound();
    return toProject(found);
  }

  /** The list's statements (db/paging.ts) for the list and the export: the same filters and sort. */
  function projectListOf(scope: WorkspaceScope, query: ExportQuery) {
    const { archived, status } = query;
    const base = new ListShape('projects', scope.workspaceValues(), () => inScopeWorkspace(projects));
    const shape = nameAndDueFilters(base, projects, query)
      .sorted(query.sort)
      .choice('archived', archived ? 'only' : 'hidden', () =>
        archived ? eq(projects.status, 'archived') : ne(projects.status, 'archived'),
      )
      .param('status', status, (value) => eq(projects.status, value))
      .param('tag', query.tag, (tag) => carryingTag(db, 'project', tag));
    return {
      shape,
      build: () => ({ select: selectProjects(shape.where()), order: listOrder(projects, query.sort) }),
      table: projects,
      toItem: toProject,
    };
  }

  /**
   * Active projects (every status but archived), or the archived ones; filtered and sorted in SQL;
   * read ahead of the session check (workspaceRead). The rows carry their tags: the page and the
   * count are the request's last reads (lastReads).
   */
  async function list(ahead: ReadAhead, query: ListQuery) {
    const { value } = await workspaceRead(db, ahead, (scope) => {
      assertCan(scope.auth, 'project:view');
      return lastReads(() => sortedPageOf(db, query, projectListOf(scope, query)));
    });
    return value;
  }

  /** The list as CSV: every row the filters keep (up to EXPORT_ROWS_MAX), in the list's order. */
  async function exportCsv(claims: AccessTokenClaims, query: ExportQuery) {
    const scope = await workspaceScope(db, claims);
    assertCan(scope.auth, 'project:view');
    // One row past the cap tells whether the list held more than an export carries.
    const fetched = await sortedListOf(db, projectListOf(scope, query), EXPORT_ROWS_MAX + 1);
    const { rows, truncatedAt } = capRows(fetched, EXPORT_ROWS_MAX);
    const at = now();
    await recordAudit(db, exportEvent(scope, 'export.projects', rows.length, query, at));
    return { filename: csvFilename('projects', at), csv: projectsCsv(rows), truncatedAt };
  }

  /**
   * One project, read ahead of the session check (workspaceRead): one prepared statement, sent with
   * the session's and the COMMIT (lastReads), one round trip. 404 before 403, as for every record.
   */
  async function get(ahead: ReadAhead, id: string): Promise<Project> {
    const { value, scope } = await workspaceRead(db, ahead, (scope) =>
      lastReads(() => projectRows(scope, id)),
    );
    const [found] = value;
    if (!found) throw notFound();
    assertCan(scope.auth, 'project:view');
    return toProject(found);
  }

  /** The project and, when `tag_ids` is given, its tags: in one transaction. */
  async function create(claims: AccessTokenClaims, input: ProjectInput): Promise<Project> {
    const scope = await workspaceScope(db, claims);
    assertCan(scope.auth, 'project:create');
    if (input.tag_ids) await assertTagsOfWorkspace(db, scope, input.tag_ids);
    const at = now();
    const id = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(projects)
        .values({
          ...scope.workspaceValues(),
          name: input.name,
          description: input.description,
          dueDate: input.due_date,
          status: input.status,
          createdBy: scope.auth.user_id,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: projects.id });
      if (!created) throw new Error('project insert returned no row');
      if (input.tag_ids) await replaceTags(tx, scope, 'project', created.id, input.tag_ids);
      return created.id;
    });
    return reload(scope, id);
  }

  /**
   * Writes the columns and, when given, replaces the tags (same transaction). The project is locked
   * and read again first: archived since the caller read it (an archival at the same instant), the
   * edit is refused (409) rather than writing its status over the archival.
   */
  async function write(
    scope: WorkspaceScope,
    id: string,
    values: Partial<ProjectRow>,
    tagIds?: string[],
    expected?: EditVersion,
  ) {
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: projects.status, updatedAt: projects.updatedAt })
        .from(projects)
        .where(and(scope.workspace(projects), eq(projects.id, id)))
        .for('update');
      if (!locked) throw notFound();
      refuseArchived(locked);
      // Made against a version: checked on the row just locked.
      assertVersion(locked.updatedAt, expected);
      await tx
        .update(projects)
        .set({ ...values, updatedAt: now() })
        .where(and(scope.workspace(projects), eq(projects.id, id)));
      if (tagIds) await replaceTags(tx, scope, 'project', id, tagIds);
    });
    return reload(scope, id);
  }

  /**
   * Edits name, description, due date, status and (when `tag_ids` is given) the tags; an archived
   * project must be restored first.
   */
  async function update(claims: AccessTokenClaims, id: string, input: ProjectInput, expected?: EditVersion) {
    const scope = await workspaceScope(db, claims);
    const project = await projectInWorkspace(db, scope, id);
    assertCan(scope.auth, 'project:update');
    refuseArchived(project);
    if (input.tag_ids) await assertTagsOfWorkspace(db, scope, input.tag_ids);
    const values = {
      name: input.name,
      description: input.description,
      dueDate: input.due_date,
      status: input.status,
    };
    return write(scope, id, values, input.tag_ids, expected);
  }

  /**
   * Deactivate ('archived') and Activate ('in_progress'), or any other status. The message says
   * what happened: archived, restored from the archive, or just updated.
   */
  async function setStatus(claims: AccessTokenClaims, id: string, status: ProjectStatus) {
    const scope = await workspaceScope(db, claims);
    await projectInWorkspace(db, scope, id);
    assertCan(scope.auth, 'project:archive');
    const thisProject = and(scope.workspace(projects), eq(projects.id, id));
    const was = await db.transaction(async (tx) => {
      // The status as it is now, locked: of two changes at once the second reads what the first
      // wrote, so the audit has one row per change and its 'before' is true.
      const [locked] = await tx
        .select({ name: projects.name, status: projects.status })
        .from(projects)
        .where(thisProject)
        .for('update');
      if (!locked) throw notFound();
      await tx.update(projects).set({ status, updatedAt: now() }).where(thisProject);
      if (locked.status !== status) {
        await recordAudit(tx, {
          ...inScope(scope),
          action: 'project.status_changed',
          entityType: 'project',
          entityId: id,
          before: { name: locked.name, status: locked.status },
          after: { name: locked.name, status },
          at: now(),
        });
      }
      return locked.status;
    });
    const data = await reload(scope, id);
    const message =
      status === 'archived'
        ? messages.projectArchived
        : was === 'archived'
          ? messages.projectRestored
          : messages.updateDone;
    return { message, data };
  }

  return { list, exportCsv, get, create, update, setStatus };
}

export type ProjectService = ReturnType<typeof createProjectService>;
