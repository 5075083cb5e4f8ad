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
 * The app shows dates in British English ('3 Mar 2026', '3 Mar 2026, 14:05'), written out here
 * rather than by `Intl.DateTimeFormat`: the browser's first date formatter loads its calendar data,
 * ~19 ms of a page's first render on a fast phone (76 ms at Lighthouse's 4x), for a list's first
 * due date. The month names are CLDR's en-GB abbreviations, as `Intl` gives them ('Sept', not
 * 'Sep'); labels.test.ts holds every month, day and time against `Intl`. A year outside 1-9999,
 * which no stored date has, is left to `Intl`.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

type DayParts = { year: number; month: number; day: number };

const utcParts = (date: Date): DayParts => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth(),
  day: date.getUTCDate(),
});

const localParts = (date: Date): DayParts => ({
  year: date.getFullYear(),
  month: date.getMonth(),
  day: date.getDate(),
});

const writable = ({ year }: DayParts): boolean => year >= 1 && year <= 9999;

const dayMonth = ({ month, day }: DayParts): string => `${day} ${MONTHS[month]}`;

const dayMonthYear = (parts: DayParts): string => `${dayMonth(parts)} ${parts.year}`;

const twoDigits = (value: number): string => String(value).padStart(2, '0');

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
  const parts = day ? utcParts(date) : localParts(date);
  if (writable(parts)) return dayMonthYear(parts);
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(day ? { timeZone: 'UTC' } : {}),
  }).format(date);
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

/** A moment (ISO string) as '3 Mar 2026, 14:05' in the browser's time zone; an empty or unreadable one as '—'. */
export const formatDateTime = (value: string | null | undefined): string => {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const parts = localParts(date);
  if (!writable(parts)) {
    return new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(date);
  }
  return `${dayMonthYear(parts)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
};

/** '2026-03-02' -> '2 Mar': the label of a week in a chart (weeks start on Monday, UTC). */
export const weekLabel = (weekStart: string): string => {
  const date = new Date(weekStart);
  return Number.isNaN(date.getTime()) ? weekStart : dayMonth(utcParts(date));
};

/**
 * A count with its noun, agreed: counted(1, 'exception') is '1 exception', counted(3, 'exception')
 * '3 exceptions'. A noun whose plural is not the singular with an 's' names it (counted(2, 'box',
 * 'boxes')). Thousands are grouped as the app shows numbers ('1,200 proposals').
 */
export const counted = (count: number, one: string, many = `${one}s`): string =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;

const THOUSANDS = /\B(?=(\d{3})+$)/g;

/**
 * A number as en-GB writes it ('34,080', '-1,200', '2.5'). A whole number is grouped here, not by
 * `Intl.NumberFormat`: the browser's first number formatter loads its locale data, ~19 ms of a
 * list's first render on a fast phone (75 ms at Lighthouse's 4x) for its '1,234 projects'. Others
 * (a fraction, beyond 2^53) go to one formatter, made on first use. labels.test.ts holds both
 * against `Intl`.
 */
export const formatNumber = (value: number): string => {
  if (Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value)).replace(THOUSANDS, ',');
    return value < 0 ? `-${digits}` : digits;
  }
  numberFormat ??= new Intl.NumberFormat('en-GB');
  return numberFormat.format(value);
};
let numberFormat: Intl.NumberFormat | undefined;

/** The weekdays' short names, Monday first (ISO weekday 1 is index 0). */
export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
