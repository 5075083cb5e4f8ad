/*
 * The free slots of a day (issue 15, Barber Shop & Spa): pure functions, no database, no clock of
 * their own. A day is a calendar date in the shop's time zone; working hours and breaks are
 * clock-face minutes of that day (wall-clock times); appointments and "now" are instants, and a
 * service's duration is elapsed time. On the nights the clocks change, a clock-face time is the
 * instant the clock reads it (instantAt: the first of a repeated hour, the jump for a skipped one),
 * so a working day of 00:00-06:00 lasts 5 hours in spring and 7 in autumn, a start the clock never
 * reads is never offered, and one it reads twice is two starts. The database's exclusion
 * constraint is the rule that no time is booked twice; this is what the booking page offers and
 * what a booking is checked against (hours, breaks, days off, the past).
 */

import {
  boundOf,
  clockOf,
  type DayClock,
  instantAt,
  instantsAt,
  localTimeOf,
  readingsOf,
} from '@workhub/shared/wall-clock';

/** The shop's clock (packages/shared/src/wall-clock.ts), as the module's callers import it. */
export { instantAt, instantsAt, localTimeOf };

export type DayInterval = { weekday: number; startMinute: number; endMinute: number };
export type Busy = { start: Date; end: Date };

export type StaffSchedule = {
  staffId: string;
  /** One interval per ISO weekday (1 Monday ... 7 Sunday) at most; a weekday missing: not working. */
  hours: readonly DayInterval[];
  breaks: readonly DayInterval[];
  /** 'YYYY-MM-DD' days of the shop's calendar. */
  daysOff: readonly string[];
  /** The staff member's holding appointments (booked, checked in) around the day. */
  busy: readonly Busy[];
};

export type SlotRequest = {
  /** 'YYYY-MM-DD' in the shop's time zone. */
  date: string;
  timezone: string;
  /** The services' total, in a row. */
  durationMinutes: number;
  stepMinutes: number;
  now: Date;
  /** The staff members who may do it (they perform every service); one for a chosen staff member. */
  staff: readonly StaffSchedule[];
};

/** A free start: the staff members free for it, the least busy of the day first. */
export type FreeSlot = { start: Date; end: Date; staffIds: string[] };

const MINUTE_MS = 60_000;

/** ISO weekday (1 Monday ... 7 Sunday) of a 'YYYY-MM-DD' date. */
export function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** 'YYYY-MM-DD' `days` after `date`. */
export function addDays(date: string, days: number): string {
  const time = new Date(`${date}T00:00:00Z`).getTime() + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number) =>
  aStart < bEnd && bStart < aEnd;

type Reason = 'day_off' | 'outside_hours' | 'break';
type Span = { start: number; end: number };
/** A staff member's working day as instants, less the breaks; `firstMinute` its clock-face start (the grid's). */
type WorkDay = Span & { breaks: Span[]; firstMinute: number };

/**
 * `staff`'s working day on `date` (its clock `clock`): the wall-clock hours and breaks of that
 * weekday as the instants the clock reads them (instantAt), or why there is none.
 */
function workDayOf(staff: Omit<StaffSchedule, 'busy'>, date: string, clock: DayClock): WorkDay | Reason {
  if (staff.daysOff.includes(date)) return 'day_off';
  const weekday = weekdayOf(date);
  const hours = staff.hours.find((h) => h.weekday === weekday);
  if (!hours) return 'outside_hours';
  return {
    firstMinute: hours.startMinute,
    start: boundOf(clock, hours.startMinute),
    end: boundOf(clock, hours.endMinute),
    breaks: staff.breaks
      .filter((b) => b.weekday === weekday)
      .map((b) => ({ start: boundOf(clock, b.startMinute), end: boundOf(clock, b.endMinute) })),
  };
}

/** Why `start`..`end` (elapsed time, instants) does not fit in `day`, or null. */
function conflictIn(day: WorkDay, start: number, end: number): Reason | null {
  if (start < day.start || end > day.end) return 'outside_hours';
  return day.breaks.some((b) => overlaps(start, end, b.start, b.end)) ? 'break' : null;
}

/**
 * Why `staff` cannot take `durationMinutes` from `start` by their schedule (hours, breaks, days off),
 * or null when they can. The day is the one the shop's clock reads at `start`; the service lasts
 * `durationMinutes` of real time, so across a change of the clocks it ends an hour later or
 * earlier by the clock face, and must still end within the working hours. Existing appointments
 * are not looked at: the database refuses an overlap.
 */
export function scheduleConflict(
  staff: Omit<StaffSchedule, 'busy'>,
  start: Date,
  durationMinutes: number,
  timezone: string,
): Reason | null {
  const { date } = localTimeOf(start, timezone);
  const day = workDayOf(staff, date, clockOf(date, timezone));
  if (typeof day === 'string') return day;
  return conflictIn(day, start.getTime(), start.getTime() + durationMinutes * MINUTE_MS);
}

