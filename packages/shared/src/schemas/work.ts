import { z } from 'zod';
import { SEARCH_TEXT_MAX } from '../constants.ts';
import {
  EDITABLE_PROJECT_STATUSES,
  MILESTONE_STATUSES,
  PROJECT_STATUSES,
  SETTABLE_TASK_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from '../enums.ts';
import { messages } from '../messages.ts';
import {
  calendarDate,
  choiceField,
  idField,
  paginationQuery,
  requiredMultilineText,
  requiredString,
  searchQuery,
} from './common.ts';
import { tagFilter, tagIdsField, tagRef } from './tags.ts';

/** A due date, 'YYYY-MM-DD', that exists on the calendar (the spec's message when it does not). */
export const dateField = (requiredMessage: string) => calendarDate(requiredMessage, messages.dueDateInvalid);

/** The years a project's, milestone's or task's due date may fall in (as an order's date). */
export const DUE_DATE_MIN = '2000-01-01';
export const DUE_DATE_MAX = '2099-12-31';
/** A record's due date: a calendar date in those years ('1 Jan 1' and 9999 are typing slips). */
const dueDateField = dateField(messages.dueDateRequired).refine(
  (day) => day >= DUE_DATE_MIN && day <= DUE_DATE_MAX,
  { error: messages.dueDateOutOfRange },
);

const person = { first_name: z.string(), last_name: z.string() };

// ---------------------------------------------------------------- projects

export const projectBody = z.object({
  name: requiredString(messages.nameRequired, 200),
  description: requiredMultilineText(messages.descriptionRequired, 5000),
  due_date: dueDateField,
  status: choiceField(EDITABLE_PROJECT_STATUSES, messages.statusRequired, 'Status'),
  tag_ids: tagIdsField,
});
export type ProjectBody = z.input<typeof projectBody>;

export const project = z.object({
  project_id: z.string(),
  workspace_id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(PROJECT_STATUSES),
  due_date: z.string().nullable(),
  /** The creator (spec: created_by with first and last name). */
  created_by: z.string().nullable(),
  ...person,
  milestones_count: z.number().int(),
  tasks_count: z.number().int(),
  completion: z.number().int(),
  /** The workspace tags it carries, by name. */
  tags: z.array(tagRef),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Project = z.infer<typeof project>;

/** Deactivate sends 'archived', Activate 'in_progress' (spec section 4); any status is taken. */
export const projectStatusBody = z.object({
  status: choiceField(PROJECT_STATUSES, messages.statusRequired, 'Status'),
});

const SORTS = [
  'due_date',
  '-due_date',
  'status',
  '-status',
  'name',
  '-name',
  'created_at',
  '-created_at',
] as const;
const listFilters = {
  q: searchQuery(SEARCH_TEXT_MAX),
  due_before: dateField(messages.dueDateInvalid).optional(),
  due_after: dateField(messages.dueDateInvalid).optional(),
  sort: z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }).default('due_date'),
};

export const projectListQuery = paginationQuery.extend({
  ...listFilters,
  /** false (default): every status but archived; true: archived only. */
  archived: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  status: z.enum(PROJECT_STATUSES).optional(),
  /** A tag id: only the projects carrying it. */
  tag: tagFilter,
});
export type ProjectListQuery = z.input<typeof projectListQuery>;
/** GET /api/projects/export: the list's filters and sort, no paging. */
export const projectExportQuery = projectListQuery.omit({ page: true, limit: true });

// ---------------------------------------------------------------- milestones

export const milestoneBody = z.object({
  name: requiredString(messages.nameRequired, 200),
  description: requiredMultilineText(messages.descriptionRequired, 5000),
  status: choiceField(MILESTONE_STATUSES, messages.statusRequired, 'Status'),
  due_date: dueDateField,
});
export type MilestoneBody = z.input<typeof milestoneBody>;

export const milestone = z.object({
  milestone_id: z.string(),
  project_id: z.string(),
  project_name: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(MILESTONE_STATUSES),
  due_date: z.string().nullable(),
  created_by: z.string().nullable(),
  ...person,
  tasks_count: z.number().int(),
  /** Of tasks_count, the completed ones: the milestone's progress. */
  tasks_completed: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Milestone = z.infer<typeof milestone>;

export const milestoneListQuery = paginationQuery.extend({
  ...listFilters,
  status: z.enum(MILESTONE_STATUSES).optional(),
});

// ---------------------------------------------------------------- tasks

export const taskBody = z.object({
  name: requiredString(messages.nameRequired, 200),
  description: requiredMultilineText(messages.descriptionRequired, 5000),
  assigned_to: idField(messages.assignedToRequired),
  status: choiceField(SETTABLE_TASK_STATUSES, messages.statusRequired, 'Status'),
  due_date: dueDateField,
  priority: choiceField(TASK_PRIORITIES, messages.priorityRequired, 'Priority'),
  project_id: idField('Choose a project'),
  milestone_id: idField().nullable().default(null),
  tag_ids: tagIdsField,
});
export type TaskBody = z.input<typeof taskBody>;

/** Edit: the same fields; the project of a task does not change. */
export const taskUpdateBody = taskBody.omit({ project_id: true });
export type TaskUpdateBody = z.input<typeof taskUpdateBody>;

/** A worker or member changes the status of a task assigned to them; nothing else. */
export const taskStatusBody = z.object({
  status: choiceField(SETTABLE_TASK_STATUSES, messages.statusRequired, 'Status'),
});

export const task = z.object({
  task_id: z.string(),
  project_id: z.string(),
  project_name: z.string(),
  milestone_id: z.string().nullable(),
  /** '' when the task has no milestone (the list then shows 'Project Name: ...'). */
  milestone_name: z.string(),
  name: z.string(),
  description: z.string(),
  assigned_to: z.string().nullable(),
  /** The assignee's names (spec section 3). */
  ...person,
  /** The status shown: 'overdue' when past due and not completed. */
  status: z.enum(TASK_STATUSES),
  /** The status stored (what the edit form sets). */
  stored_status: z.enum(SETTABLE_TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  due_date: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** The workspace tags it carries, by name. */
  tags: z.array(tagRef),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Task = z.infer<typeof task>;

export const taskListQuery = paginationQuery.extend({
  ...listFilters,
  project_id: idField().optional(),
  milestone_id: idField().optional(),
  /** Includes 'overdue' (past due and not completed). */
  status: z.enum(TASK_STATUSES).optional(),
  /** A user id, or 'me' (the 'My tasks' view). */
  assigned_to: z.union([z.literal('me'), idField()]).optional(),
  /** A tag id: only the tasks carrying it. */
  tag: tagFilter,
});
export type TaskListQuery = z.input<typeof taskListQuery>;
/** GET /api/tasks/export: the list's filters and sort, no paging. */
export const taskExportQuery = taskListQuery.omit({ page: true, limit: true });

// ---------------------------------------------------------------- paths and answers

/** The project a milestone list or a new milestone belongs to. */
export const projectIdParam = z.object({ projectId: idField() });

/** DELETE /api/milestones/:id: how many of its tasks moved to the project. */
export const milestoneDeletedResult = z.object({ tasks_moved: z.number().int() });
