import { randomUUID } from 'node:crypto';
import { isCbeSchoolDay } from '@workhub/shared/schemas/cbe';
import { eq } from 'drizzle-orm';
import { expect, onTestFinished } from 'vitest';
import { outbox } from '../../db/schema/outbox.ts';
import { bearer, type TestApp } from '../../test/helpers.ts';
import { dayIn } from './cbe-settings.service.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One API call with a bearer token and, when given, a JSON body. */
export const cbeCall = (t: TestApp, method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A call that must succeed (200 or 201): its `data`. */
export async function ok<T = Record<string, unknown> & { id: string }>(
  t: TestApp,
  method: Method,
  url: string,
  token: string,
  payload?: object,
): Promise<T> {
  const response = await cbeCall(t, method, url, token, payload);
  expect([200, 201], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
  return response.json().data as T;
}

export const tag = () => randomUUID().slice(0, 8);

export type School = {
  yearId: string;
  termId: string;
  gradeId: string;
  classId: string;
  areaId: string;
  strandId: string;
  subStrandIds: string[];
  studentIds: string[];
};

/**
 * A small school through the API: a year (2026), its first term (Jan 5 - Apr 3), Grade 4 with
 * class 4 East, one learning area with a strand of two sub-strands, and `students` students, the
 * first with a guardian whose e-mail is `guardianEmail`.
 */
export async function makeSchool(
  t: TestApp,
  token: string,
  options: { students?: number; guardianEmail?: string } = {},
): Promise<School> {
  const n = tag();
  const year = await ok(t, 'POST', '/api/cbe/years', token, {
    name: `2026 ${n}`,
    starts_on: '2026-01-01',
    ends_on: '2026-12-31',
  });
  const term = await ok(t, 'POST', '/api/cbe/terms', token, {
    year_id: year.id,
    name: 'Term 1',
    starts_on: '2026-01-05',
    ends_on: '2026-04-03',
  });
  const grade = await ok(t, 'POST', '/api/cbe/grades', token, { name: `Grade 4 ${n}`, level: 4 });
  const klass = await ok(t, 'POST', '/api/cbe/classes', token, { grade_id: grade.id, name: 'East' });
  const area = await ok(t, 'POST', '/api/cbe/learning-areas', token, {
    grade_id: grade.id,
    name: 'Mathematics',
  });
  const strand = await ok(t, 'POST', '/api/cbe/strands', token, {
    learning_area_id: area.id,
    name: 'Numbers',
  });
  const subStrandIds: string[] = [];
  for (const name of ['Whole numbers', 'Fractions']) {
    subStrandIds.push(
      (await ok(t, 'POST', '/api/cbe/sub-strands', token, { strand_id: strand.id, name })).id,
    );
  }
  const studentIds: string[] = [];
  for (let i = 0; i < (options.students ?? 2); i++) {
    const guardians =
      i === 0
        ? [
            {
              name: 'Grace Wanjiru',
              phone: '+254700000001',
              email: options.guardianEmail ?? `g-${n}@example.com`,
            },
          ]
        : [{ name: 'Peter Otieno', phone: '+254700000002', email: `p-${n}-${i}@example.com` }];
    const student = await ok(t, 'POST', '/api/cbe/students', token, {
      admission_no: `ADM-${n}-${i}`,
      first_name: ['Amani', 'Baraka', 'Chebet', 'Daudi'][i % 4],
      last_name: 'Kamau',
      class_id: klass.id,
      guardians,
    });
    studentIds.push(student.id);
  }
  return {
    yearId: year.id,
    termId: term.id,
    gradeId: grade.id,
    classId: klass.id,
    areaId: area.id,
    strandId: strand.id,
    subStrandIds,
    studentIds,
  };
}

/** The mails written to `to`. */
export const mailsOf = ({ db }: TestApp, to: string) => db.db.select().from(outbox).where(eq(outbox.to, to));

const DAY_MS = 86_400_000;

/** `day` moved by `days` days ('YYYY-MM-DD'). */
export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Moves the test clock a day at a time (at most two) until the school's today in `timeZone` is a
 * school day (Monday to Friday): the register is marked on school days only. Call it before the
 * tenant is made, so its sessions begin on the moved clock; the clock is moved back when the test
 * ends (the sessions of the file's other tests would have expired). Answers that today.
 */
export function onSchoolDay(t: TestApp, timeZone = 'Africa/Nairobi'): string {
  let days = 0;
  for (; !isCbeSchoolDay(dayIn(t.clock.now(), timeZone)); days++) t.clock.advance(DAY_MS / 1000);
  if (days > 0) onTestFinished(() => t.clock.advance((-days * DAY_MS) / 1000));
  return dayIn(t.clock.now(), timeZone);
}

/** A year and a term of the school that hold `today` (from 10 days before it to 10 after). */
export async function termAround(t: TestApp, token: string, today: string) {
  const year = await ok(t, 'POST', '/api/cbe/years', token, {
    name: `Now ${tag()}`,
    starts_on: shiftDay(today, -100),
    ends_on: shiftDay(today, 100),
  });
  return ok(t, 'POST', '/api/cbe/terms', token, {
    year_id: year.id,
    name: 'Now',
    starts_on: shiftDay(today, -10),
    ends_on: shiftDay(today, 10),
  });
}
