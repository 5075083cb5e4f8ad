import {
  EDITABLE_PROJECT_STATUSES,
  MILESTONE_STATUSES,
  SETTABLE_TASK_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from '@workhub/shared/enums';
import { TASK_ASSIGNEE_ROLES } from '@workhub/shared/permissions';
import type { TeamMember } from '@workhub/shared/schemas/team';
import {
  MILESTONE_STATUS_LABELS,
  optionsOf,
  PROJECT_STATUS_LABELS,
  personName,
  type SelectOption,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
} from '../../lib/labels.ts';

type Option = SelectOption;

/** The statuses a project form sets and the project list filters by ('archived' has its own page). */
export const PROJECT_STATUS_OPTIONS: Option[] = optionsOf(EDITABLE_PROJECT_STATUSES, PROJECT_STATUS_LABELS);

export const MILESTONE_STATUS_OPTIONS: Option[] = optionsOf(MILESTONE_STATUSES, MILESTONE_STATUS_LABELS);

/** Task lists filter by every status a task shows, 'Overdue' included. */
export const TASK_STATUS_FILTER_OPTIONS: Option[] = optionsOf(TASK_STATUSES, TASK_STATUS_LABELS);

/** What a form or the status control sets: 'Overdue' follows from the due date. */
export const TASK_STATUS_OPTIONS: Option[] = optionsOf(SETTABLE_TASK_STATUSES, TASK_STATUS_LABELS);

export const TASK_PRIORITY_OPTIONS: Option[] = optionsOf(TASK_PRIORITIES, TASK_PRIORITY_LABELS);

/** A select's first, empty choice: nothing chosen yet (the schema then says what is required). */
export const choose = (label: string): Option => ({ value: '', label });

/** A task's assignee as the task itself names them: who is kept even when no longer on the team. */
export type KeptAssignee = { user_id: string; first_name: string; last_name: string };

/**
 * The people a task can go to as 'First Last' choices: active members whose role may hold tasks
 * (guests and customers cannot open one). `keep`, the task's own assignee, stays in whatever they
 * are now: inactive, in another role, or no longer a member at all (then named from the task).
 */
export const memberOptions = (members: TeamMember[], keep?: KeptAssignee | null): Option[] => {
  const options = members
    .filter(
      (member) =>
        (member.status === 'active' && (TASK_ASSIGNEE_ROLES as readonly string[]).includes(member.role)) ||
        member.user_id === keep?.user_id,
    )
    .map((member) => ({ value: member.user_id, label: personName(member) }));
  if (keep && !members.some((member) => member.user_id === keep.user_id)) {
    options.push({ value: keep.user_id, label: `${personName(keep)} (${FORMER_MEMBER})` });
  }
  return options;
};

/** Said of a task's assignee who is no longer a member of the workspace. */
export const FORMER_MEMBER = 'no longer in this workspace';
