/*
 * A time zone's wall clock around one calendar day, for the salon (a shop's hours and slots, the
 * API's apps/api/src/modules/barber/slots.ts, and the desk's forms in the web app): what a
 * clock-face time of a date means as an instant on every night, the nights the clocks change
 * included. A clock-face time is the instant the clock reads it: the first of a repeated hour
 * (the night they go back), and for a time the clocks skip (the night they go forward) the
 * instant they skip it. Pure functions of Intl, no clock of their own.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

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

/**
 * Date.UTC for any year: Date.UTC reads the years 0 to 99 as 1900 to 1999 ('0050-06-01' was 1950).
 */
function utcMs(year: number, month: number, day: number, minute = 0): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  return at.getTime() + minute * MINUTE_MS;
}

/** How far `timezone` is ahead of UTC at `instant`, in ms. */
function offsetMs(instant: Date, timezone: string): number {
  const { date, minute } = localTimeOf(instant, timezone);
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  // The year from the instant, not from Intl, which writes the year before 1 as '1' (1 BC): the
  // clock is less than a day from UTC, so its year differs only across a new year.
  const utcYear = instant.getUTCFullYear();
  const utcMonth = instant.getUTCMonth() + 1;
  const y = m === 1 && utcMonth === 12 ? utcYear + 1 : m === 12 && utcMonth === 1 ? utcYear - 1 : utcYear;
  const asUtc = utcMs(y, m, d, minute);
  return asUtc - Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS;
}

/**
 * The clock of `timezone` around one calendar date: its offsets from UTC, each from an instant on
 * (the first from always), over every instant at which the clock can read that date (UTC-12 to
 * UTC+14: the day before to the day after). Changes are found where the offset differs at the
 * window's two ends or its middle (the clocks change months apart, never twice in a day and a half),
 * to the minute.
 */
export type DayClock = { wall0: number; segments: { from: number; offset: number }[] };

export function clockOf(date: string, timezone: string): DayClock {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall0 = utcMs(y, m, d);
  const offsetAt = (at: number) => offsetMs(new Date(at), timezone);
  const samples = [wall0 - DAY_MS, wall0 + DAY_MS / 2, wall0 + 2 * DAY_MS];
  let before = samples[0] as number;
  let offset = offsetAt(before);
  const segments = [{ from: Number.NEGATIVE_INFINITY, offset }];
  for (const after of samples.slice(1)) {
    const next = offsetAt(after);
    if (next !== offset) {
      // The first minute of the new offset, between `lo` (old) and `hi` (new).
      let lo = before;
      let hi = after;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetAt(mid) === offset) lo = mid;
        else hi = mid;
      }
      segments.push({ from: hi, offset: next });
      offset = next;
    }
    before = after;
  }
  return { wall0, segments };
}

/** The instants at which `clock` reads `minute` of its date: none, one, or two (earlier first). */
export function readingsOf(clock: DayClock, minute: number): number[] {
  const wall = clock.wall0 + minute * MINUTE_MS;
  const found: number[] = [];
  clock.segments.forEach((segment, k) => {
    const at = wall - segment.offset;
    const until = clock.segments[k + 1]?.from ?? Number.POSITIVE_INFINITY;
    if (at >= segment.from && at < until) found.push(at);
  });
  return found;
}

/**
 * The first instant at which `clock` reads `minute` of its date, or later: the reading's instant,
 * the earlier of a repeated one, and for a reading the clocks skip, the instant they skip it.
 */
export function boundOf(clock: DayClock, minute: number): number {
  const wall = clock.wall0 + minute * MINUTE_MS;
  for (const [k, segment] of clock.segments.entries()) {
    const at = wall - segment.offset;
    // Before this offset began: the clocks jumped over the reading when it did.
    if (at < segment.from) return segment.from;
    const until = clock.segments[k + 1]?.from ?? Number.POSITIVE_INFINITY;
    if (at < until) return at;
  }
  // Unreachable: the last segment runs on for ever.
  return wall - (clock.segments.at(-1)?.offset ?? 0);
}

/**
 * The instant at which the wall clock of `timezone` reads `date` `minute` (0..1440), or first reads
 * past it: the earlier of an hour the clocks repeat (fall back), and for a time they skip (spring
 * forward: 02:30 when 02:00 becomes 03:00) the instant they skip it (03:00). A working day's or a
 * break's bound, and a calendar day's start: what a clock-face time means on every night.
 */
export function instantAt(date: string, minute: number, timezone: string): Date {
  return new Date(boundOf(clockOf(date, timezone), minute));
}

/**
 * Every instant at which the wall clock of `timezone` reads `date` `minute`: none in a time the
 * clocks skip, two (the earlier first) in an hour they repeat. A slot's possible starts.
 */
export function instantsAt(date: string, minute: number, timezone: string): Date[] {
  return readingsOf(clockOf(date, timezone), minute).map((at) => new Date(at));
}
