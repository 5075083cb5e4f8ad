/*
 * Dates as a mail's reader reads them ("Tuesday 3 February 2026"), not as the API stores them
 * ("2026-02-03"). A calendar day (a due date, a school day) has no time zone: it is written as it
 * is. An instant (an invoice's issue) is written as its day in UTC, which the mail says.
 */

const calendar = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const plain = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A 'YYYY-MM-DD' calendar day with its weekday: 'Tuesday 3 February 2026'. */
export function mailDay(day: string): string {
  if (!DAY.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : calendar.format(date).replace(',', '');
}

/** An instant's day in UTC, without its weekday: '3 February 2026'. */
export const mailUtcDay = (instant: Date): string => plain.format(instant);
