import { EXPORT_ROWS_MAX } from '@workhub/shared/constants';
import type { ProjectStatus, SETTABLE_TASK_STATUSES } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import { type Action, can, TASK_ASSIGNEE_ROLES } from '@workhub/shared/permissions';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type {
  Task,
  taskBody,
  taskExportQuery,
  taskListQuery,
  taskUpdateBody,
} from '@workhub/shared/schemas/work';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { lockVersion } from '../../db/edit-lock.ts';
import { sortedListOf, sortedPageOf } from '../../db/paging.ts';
import { runPrepared } from '../../db/prepared.ts';
import { users } from '../../db/schema/users.ts';
import { milestones, projects, type TaskRow, tasks } from '../../db/schema/work.ts';
import { workspaceMembers } from '../../db/schema/workspaces.ts';
import {
  lastReads,
  lastWrite,
  reopenAfterLast,
  requestPipelines,
  transactionForWrites,
} from '../../db/tenant-context.ts';
import {
  inScopeWorkspace,
  type ReadAhead,
  type WorkspaceScope,
  workspaceRead,
  workspaceScope,
} from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertCan } from '../../lib/assert-can.ts';
import { capRows, csvFilename } from '../../lib/csv.ts';
import type { EditVersion } from '../../lib/edit-version.ts';
import { viewerToday } from '../../lib/viewer-date.ts';
import { exportEvent, inScope, recordAudit } from '../audit/audit.ts';
import { refuseArchived } from '../projects/project-lookup.ts';
import { assertTagsOfWorkspace, replaceTags, withTags } from '../tags/tag-links.ts';
import { tasksCsv } from './task-export.ts';
import { taskAssignedMail } from './task-mails.ts';
import { type SelectedTask, selectTasks, taskListOf, toTask } from './task-queries.ts';

type StoredStatus = (typeof SETTABLE_TASK_STATUSES)[number];
type ExportQuery = z.output<typeof taskExportQuery>;
type Assignee = { userId: string; email: string; firstName: string; lastName: string };

/** completed_at: set when the task becomes completed, kept while it stays so, cleared when it leaves. */
function completedAtFor(
  previous: Pick<TaskRow, 'status' | 'completedAt'> | undefined,
  next: StoredStatus,
  at: Date,
) {
  if (next !== 'completed') return null;
  return previous?.status === 'completed' ? previous.completedAt : at;
}

/** The columns the form sets, on a create and on an edit. */
function formColumns(
  input: z.output<typeof taskUpdateBody>,
  previous: Pick<TaskRow, 'status' | 'completedAt'> | undefined,
  at: Date,
) {
  return {
    milestoneId: input.milestone_id,
    name: input.name,
    description: input.description,
    assignedTo: input.assigned_to,
    status: input.status,
    priority: input.priority,
    dueDate: input.due_date,
    completedAt: completedAtFor(previous, input.status, at),
    updatedAt: at,
  };
}

/** The edit of a task (formColumns), every value a placeholder of the same name; the task by `id`. */
function updateTask(into: Db) {
  const value = (name: keyof ReturnType<typeof formColumns>) => sql`${sql.placeholder(name)}`;
  return into
    .update(tasks)
    .set({
      milestoneId: value('milestoneId'),
      name: value('name'),
      description: value('description'),
      assignedTo: value('assignedTo'),
      status: value('status'),
      priority: value('priority'),
      dueDate: value('dueDate'),
      completedAt: value('completedAt'),
      updatedAt: value('updatedAt'),
    })
    .where(and(inScopeWorkspace(tasks), eq(tasks.id, sql.placeholder('id'))));
}

/**
 * The insert of a new task, every column a placeholder of the same name (values: formColumns and
 * the rest). Drizzle runs a placeholder's value through the column's encoder even when it is null,
 * which a timestamp's cannot take: `completedAt` goes as it is, an ISO text or null.
 */
function insertTask(into: Db) {
  const column = <K extends keyof TaskRow>(name: K) => sql.placeholder(name);
  return into
    .insert(tasks)
    .values({
      accountId: column('accountId'),
      workspaceId: column('workspaceId'),
      projectId: column('projectId'),
      milestoneId: column('milestoneId'),
      name: column('name'),
      description: column('description'),
      assignedTo: column('assignedTo'),
      status: column('status'),
      priority: column('priority'),
      dueDate: column('dueDate'),
      completedAt: sql`${column('completedAt')}`,
      createdBy: column('createdBy'),
      createdAt: column('createdAt'),
      updatedAt: column('updatedAt'),
    })
    .returning();
}

