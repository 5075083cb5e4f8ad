import type { Task } from '@workhub/shared/schemas/work';

/**
 * The task list's Project/Milestone Name column (spec section 2): 'Milestone Name: ...' when the
 * task has a milestone, otherwise 'Project Name: ...'.
 */
export const taskPlaceLabel = (task: Pick<Task, 'milestone_name' | 'project_name'>): string =>
  task.milestone_name.trim() !== ''
    ? `Milestone Name: ${task.milestone_name}`
    : `Project Name: ${task.project_name}`;

/** A task's own list: its milestone's tasks, or its project's when it has no milestone. */
export const taskListOf = (task: Pick<Task, 'project_id' | 'milestone_id'>): string =>
  task.milestone_id ? `/milestone/${task.milestone_id}/tasks` : `/task/${task.project_id}`;
