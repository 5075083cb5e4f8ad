import type {
  InvitationStatus,
  MemberStatus,
  MilestoneStatus,
  ProjectStatus,
  TaskPriority,
  TaskStatus,
  TokenRole,
} from '@workhub/shared/enums';

/** How roles read on screen. */
export const ROLE_LABELS: Record<TokenRole, string> = {
  super_admin: 'Super admin',
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  worker: 'Worker',
  guest: 'Guest',
  customer: 'Customer',
};

export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
};

export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** One choice of a select. */
export type SelectOption = { value: string; label: string };

/** The choices of a select over `values`, each read as its label. */
export const optionsOf = <T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
): SelectOption[] => values.map((value) => ({ value, label: labels[value] }));

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  on_hold: 'On hold',
  complete: 'Complete',
  cancelled: 'Cancelled',
  archived: 'Archived',
};

/** The spec's 'Completeed' is a typo (docs/deviations.md). */
export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  completed: 'Completed',
};

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  completed: 'Completed',
  overdue: 'Overdue',
};

export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

/** First and last name, as the lists show a creator or an assignee; '—' when both are empty. */
export const personName = (person: { first_name: string; last_name: string }): string =>
  `${person.first_name} ${person.last_name}`.trim() || '—';

/**
 * A formatter made on its first use: making one costs the browser its locale data, and every
 * signed-in page loads this module at start, most of them using one or two of its formatters.
 */
const lazyFormat = <F>(make: () => F): (() => F) => {
  let made: F | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

const dateFormat = lazyFormat(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
);
const dayFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
);
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date (ISO string) as '3 Mar 2026'; an empty or unreadable one as '—'. A calendar day
 * ('2026-03-03', a due date) is that day wherever the browser is, not the day of its UTC midnight.
 */
export const formatDate = (value: string | null | undefined): string => {
  if (!value) return '—';
  const day = CALENDAR_DAY.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '—';
  return (day ? dayFormat : dateFormat)().format(date);
};

const DAYS_IN_TEXT = /\b\d{4}-\d{2}-\d{2}\b/g;

/**
 * A sentence written with calendar days as the API writes them ('due 2026-03-03'), with each day
 * as the app shows dates ('due 3 Mar 2026'): messages made by the server, such as an MRP run's
 * exceptions. One that is no day (2026-13-45) is left as it is.
 */
export const withDatesShown = (text: string): string =>
  text.replace(DAYS_IN_TEXT, (day) => {
    const shown = formatDate(day);
    return shown === '—' ? day : shown;
  });

const dateTimeFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** A moment (ISO string) as '3 Mar 2026, 14:05'; an empty or unreadable one as '—'. */
export const formatDateTime = (value: string | null | undefined): string => {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat().format(date);
};

const weekFormat = lazyFormat(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
);

/** '2026-03-02' -> '2 Mar': the label of a week in a chart (weeks start on Monday, UTC). */
export const weekLabel = (weekStart: string): string => {
  const date = new Date(weekStart);
  return Number.isNaN(date.getTime()) ? weekStart : weekFormat().format(date);
};

/**
 * A count with its noun, agreed: counted(1, 'exception') is '1 exception', counted(3, 'exception')
 * '3 exceptions'. A noun whose plural is not the singular with an 's' names it (counted(2, 'box',
 * 'boxes')). Thousands are grouped as the app shows numbers ('1,200 proposals').
 */
export const counted = (count: number, one: string, many = `${one}s`): string =>
  `${countFormat().format(count)} ${count === 1 ? one : many}`;

/** `toLocaleString('en-GB')` made a formatter on every call (a list's every row and figure). */
const countFormat = lazyFormat(() => new Intl.NumberFormat('en-GB'));
