import {
  EDITABLE_PROJECT_STATUSES,
  MILESTONE_STATUSES,
  SETTABLE_TASK_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from '@workhub/shared/enums';
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

/** Active members as 'First Last' choices; `keep` stays in even when inactive (a task's assignee). */
export const memberOptions = (members: TeamMember[], keep?: string | null): Option[] =>
  members
    .filter((member) => member.status === 'active' || member.user_id === keep)
    .map((member) => ({ value: member.user_id, label: personName(member) }));