/**
 * A create whose checks are the insert's own condition, in one statement: the row is inserted only
 * when the project is the session workspace's and not archived, the assignee an active member of
 * it in a role that may be assigned tasks (TASK_ASSIGNEE_ROLES), and the milestone (when given) one of the project's; it returns what the answer shows of
 * them. No row back means one of those failed, and the caller finds out which (createChecked).
 */
function insertCheckedTask(into: Db, withMilestone: boolean) {
  const value = (name: keyof TaskRow, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  const milestoneOfProject = withMilestone
    ? sql`and exists (select 1 from ${milestones} where ${inScopeWorkspace(milestones)}
        and ${milestones.projectId} = ${projects.id} and ${milestones.id} = ${value('milestoneId', 'uuid')})`
    : sql``;
  const chosen = sql`select
      ${value('accountId', 'uuid')}, gen_random_uuid(), ${value('workspaceId', 'uuid')}, ${projects.id},
      ${withMilestone ? value('milestoneId', 'uuid') : sql`null::uuid`}, ${value('name', 'text')},
      ${value('description', 'text')}, ${workspaceMembers.userId}, ${value('status', 'text')},
      ${value('priority', 'text')}, ${value('dueDate', 'date')}, ${value('completedAt', 'timestamptz')},
      ${value('createdBy', 'uuid')}, ${value('createdAt', 'timestamptz')}, ${value('updatedAt', 'timestamptz')}
    from ${projects}
    join ${workspaceMembers} on ${workspaceMembers.accountId} = ${projects.accountId}
      and ${workspaceMembers.workspaceId} = ${projects.workspaceId}
      and ${workspaceMembers.userId} = ${value('assignedTo', 'uuid')}
      and ${workspaceMembers.status} = 'active'
      and ${inArray(workspaceMembers.role, [...TASK_ASSIGNEE_ROLES])}
    where ${inScopeWorkspace(projects)} and ${projects.id} = ${value('projectId', 'uuid')}
      and ${projects.status} <> 'archived' ${milestoneOfProject}`;
  // RETURNING names the new row "tasks"; its project, milestone and assignee are read beside it.
  const the = (expression: string) => sql.raw(`(${expression})`);
  return into
    .insert(tasks)
    .select(chosen)
    .returning({
      ...getTableColumns(tasks),
      projectName: sql<string>`${the('select p.name from projects p where p.account_id = tasks.account_id and p.id = tasks.project_id')}`,
      projectStatus: sql<ProjectStatus>`${the('select p.status from projects p where p.account_id = tasks.account_id and p.id = tasks.project_id')}`,
      milestoneName: sql<
        string | null
      >`${the('select m.name from milestones m where m.account_id = tasks.account_id and m.id = tasks.milestone_id')}`,
      firstName: sql<
        string | null
      >`${the('select u.first_name from users u where u.id = tasks.assigned_to')}`,
      lastName: sql<string | null>`${the('select u.last_name from users u where u.id = tasks.assigned_to')}`,
      email: sql<string | null>`${the('select u.email from users u where u.id = tasks.assigned_to')}`,
      // Who created it, for the assignee's mail: no statement of its own after the insert.
      assignerName: sql<
        string | null
      >`${the("select trim(u.first_name || ' ' || u.last_name) from users u where u.id = tasks.created_by")}`,
    });
}

export function createTaskService(ctx: Ctx) {
  const { db, now, mailer, config } = ctx;
  // The viewer's day (X-Local-Date, lib/viewer-date.ts), within a day of UTC's.
  const today = () => viewerToday(now());

  const thisTask = (scope: WorkspaceScope, id: string) => and(scope.workspace(tasks), eq(tasks.id, id));

  /** One task of the scope's workspace with its tags, one prepared statement (get() reads it too). */
  const taskById = (scope: WorkspaceScope, id: string) =>
    runPrepared(db, 'task_by_id', { ...scope.workspaceValues(), id }, () =>
      selectTasks(db, and(inScopeWorkspace(tasks), eq(tasks.id, sql.placeholder('id'))), true).limit(1),
    );

  /** A task of the session's workspace that the session may `action` (allowed()). */
  async function find(claims: AccessTokenClaims, id: string, action: Action) {
    const scope = await workspaceScope(db, claims);
    const [found] = await taskById(scope, id);
    return { scope, found: allowed(scope, found, action) };
  }

  /** A task as reloaded with its tags (taskById), 404 when it is gone. */
  const taskOf = (found: Awaited<ReturnType<typeof taskById>>[number] | undefined): Task => {
    if (!found) throw notFound();
    return { ...toTask(found, today()), tags: found.tags ?? [] };
  };

  /**
   * The rule of find() and get(), in one place: a missing task is 404, then the permission; who may
   * only see the tasks assigned to them is answered 404 for anyone else's, as if missing.
   */
  function allowed<T extends SelectedTask>(scope: WorkspaceScope, found: T | undefined, action: Action): T {
    if (!found) throw notFound();
    assertCan(scope.auth, action, { assigned_to: found.row.assignedTo });
    if (action === 'task:view_assigned' && !can(scope.auth, 'task:view_all')) {
      if (found.row.assignedTo !== scope.auth.user_id) throw notFound();
    }
    return found;
  }

  /** One task with its tags. */
  async function complete(scope: WorkspaceScope, found: SelectedTask): Promise<Task> {
    const [task] = await withTags(db, scope, 'task', [toTask(found, today())], (t) => t.task_id);
    if (!task) throw notFound();
    return task;
  }

  async function reload(scope: WorkspaceScope, id: string): Promise<Task> {
    const [found] = await taskById(scope, id);
    return taskOf(found);
  }

  /**
   * What a task's form points at, in one prepared statement: its project (of the session's
   * workspace, else 404), the assignee when an active member of this workspace, and the milestone's
   * name when it is one of the project.
   */
  async function referencesOf(
    scope: WorkspaceScope,
    projectId: string,
    input: { assigned_to: string; milestone_id: string | null },
  ) {
    const milestoneId = input.milestone_id;
    const values = { ...scope.workspaceValues(), projectId, assigneeId: input.assigned_to, milestoneId };
    const [row] = await runPrepared(db, `task_references|milestone=${milestoneId !== null}`, values, () => {
      const milestoneName = db
        .select({ name: milestones.name })
        .from(milestones)
        .where(
          and(
            inScopeWorkspace(milestones),
            eq(milestones.projectId, projects.id),
            eq(milestones.id, sql.placeholder('milestoneId')),
          ),
        );
      return db
        .select({
          project: { id: projects.id, name: projects.name, status: projects.status },
          assigneeId: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          milestoneName: milestoneId !== null ? sql<string | null>`(${milestoneName})` : sql<null>`null`,
        })
        .from(projects)
        .leftJoin(
          workspaceMembers,
          and(
            eq(workspaceMembers.accountId, projects.accountId),
            eq(workspaceMembers.workspaceId, projects.workspaceId),
            eq(workspaceMembers.userId, sql.placeholder('assigneeId')),
            eq(workspaceMembers.status, 'active'),
            inArray(workspaceMembers.role, [...TASK_ASSIGNEE_ROLES]),
          ),
        )
        .leftJoin(users, eq(users.id, workspaceMembers.userId))
        .where(and(inScopeWorkspace(projects), eq(projects.id, sql.placeholder('projectId'))))
        .limit(1);
    });
    if (!row) throw notFound();
    const { project, assigneeId, email, firstName, lastName, milestoneName } = row;
    const assignee: Assignee | undefined =
      assigneeId !== null && email !== null
        ? { userId: assigneeId, email, firstName: firstName ?? '', lastName: lastName ?? '' }
        : undefined;
    return { project, assignee, milestoneName };
  }

  /**
   * 400 unless the assignee is an active member of this workspace (checked when it changes: a task
   * keeps a person who was deactivated since) and the milestone is one of the task's project. A
   * milestone that is not there at all (deleted while the form was open) says so: 'belongs to
   * another project' sent the user looking for a project that has it.
   */
  async function refuseBadReferences(
    scope: WorkspaceScope,
    { assignee, milestoneName }: Awaited<ReturnType<typeof referencesOf>>,
    input: { milestone_id: string | null },
    assigneeChanged: boolean,
  ): Promise<{ assignee: Assignee | undefined; milestoneName: string | null }> {
    const fields: Record<string, string> = {};
    if (assigneeChanged && !assignee) fields.assigned_to = messages.assigneeNotMember;
    if (input.milestone_id && milestoneName === null) {
      const [elsewhere] = await db
        .select({ id: milestones.id })
        .from(milestones)
        .where(and(scope.workspace(milestones), eq(milestones.id, input.milestone_id)));
      fields.milestone_id = elsewhere ? messages.milestoneNotInProject : messages.milestoneGone;
    }
    if (Object.keys(fields).length > 0) {
      throw new AppError(400, 'VALIDATION_FAILED', messages.validationFailed, { fields });
    }
    return { assignee: assigneeChanged ? assignee : undefined, milestoneName };
  }

  /** A user's name as a mail shows it ('Ada Lovelace'), null when there is no such user. */
  async function nameOf(userId: string): Promise<string | null> {
    const [user] = await runPrepared(db, 'user_name', { id: userId }, () =>
      db
        .select({ first: users.firstName, last: users.lastName })
        .from(users)
        .where(eq(users.id, sql.placeholder('id'))),
    );
    return user ? `${user.first} ${user.last}`.trim() : null;
  }

  /**
   * Mails the assignee, unless they assigned the task to themselves. `assignerName` when already
   * read (the one-statement create returns it); else it is read here.
   */
  async function tellAssignee(
    scope: WorkspaceScope,
    assignee: Assignee | undefined,
    task: Task,
    assignerName?: string | null,
  ) {
    if (!assignee || assignee.userId === scope.auth.user_id) return;
    const name = assignerName === undefined ? await nameOf(scope.auth.user_id) : assignerName;
    await mailer.send(
      taskAssignedMail({
        to: assignee.email,
        firstName: assignee.firstName,
        assignerName: name || 'Someone',
        taskName: task.name,
        projectName: task.project_name,
        workspaceName: scope.workspaceName,
        dueDate: task.due_date,
        priority: task.priority,
        // The workspace too: the reader's session may act in another, where the task is not found
        // (the web app switches to it first: app/shell/linked-workspace.tsx).
        link: `${config.publicUrl}/task/view/${task.task_id}?workspace=${scope.workspaceId}`,
      }),
    );
  }

  /**
   * The list's statements (task-queries.ts taskListOf) in a scope, for the list and the export:
   * all tasks for admin-types, only the caller's for members and workers.
   */
  function listIn(scope: WorkspaceScope, query: ExportQuery) {
    assertCan(scope.auth, 'task:view_assigned');
    const onlyMine = can(scope.auth, 'task:view_all') ? null : scope.auth.user_id;
    return taskListOf(db, scope, query, today(), onlyMine);
  }

  /**
   * All tasks (admin-types) or only the caller's (members, workers), filtered and sorted in SQL;
   * read ahead of the session check (workspaceRead). The rows carry their tags (taskListOf): the
   * page is the rows and the count, no query after, so the request's COMMIT goes out with them
   * (lastReads).
   */
  async function list(ahead: ReadAhead, query: z.output<typeof taskListQuery>) {
    const { value } = await workspaceRead(db, ahead, (scope) =>
      lastReads(() => sortedPageOf(db, query, listIn(scope, query))),
    );
    return value;
  }

  /** The list as CSV: every task it holds (up to EXPORT_ROWS_MAX), in its order. */
  async function exportCsv(claims: AccessTokenClaims, query: ExportQuery) {
    const scope = await workspaceScope(db, claims);
    const list = listIn(scope, query);
    // One row past the cap tells whether the list held more than an export carries.
    const fetched = await sortedListOf(db, list, EXPORT_ROWS_MAX + 1);
    const { rows, truncatedAt } = capRows(fetched, EXPORT_ROWS_MAX);
    const at = now();
    await recordAudit(db, exportEvent(scope, 'export.tasks', rows.length, query, at));
    return { filename: csvFilename('tasks', at), csv: tasksCsv(rows), truncatedAt };
  }

  /**
   * One task, read ahead of the session check (workspaceRead): the task with its tags is one
   * prepared statement, sent with the session's and the COMMIT (lastReads), one round trip. Who may see it
   * is decided on the live scope once the check holds, by the rule find() uses (allowed()).
   */
  async function get(ahead: ReadAhead, id: string): Promise<Task> {
    const { value, scope } = await workspaceRead(db, ahead, (scope) => lastReads(() => taskById(scope, id)));
    const found = allowed(scope, value[0], 'task:view_assigned');
    return { ...toTask(found, today()), tags: found.tags ?? [] };
  }

  /**
   * A new task. Everything its answer shows was read on the way (the project, the assignee, the
   * milestone, the tags given), so the row the insert returns is answered as it is, not read back:
   * a create costs the session, the checks and the insert. With no tags it is one statement, which
   * needs no transaction of its own.
   */
  async function create(claims: AccessTokenClaims, input: z.output<typeof taskBody>): Promise<Task> {
    const scope = await workspaceScope(db, claims);
    // Without tags, a create by someone who may create is one statement whose condition is the
    // checks; the checks one by one below run only when it inserted nothing, to say which failed.
    if (!input.tag_ids?.length && can(scope.auth, 'task:create')) {
      const task = await createChecked(scope, input);
      if (task) return task;
    } else await transactionForWrites();
    const references = await referencesOf(scope, input.project_id, input);
    const { project } = references;
    assertCan(scope.auth, 'task:create');
    refuseArchived(project);
    const { assignee, milestoneName } = await refuseBadReferences(scope, references, input, true);
    if (input.tag_ids) await assertTagsOfWorkspace(db, scope, input.tag_ids);
    const at = now();
    const columns = formColumns(input, undefined, at);
    const values = {
      ...scope.workspaceValues(),
      ...columns,
      completedAt: columns.completedAt?.toISOString() ?? null,
      projectId: input.project_id,
      createdBy: scope.auth.user_id,
      createdAt: at,
    };
    const insert = (into: typeof db) => runPrepared(into, 'task_insert', values, () => insertTask(into));
    const tagIds = input.tag_ids;
    const [row] = tagIds?.length
      ? await db.transaction(async (tx) => {
          const inserted = await insert(tx);
          if (inserted[0]) await replaceTags(tx, scope, 'task', inserted[0].id, tagIds);
          return inserted;
        })
      : await insert(db);
    if (!row) throw new Error('task insert returned no row');
    const found: SelectedTask = {
      row,
      projectName: project.name,
      projectStatus: project.status,
      milestoneName,
      firstName: assignee?.firstName ?? null,
      lastName: assignee?.lastName ?? null,
    };
    const task = tagIds?.length ? await complete(scope, found) : { ...toTask(found, today()), tags: [] };
    await tellAssignee(scope, assignee, task);
    return task;
  }

  /** The one-statement create (insertCheckedTask): the task, or null when a check failed. */
  async function createChecked(
    scope: WorkspaceScope,
    input: z.output<typeof taskBody>,
  ): Promise<Task | null> {
    const at = now();
    const columns = formColumns(input, undefined, at);
    const values = {
      ...scope.workspaceValues(),
      ...columns,
      completedAt: columns.completedAt?.toISOString() ?? null,
      projectId: input.project_id,
      createdBy: scope.auth.user_id,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
    };
    const withMilestone = input.milestone_id !== null;
    const insert = () =>
      runPrepared(db, `task_insert_checked|milestone=${withMilestone}`, values, () =>
        insertCheckedTask(db, withMilestone),
      );
    // The request's last statement goes with its COMMIT, in one write (lastWrite): the insert when
    // no one else is to be mailed, else the mail's outbox row after it (written in the same
    // transaction, delivered once it has committed).
    const mailsSomeone = input.assigned_to !== scope.auth.user_id;
    // Two writes (the task, the mail's outbox row) stand or fall together: in a transaction.
    if (mailsSomeone) await transactionForWrites();
    const [inserted] = await (mailsSomeone ? insert() : lastWrite(insert));
    if (!inserted) {
      // A check failed: the checks one by one say which, in a transaction of their own.
      await reopenAfterLast();
      return null;
    }
    const { projectName, projectStatus, milestoneName, firstName, lastName, email, assignerName, ...row } =
      inserted;
    const found: SelectedTask = { row, projectName, projectStatus, milestoneName, firstName, lastName };
    const task = { ...toTask(found, today()), tags: [] };
    const assignee =
      found.row.assignedTo && email
        ? {
            userId: found.row.assignedTo,
            email,
            firstName: found.firstName ?? '',
            lastName: found.lastName ?? '',
          }
        : undefined;
    if (mailsSomeone) await lastWrite(() => tellAssignee(scope, assignee, task, assignerName));
    return task;
  }

  /**
   * The full edit (admin-types), with the tags when `tag_ids` is given; the assignee is mailed when
   * the task is given to someone else.
   */
  async function update(
    claims: AccessTokenClaims,
    id: string,
    input: z.output<typeof taskUpdateBody>,
    expected?: EditVersion,
  ) {
    const { scope, found } = await find(claims, id, 'task:update');
    refuseArchived({ status: found.projectStatus });
    const reassigned = input.assigned_to !== found.row.assignedTo;
    // The project is the task's (read by find): the references are read only when one is to check.
    const { assignee } =
      reassigned || input.milestone_id
        ? await refuseBadReferences(
            scope,
            await referencesOf(scope, found.row.projectId, input),
            input,
            reassigned,
          )
        : { assignee: undefined };
    const tagIds = input.tag_ids;
    if (tagIds) await assertTagsOfWorkspace(db, scope, tagIds);
    const at = now();
    const columns = formColumns(input, found.row, at);
    const values = {
      ...scope.workspaceValues(),
      ...columns,
      id,
      completedAt: columns.completedAt?.toISOString() ?? null,
      updatedAt: at.toISOString(),
    };
    const change = (into: Db) => {
      const changed = runPrepared(into, 'task_update', values, () => updateTask(into));
      return tagIds ? Promise.all([changed, replaceTags(into, scope, 'task', id, tagIds)]) : changed;
    };
    // An edit made against a version: the task locked and its version checked before the change.
    const unchanged = (into: Db) => lockVersion(into, tasks, tasks.updatedAt, thisTask(scope, id), expected);
    if (!requestPipelines()) {
      // Outside a request's transaction (or on PGlite), the change is a transaction of its own.
      await db.transaction(async (tx) => {
        await unchanged(tx);
        await change(tx);
      });
      const task = await reload(scope, id);
      if (reassigned) await tellAssignee(scope, assignee, task);
      return task;
    }
    // The request's transaction makes the change whole. Sent at once and answered together: the
    // update, the tags and the task as it now is, and the COMMIT with them unless a mail follows
    // (then with the mail's outbox row; who assigned it is read with the change). The version is
    // checked first: the COMMIT goes with the change, so nothing may be refused after it is sent.
    await unchanged(db);
    const all = () =>
      Promise.all([change(db), taskById(scope, id), reassigned ? nameOf(scope.auth.user_id) : null]);
    const [, [changed], assigner] = await (reassigned ? all() : lastWrite(all));
    const task = taskOf(changed);
    if (reassigned) await lastWrite(() => tellAssignee(scope, assignee, task, assigner));
    return task;
  }

  /** The status alone: admin-types on any task, members and workers on their own (403 otherwise). */
  async function setStatus(claims: AccessTokenClaims, id: string, status: StoredStatus): Promise<Task> {
    const { scope, found } = await find(claims, id, 'task:update_status');
    refuseArchived({ status: found.projectStatus });
    const at = now();
    const values = {
      ...scope.workspaceValues(),
      id,
      status,
      completedAt: completedAtFor(found.row, status, at)?.toISOString() ?? null,
      updatedAt: at.toISOString(),
    };
    // The change, the task as it now is and the COMMIT, in one write (lastWrite).
    const [, [changed]] = await lastWrite(() =>
      Promise.all([
        runPrepared(db, 'task_set_status', values, () =>
          db
            .update(tasks)
            .set({
              status: sql`${sql.placeholder('status')}`,
              completedAt: sql`${sql.placeholder('completedAt')}`,
              updatedAt: sql`${sql.placeholder('updatedAt')}`,
            })
            .where(and(inScopeWorkspace(tasks), eq(tasks.id, sql.placeholder('id')))),
        ),
        taskById(scope, id),
      ]),
    );
    return taskOf(changed);
  }

  async function remove(claims: AccessTokenClaims, id: string): Promise<void> {
    const { scope, found } = await find(claims, id, 'task:delete');
    refuseArchived({ status: found.projectStatus });
    await db.transaction(async (tx) => {
      // Deleted by a request at the same instant: that one answers, this one finds nothing.
      const gone = await tx.delete(tasks).where(thisTask(scope, id)).returning({ id: tasks.id });
      if (gone.length === 0) throw notFound();
      await recordAudit(tx, {
        ...inScope(scope),
        action: 'task.deleted',
        entityType: 'task',
        entityId: id,
        before: {
          name: found.row.name,
          status: found.row.status,
          project_id: found.row.projectId,
          assigned_to: found.row.assignedTo,
        },
        at: now(),
      });
    });
  }

  return { list, exportCsv, get, create, update, setStatus, remove };
}

export type TaskService = ReturnType<typeof createTaskService>;
