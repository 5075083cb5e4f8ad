import { type BarberStaff, type BarberStaffBody, barberStaffBody } from '@workhub/shared/schemas/barber';
import { minutesToTime, timeToMinutes } from '../barber-format.ts';

/*
 * The staff form's draft (a row a weekday, times as typed, days off as one text) and the body the
 * API takes: rows are numbered in the body, not by weekday, so a message for `hours.1.end_minute`
 * or `days_off.0` (the schema's, checked before sending, or the server's 400) is put back on the
 * row and the day off it came from.
 */

export type DayDraft = { works: boolean; start: string; end: string; breakStart: string; breakEnd: string };
/** A day's four times. */
export type TimeField = Exclude<keyof DayDraft, 'works'>;

export type Draft = {
  name: string;
  active: boolean;
  serviceIds: string[];
  days: DayDraft[];
  daysOff: string;
};

/** A day's problems: its hours' and its break's message, and the time fields to mark. */
export type DayErrors = { hours?: string; break?: string; marked: TimeField[] };
/** The form's problems, each where its field is; `other` for what no field shows (under the form). */
export type StaffErrors = {
  name?: string;
  services?: string;
  days: Record<number, DayErrors>;
  daysOff?: string;
  other: string[];
};

/** What a body was built from: the day (0 Monday) of each hours and breaks row, the days off typed. */
export type Sent = { hourDays: number[]; breakDays: number[]; daysOff: string[] };

export const noErrors = (): StaffErrors => ({ days: {}, other: [] });
export const hasErrors = (errors: StaffErrors) =>
  Boolean(errors.name || errors.services || errors.daysOff) ||
  Object.keys(errors.days).length > 0 ||
  errors.other.length > 0;

export const draftOf = (staff: BarberStaff | null): Draft => ({
  name: staff?.name ?? '',
  active: staff?.active ?? true,
  serviceIds: staff?.service_ids ?? [],
  days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    const hours = staff?.hours.find((h) => h.weekday === weekday);
    const pause = staff?.breaks.find((b) => b.weekday === weekday);
    return {
      works: staff ? Boolean(hours) : weekday <= 6,
      start: minutesToTime(hours?.start_minute ?? 540),
      end: minutesToTime(hours?.end_minute ?? 1080),
      breakStart: pause ? minutesToTime(pause.start_minute) : '',
      breakEnd: pause ? minutesToTime(pause.end_minute) : '',
    };
  }),
  daysOff: staff?.days_off.join(', ') ?? '',
});

const dayOf = (errors: StaffErrors, day: number): DayErrors => {
  errors.days[day] ??= { marked: [] };
  return errors.days[day];
};

/**
 * Puts a body's field messages (the API's 400 `fields`, or the shared schema's issues in the same
 * shape: `hours.1.end_minute`, `days_off.0`) on the form's fields. Rows are numbered in the body,
 * not by weekday: `sent` says which day each row was. Bad days off are named, once each.
 */
const addFieldErrors = (errors: StaffErrors, fields: Record<string, string>, sent: Sent) => {
  const badDays = new Map<string, string[]>();
  for (const [field, message] of Object.entries(fields)) {
    const [head, index, part] = field.split('.');
    const row = index === undefined ? undefined : Number(index);
    if (head === 'name') errors.name ??= message;
    else if (head === 'service_ids') errors.services ??= message;
    else if ((head === 'hours' || head === 'breaks') && row !== undefined) {
      const day = (head === 'hours' ? sent.hourDays : sent.breakDays)[row];
      if (day === undefined) {
        errors.other.push(message);
        continue;
      }
      const entry = dayOf(errors, day);
      const [start, end] =
        head === 'hours' ? (['start', 'end'] as const) : (['breakStart', 'breakEnd'] as const);
      const key = head === 'hours' ? 'hours' : 'break';
      entry[key] ??= message;
      if (part !== 'end_minute') entry.marked.push(start);
      if (part !== 'start_minute') entry.marked.push(end);
    } else if (head === 'days_off' && row !== undefined) {
      const typed = sent.daysOff[row] ?? '';
      const named = badDays.get(message) ?? [];
      if (!named.includes(typed)) named.push(typed);
      badDays.set(message, named);
    } else if (head === 'days_off') errors.daysOff ??= message;
    else errors.other.push(message);
  }
  const named = [...badDays].map(([message, days]) => `${days.join(', ')}: ${message}`);
  if (named.length > 0) errors.daysOff = [...named, errors.daysOff].filter(Boolean).join(' ');
};

/** The body of a draft, with what it was built from, and the times that are not HH:MM. */
const bodyOf = (draft: Draft) => {
  const errors = noErrors();
  const sent: Sent = { hourDays: [], breakDays: [], daysOff: [] };
  const hours = [];
  const breaks = [];
  for (const [day, row] of draft.days.entries()) {
    if (!row.works) continue;
    const start = timeToMinutes(row.start);
    const end = timeToMinutes(row.end);
    if (start === null || end === null) {
      dayOf(errors, day).hours = 'hours as HH:MM';
      dayOf(errors, day).marked.push(
        ...(['start', 'end'] as const).filter((f) => timeToMinutes(row[f]) === null),
      );
    } else {
      hours.push({ weekday: day + 1, start_minute: start, end_minute: end });
      sent.hourDays.push(day);
    }
    if (!row.breakStart && !row.breakEnd) continue;
    const from = timeToMinutes(row.breakStart);
    const to = timeToMinutes(row.breakEnd);
    if (from === null || to === null) {
      dayOf(errors, day).break = 'the break as HH:MM';
      dayOf(errors, day).marked.push(
        ...(['breakStart', 'breakEnd'] as const).filter((f) => timeToMinutes(row[f]) === null),
      );
    } else {
      breaks.push({ weekday: day + 1, start_minute: from, end_minute: to });
      sent.breakDays.push(day);
    }
  }
  sent.daysOff = draft.daysOff
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter((d) => d !== '');
  const body: BarberStaffBody = {
    name: draft.name,
    active: draft.active,
    service_ids: draft.serviceIds,
    hours,
    breaks,
    days_off: sent.daysOff,
  };
  return { body, sent, errors };
};

/** The first message of each path of a schema's refusal, as the API's 400 `fields` map has them. */
const issuePaths = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
};

/**
 * A draft as the API would take it, checked here first with the API's own schema: the body, what
 * it was built from (to place the server's messages later) and every problem found.
 */
export const checkedDraft = (draft: Draft) => {
  const built = bodyOf(draft);
  const parsed = barberStaffBody.safeParse(built.body);
  if (!parsed.success) addFieldErrors(built.errors, issuePaths(parsed.error.issues), built.sent);
  return built;
};

/** A server's 400 `fields` on the form whose body `sent` describes. */
export const serverErrors = (fields: Record<string, string>, sent: Sent): StaffErrors => {
  const errors = noErrors();
  addFieldErrors(errors, fields, sent);
  return errors;
};