/**
 * Whether `start` is one of the starts the booking page offers `staff` (whatever is free): a whole
 * minute whose clock-face time is on the step's grid from that day's working start (from midnight
 * on a day not worked, which the schedule check then refuses). What a public booking or reschedule
 * is held to; the desk is not.
 */
export function onSlotGrid(
  staff: Pick<StaffSchedule, 'hours'>,
  start: Date,
  timezone: string,
  stepMinutes: number,
): boolean {
  if (start.getTime() % MINUTE_MS !== 0) return false;
  const { date, minute } = localTimeOf(start, timezone);
  const weekday = weekdayOf(date);
  const from = staff.hours.find((h) => h.weekday === weekday)?.startMinute ?? 0;
  return (((minute - from) % stepMinutes) + stepMinutes) % stepMinutes === 0;
}

/** The minutes of holding appointments within `day`: "anyone" goes to the least booked. */
const loadOf = (busy: readonly Busy[], day: Span) =>
  busy.reduce(
    (sum, b) =>
      sum + Math.max(0, Math.min(b.end.getTime(), day.end) - Math.max(b.start.getTime(), day.start)),
    0,
  );

const byLoadThenId = (a: { id: string; load: number }, b: { id: string; load: number }) =>
  a.load - b.load || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The free slots of the day: every instant whose clock-face time is on the step's grid (from the
 * working start) at which some staff member can do the whole duration (elapsed time) within their
 * hours, outside their breaks, not on a day off, without overlapping a holding appointment, and
 * not before `now`: exactly the starts onSlotGrid, scheduleConflict and freeStaffAt accept. On the
 * night the clocks change, a time they skip is no slot, and an hour they repeat is offered at each
 * of its two instants (once each). Sorted by start; each slot's staff sorted by the minutes already
 * booked that day (then by id), so that "anyone" spreads the work.
 */
export function freeSlots(request: SlotRequest): FreeSlot[] {
  const { date, timezone, durationMinutes, stepMinutes, now, staff } = request;
  if (durationMinutes <= 0 || stepMinutes <= 0) return [];
  const clock = clockOf(date, timezone);
  const calendarDay = { start: boundOf(clock, 0), end: boundOf(clock, 1440) };
  const duration = durationMinutes * MINUTE_MS;
  const startsOf = new Map<number, number[]>();
  const byStart = new Map<number, { id: string; load: number }[]>();

  for (const member of staff) {
    const day = workDayOf(member, date, clock);
    if (typeof day === 'string') continue;
    const busy = member.busy.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() }));
    const load = loadOf(member.busy, calendarDay);
    // Every clock-face time of the grid, earlier ones too: after an hour the clocks repeat, one may
    // fall within the working day (conflictIn decides).
    for (let minute = day.firstMinute % stepMinutes; minute < 1440; minute += stepMinutes) {
      let starts = startsOf.get(minute);
      if (!starts) {
        starts = readingsOf(clock, minute);
        startsOf.set(minute, starts);
      }
      for (const start of starts) {
        const end = start + duration;
        if (conflictIn(day, start, end) !== null || start < now.getTime()) continue;
        if (busy.some((b) => overlaps(start, end, b.start, b.end))) continue;
        byStart.set(start, [...(byStart.get(start) ?? []), { id: member.staffId, load }]);
      }
    }
  }

  return [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, free]) => ({
      start: new Date(start),
      end: new Date(start + duration),
      staffIds: free.sort(byLoadThenId).map((s) => s.id),
    }));
}

/**
 * The staff members who can take `durationMinutes` from `start` (any start, on the grid or not):
 * their schedule allows it (scheduleConflict) and no holding appointment overlaps; the least booked
 * of that day first. What "anyone" picks from, and a chosen staff member's check before the
 * database's.
 */
export function freeStaffAt(
  staff: readonly StaffSchedule[],
  start: Date,
  durationMinutes: number,
  timezone: string,
): string[] {
  const startAt = start.getTime();
  const endAt = startAt + durationMinutes * MINUTE_MS;
  const { date } = localTimeOf(start, timezone);
  const clock = clockOf(date, timezone);
  const calendarDay = { start: boundOf(clock, 0), end: boundOf(clock, 1440) };
  return staff
    .filter((member) => {
      const day = workDayOf(member, date, clock);
      return typeof day !== 'string' && conflictIn(day, startAt, endAt) === null;
    })
    .filter(
      (member) => !member.busy.some((b) => overlaps(startAt, endAt, b.start.getTime(), b.end.getTime())),
    )
    .map((member) => ({ id: member.staffId, load: loadOf(member.busy, calendarDay) }))
    .sort(byLoadThenId)
    .map((s) => s.id);
}
