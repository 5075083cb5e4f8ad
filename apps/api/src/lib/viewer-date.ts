import { AsyncLocalStorage } from 'node:async_hooks';
import { isCalendarDate } from '@workhub/shared/schemas/common';
import { isoDate } from '@workhub/shared/tasks';
import type { FastifyInstance } from 'fastify';

/** The header the web app sends with every request: the viewer's own date, 'YYYY-MM-DD'. */
export const VIEWER_DATE_HEADER = 'x-local-date';

const DAY_MS = 24 * 60 * 60 * 1000;
const viewerDates = new AsyncLocalStorage<string | undefined>();

/**
 * Runs the rest of each request with the date its viewer sent (X-Local-Date), so that "today"
 * (a task overdue, the dashboard's overdue count, the overdue filter) is the viewer's day, as the
 * projects' and milestones' Overdue badges are in the browser, not UTC's: a task due today is not
 * overdue at 19:00 in New York.
 */
export function registerViewerDate(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers[VIEWER_DATE_HEADER];
    viewerDates.run(typeof header === 'string' ? header : undefined, done);
  });
}

/**
 * Today's date for the request's viewer at `at`: the date the viewer sent when it is a calendar
 * date within a day of the UTC date (every time zone's date is, UTC-12 to UTC+14), else the UTC
 * date. A forged header can move "today" by a day at most, and only for its own answers.
 */
export function viewerToday(at: Date): string {
  const utc = isoDate(at);
  const sent = viewerDates.getStore();
  if (sent === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(sent) || !isCalendarDate(sent)) return utc;
  const near = [isoDate(new Date(at.getTime() - DAY_MS)), utc, isoDate(new Date(at.getTime() + DAY_MS))];
  return near.includes(sent) ? sent : utc;
}
