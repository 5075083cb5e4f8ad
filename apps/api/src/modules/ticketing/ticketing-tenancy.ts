import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * What the module's services need of a tenant: a member's scope (moduleScope) and a public page's
 * (publicScope) both have it, so the kiosk and the desk issue tickets through the same code.
 */
export type Tenancy = {
  accountId: string;
  workspaceId: string;
  workspace(table: { accountId: PgColumn; workspaceId: PgColumn }): SQL;
  workspaceValues(): { accountId: string; workspaceId: string };
};

/** The name of the constraint a database error broke (postgres.js: constraint_name; PGlite: constraint). */
export function violatedConstraint(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const named = e as { constraint_name?: unknown; constraint?: unknown };
    if (typeof named.constraint_name === 'string') return named.constraint_name;
    if (typeof named.constraint === 'string') return named.constraint;
  }
  return undefined;
}

/** The workspace-local calendar day of `at` in `timeZone`, YYYY-MM-DD. */
export function localDay(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The ISO weekday (1 = Monday) and the wall-clock time 'HH:MM' of `at` in `timeZone`. */
export function localClock(at: Date, timeZone: string): { weekday: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: WEEKDAYS[part('weekday')] ?? 1, time: `${part('hour')}:${part('minute')}` };
}

export type OpeningDay = { weekday: number; opens_at: string; closes_at: string };

/**
 * Open at `at`: no hours set at all means always open; else the weekday's interval holds the time.
 * A closing time of 24:00 (the end of the day) sorts after every 'HH:MM' of the clock, so the
 * queue is open through 23:59 and closes at midnight.
 */
export function isOpenAt(hours: readonly OpeningDay[], at: Date, timeZone: string): boolean {
  if (hours.length === 0) return true;
  const { weekday, time } = localClock(at, timeZone);
  const day = hours.find((h) => h.weekday === weekday);
  return day !== undefined && day.opens_at.slice(0, 5) <= time && time < day.closes_at.slice(0, 5);
}
