import type { CbeClass, CbeSettings, CbeTerm } from '@workhub/shared/schemas/cbe';
import { afterEach, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';

/*
 * What the CBE page tests share. Each file still says
 * `vi.mock('../../../lib/notify.tsx', ...)` itself: vitest hoists a mock per file.
 */

export const at = '2026-01-01T00:00:00.000Z';

/** A list answer holding `rows`, all on page 1. */
export const listOf = <T>(rows: T[]) => ({ data: rows, meta: { page: 1, limit: 14, total: rows.length } });

/** The mocked fetch of each test, the toasts reset after it, and the writes (not GETs) it saw. */
export function pageTestKit() {
  const fetchMock = mockFetchPerTest();
  afterEach(() => {
    vi.mocked(notify.success).mockReset();
    vi.mocked(notify.error).mockReset();
  });
  const writes = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method && init.method !== 'GET')
      .map(([url, init]) => ({
        method: init?.method,
        url: String(url),
        body: JSON.parse(String(init?.body ?? 'null')),
      }));
  return { fetchMock, writes };
}

/** Grade 4 East, with no class teacher. */
export const classOf = (ids: { klass: string; grade: string }, studentCount: number): CbeClass => ({
  id: ids.klass,
  grade_id: ids.grade,
  grade_name: 'Grade 4',
  name: 'East',
  teacher_id: null,
  teacher_name: null,
  teacher_active: null,
  student_count: studentCount,
  created_at: at,
});

/** Term 1 of 2026. */
export const termOf = (id: string, yearId: string): CbeTerm => ({
  id,
  year_id: yearId,
  year_name: '2026',
  name: 'Term 1',
  starts_on: '2026-01-05',
  ends_on: '2026-04-03',
  created_at: at,
});

/** 'YYYY-MM-DD' now in `timeZone`. */
const dayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

/** The browser's today (its own time zone), what `new Date()` shows. */
export const browserToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/**
 * The settings (GET /api/cbe/settings) of a school whose today is not the browser's: in
 * Pacific/Kiritimati (UTC+14) or Pacific/Pago_Pago (UTC-11), 25 hours apart, so one of them is
 * always on another day than the browser, wherever and whenever the test runs.
 */
export const farSchool = (): CbeSettings => {
  const school = ['Pacific/Kiritimati', 'Pacific/Pago_Pago']
    .map((time_zone) => ({ time_zone, today: dayIn(time_zone), updated_at: '2026-01-05T08:00:00.000Z' }))
    .find((s) => s.today !== browserToday());
  if (!school) throw new Error('no school day apart from the browser');
  return school;
};
