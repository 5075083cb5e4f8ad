/*
 * The free slots of a day (issue 15, Barber Shop & Spa): pure functions, no database, no clock of
 * their own. A day is a calendar date in the shop's time zone; working hours and breaks are minutes
 * of that local day; appointments and "now" are instants. The database's exclusion constraint is
 * the rule that no time is booked twice; this is what the booking page offers and what a booking
 * is checked against (hours, breaks, days off, the past).
 */

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

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timezone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timezone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of `instant` in `timezone`: its date and minute of the day. */
export function localTimeOf(instant: Date, timezone: string): { date: string; minute: number } {
  const parts = Object.fromEntries(
    formatterOf(timezone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** How far `timezone` is ahead of UTC at `instant`, in ms. */
function offsetMs(instant: Date, timezone: string): number {
  const { date, minute } = localTimeOf(instant, timezone);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, 0, minute);
  return asUtc - Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS;
}

/** The instant at which the wall clock of `timezone` reads `date` `minute` (0..1440). */
export function instantAt(date: string, minute: number, timezone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minute);
  const first = wall - offsetMs(new Date(wall), timezone);
  // Near a change of offset (summer time) the guess's offset may be the other one: once more.
  const second = wall - offsetMs(new Date(first), timezone);
  return new Date(second);
}

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

/**
 * Why `staff` cannot take `durationMinutes` from `start` by their schedule (hours, breaks, days off),
 * or null when they can. Existing appointments are not looked at: the database refuses an overlap.
 */
export function scheduleConflict(
  staff: Omit<StaffSchedule, 'busy'>,
  start: Date,
  durationMinutes: number,
  timezone: string,
): 'day_off' | 'outside_hours' | 'break' | null {
  const { date, minute } = localTimeOf(start, timezone);
  if (staff.daysOff.includes(date)) return 'day_off';
  const weekday = weekdayOf(date);
  const end = minute + durationMinutes;
  const hours = staff.hours.find((h) => h.weekday === weekday);
  if (!hours || minute < hours.startMinute || end > hours.endMinute) return 'outside_hours';
  const inBreak = staff.breaks.some(
    (b) => b.weekday === weekday && overlaps(minute, end, b.startMinute, b.endMinute),
  );
  return inBreak ? 'break' : null;
}

/**
 * Whether `start` is one of the starts the booking page offers `staff` (whatever is free): a whole
 * minute on the step's grid from that day's working start (from midnight on a day not worked, which
 * the schedule check then refuses). What a public booking or reschedule is held to; the desk is not.
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

/**
 * The free slots of the day: every start on the step's grid (from each working interval's start)
 * at which some staff member can do the whole duration within their hours, outside their breaks,
 * not on a day off, without overlapping a holding appointment, and not before `now`. Sorted by
 * start; each slot's staff sorted by the minutes already booked that day (then by id), so that
 * "anyone" spreads the work.
 */
export function freeSlots(request: SlotRequest): FreeSlot[] {
  const { date, timezone, durationMinutes, stepMinutes, now, staff } = request;
  if (durationMinutes <= 0 || stepMinutes <= 0) return [];
  const weekday = weekdayOf(date);
  const dayStart = instantAt(date, 0, timezone).getTime();
  const dayEnd = instantAt(addDays(date, 1), 0, timezone).getTime();
  const byStart = new Map<number, { end: number; staff: { id: string; load: number }[] }>();

  for (const member of staff) {
    if (member.daysOff.includes(date)) continue;
    const hours = member.hours.find((h) => h.weekday === weekday);
    if (!hours) continue;
    const breaks = member.breaks.filter((b) => b.weekday === weekday);
    const busy = member.busy.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() }));
    const load = busy.reduce(
      (sum, b) => sum + Math.max(0, Math.min(b.end, dayEnd) - Math.max(b.start, dayStart)),
      0,
    );
    for (let minute = hours.startMinute; minute + durationMinutes <= hours.endMinute; minute += stepMinutes) {
      const end = minute + durationMinutes;
      if (breaks.some((b) => overlaps(minute, end, b.startMinute, b.endMinute))) continue;
      const startAt = instantAt(date, minute, timezone).getTime();
      const endAt = startAt + durationMinutes * MINUTE_MS;
      if (startAt < now.getTime()) continue;
      if (busy.some((b) => overlaps(startAt, endAt, b.start, b.end))) continue;
      const entry = byStart.get(startAt) ?? { end: endAt, staff: [] };
      entry.staff.push({ id: member.staffId, load });
      byStart.set(startAt, entry);
    }
  }

  return [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, entry]) => ({
      start: new Date(start),
      end: new Date(entry.end),
      staffIds: entry.staff
        .sort((a, b) => a.load - b.load || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((s) => s.id),
    }));
}

/**
 * The staff members who can take `durationMinutes` from `start` (any start, on the grid or not):
 * their schedule allows it and no holding appointment overlaps; the least booked of that day first.
 * What "anyone" picks from, and a chosen staff member's check before the database's.
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
  const dayStart = instantAt(date, 0, timezone).getTime();
  const dayEnd = instantAt(addDays(date, 1), 0, timezone).getTime();
  return staff
    .filter((member) => scheduleConflict(member, start, durationMinutes, timezone) === null)
    .filter(
      (member) => !member.busy.some((b) => overlaps(startAt, endAt, b.start.getTime(), b.end.getTime())),
    )
    .map((member) => ({
      id: member.staffId,
      load: member.busy.reduce(
        (sum, b) =>
          sum + Math.max(0, Math.min(b.end.getTime(), dayEnd) - Math.max(b.start.getTime(), dayStart)),
        0,
      ),
    }))
    .sort((a, b) => a.load - b.load || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((s) => s.id);
}
