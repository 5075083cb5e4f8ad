import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type { Milestone, milestoneBody, milestoneListQuery } from '@workhub/shared/schemas/work';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { countOf } from '../../db/aggregates.ts';
import { lockVersion } from '../../db/edit-lock.ts';
import { sortedPageOf } from '../../db/paging.ts';
import { runPrepared } from '../../db/prepared.ts';
import { users } from '../../db/schema/users.ts';
import { milestones, projects, tasks } from '../../db/schema/work.ts';
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
import type { EditVersion } from '../../lib/edit-version.ts';
import { ListShape, listOrder, nameAndDueFilters } from '../../lib/list-query.ts';
import { inScope, recordAudit } from '../audit/audit.ts';
import { projectInWorkspace, refuseArchived } from '../projects/project-lookup.ts';

type Input = z.output<typeof milestoneBody>;

export function createMilestoneService(ctx: Ctx) {
  const { db, now } = ctx;
  type Action = Parameters<typeof assertCan>[1];

  /**
   * Milestones with their project's name and status, their creator's names, their task count and
   * how many of those tasks are completed (its progress).
   */
  /** `inWorkspace`: the scope's `workspace`, or inScopeWorkspace for a prepared statement. */
  function selectMilestones(inWorkspace: typeof inScopeWorkspace, where: SQL | undefined) {
    const ofMilestone = and(inWorkspace(tasks), eq(tasks.milestoneId, milestones.id));
    const tasksCount = sql<number>`(select ${countOf()} from ${tasks} where ${ofMilestone})`;
    const tasksCompleted = sql<number>`(select ${countOf()} from ${tasks} where ${and(ofMilestone, eq(tasks.status, 'completed'))})`;
    return db
      .select({
        row: milestones,
        projectName: projects.name,
        projectStatus: projects.status,
        firstName: users.firstName,
        lastName: users.lastName,
        tasksCount: tasksCount.mapWith(Number),
        tasksCompleted: tasksCompleted.mapWith(Number),
      })
      .from(milestones)
      .innerJoin(
        projects,
        and(eq(projects.accountId, milestones.accountId), eq(projects.id, milestones.projectId)),
      )
      .leftJoin(users, eq(users.id, milestones.createdBy))
      .where(where)
      .$dynamic();
  }
  type Selected = Awaited<ReturnType<typeof selectMilestones>>[number];

  const toMilestone = ({
    row,
    projectName,
    firstName,
    lastName,
    tasksCount,
    tasksCompleted,
  }: Selected): Milestone => ({
    milestone_id: row.id,
    project_id: row.projectId,
    project_name: projectName,
    name: row.name,
    description: row.description,
    status: row.status,
    due_date: row.dueDate,
    created_by: row.createdBy,
    first_name: firstName ?? '',
    last_name: lastName ?? '',
    tasks_count: tasksCount,
    tasks_completed: tasksCompleted,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  const thisMilestone = (scope: WorkspaceScope, id: string) =>
    and(scope.workspace(milestones), eq(milestones.id, id));

  /** A milestone of the session's workspace that the session may `action` (allowed()). */
  async function find(claims: AccessTokenClaims, id: string, action: Action) {
    const scope = await workspaceScope(db, claims);
    const [found] = await selectMilestones(scope.workspace, thisMilestone(scope, id)).limit(1);
    return { scope, found: allowed(scope, found, action) };
  }

  /** The rule of find() and get(): a missing milestone is 404, then the permission. */
  function allowed(scope: WorkspaceScope, found: Selected | undefined, action: Action): Selected {
    if (!found) throw notFound();
    assertCan(scope.auth, action);
    return found;
  }

  async function reload(scope: WorkspaceScope, id: string): Promise<Milestone> {
    const [found] = await selectMilestones(scope.workspace, thisMilestone(scope, id));
    if (!found) throw notFound();
    return toMilestone(found);
  }

  /** The milestones of a project of the current workspace, filtered and sorted in SQL. */
  async function list(
    claims: AccessTokenClaims,
    projectId: string,
    query: z.output<typeof milestoneListQuery>,
  ) {
    const scope = await workspaceScope(db, claims);
    await projectInWorkspace(db, scope, projectId);
    assertCan(scope.auth, 'milestone:view');
    const base = new ListShape(
      'milestones',
      { ...scope.workspaceValues(), projectId },
      () => and(inScopeWorkspace(milestones), eq(milestones.projectId, sql.placeholder('projectId'))) as SQL,
    );
    const shape = nameAndDueFilters(base, milestones, query)
      .sorted(query.sort)
      .param('status', query.status, (status) => eq(milestones.status, status));
    return sortedPageOf(db, query, {
      shape,
      build: () => ({
        select: selectMilestones(inScopeWorkspace, shape.where()),
        order: listOrder(milestones, query.sort),
      }),
      table: milestones,
      toItem: toMilestone,
    });
  }

  /**
   * One milestone, read ahead of the session check (workspaceRead): one prepared statement, sent
   * with the session's and the COMMIT (lastReads), one round trip. 404 before 403 (allowed()).
   */
  async function get(ahead: ReadAhead, id: string): Promise<Milestone> {
    const { value, scope } = await workspaceRead(db, ahead, (scope) =>
      lastReads(() =>
        runPrepared(db, 'milestone_one', { ...scope.workspaceValues(), id }, () =>
          selectMilestones(
            inScopeWorkspace,
            and(inScopeWorkspace(milestones), eq(milestones.id, sql.placeholder('id'))),
          ).limit(1),
        ),
      ),
    );
    return toMilestone(allowed(scope, value[0], 'milestone:view'));
  }

  async function create(claims: AccessTokenClaims, projectId: string, input: Input): Promise<Milestone> {
    const scope = await workspaceScope(db, claims);
    const project = await projectInWorkspace(db, scope, projectId);
    assertCan(scope.auth, 'milestone:create');
    refuseArchived(project);
    const at = now();
    const [created] = await db
      .insert(milestones)
      .values({
        ...scope.workspaceValues(),
        projectId,
        name: input.name,
        description: input.description,
        status: input.status,
        dueDate: input.due_date,
        createdBy: scope.auth.user_id,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: milestones.id });
    if (!created) throw new Error('milestone insert returned no row');
    return reload(scope, created.id);
  }

  async function update(
    claims: AccessTokenClaims,
    id: string,
    input: Input,
    expected?: EditVersion,
  ): Promise<Milestone> {
    const { scope, found } = await find(claims, id, 'milestone:update');
    refuseArchived({ status: found.projectStatus });
    await db.transaction(async (tx) => {
      // Made against a version: the milestone locked and its version checked before the change.
      await lockVersion(tx, milestones, milestones.updatedAt, thisMilestone(scope, id), expected);
      await tx
        .update(milestones)
        .set({
          name: input.name,
          description: input.description,
          status: input.status,
          dueDate: input.due_date,
          updatedAt: now(),
        })
        .where(thisMilestone(scope, id));
    });
    return reload(scope, id);
  }

  /**
   * Deletes the milestone and, in the same transaction, moves its tasks to the project (they keep
   * everything else): a milestone's tasks are never deleted with it. Answers how many moved. The
   * milestone's row is locked first: a task being written into it at that instant (its foreign key
   * check holds the row) commits before the move, which then takes it; one that comes after finds
   * the milestone gone.
   */
  async function remove(claims: AccessTokenClaims, id: string): Promise<{ tasks_moved: number }> {
    const { scope, found } = await find(claims, id, 'milestone:delete');
    refuseArchived({ status: found.projectStatus });
    const at = now();
    return db.transaction(async (tx) => {
      const [held] = await tx
        .select({ id: milestones.id })
        .from(milestones)
        .where(thisMilestone(scope, id))
        .for('update');
      // Deleted by a request at the same instant: that one answers, this one finds nothing.
      if (!held) throw notFound();
      const moved = await tx
        .update(tasks)
        .set({ milestoneId: null, updatedAt: at })
        .where(and(scope.workspace(tasks), eq(tasks.milestoneId, id)))
        .returning({ id: tasks.id });
      const gone = await tx
        .delete(milestones)
        .where(thisMilestone(scope, id))
        .returning({ id: milestones.id });
      // Deleted by a request at the same instant: that one answers, this one finds nothing.
      if (gone.length === 0) throw notFound();
      await recordAudit(tx, {
        ...inScope(scope),
        action: 'milestone.deleted',
        entityType: 'milestone',
        entityId: id,
        before: {
          name: found.row.name,
          status: found.row.status,
          project_id: found.row.projectId,
          project_name: found.projectName,
        },
        after: { tasks_moved: moved.length },
        at,
      });
      return { tasks_moved: moved.length };
    });
  }

  return { list, get, create, update, remove };
}

export type MilestoneService = ReturnType<typeof createMilestoneService>;
