import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { createTask, daysFromNow, tenantWithWorker } from '../../test/work.ts';

/*
 * "Overdue" is measured against the viewer's day, which the web sends as X-Local-Date with every
 * request (lib/viewer-date.ts): within a day of the UTC date, else the UTC date is used.
 */
const t = useTestApp();

const get = (url: string, token: string, localDate?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(token), ...(localDate ? { 'x-local-date': localDate } : {}) },
  });

describe("the viewer's day", () => {
  it("makes a task due today overdue once the viewer's day is tomorrow, and not before", async () => {
    const { owner, toWorker } = await tenantWithWorker(t);
    const today = daysFromNow(t, 0);
    const task = await createTask(t, owner.token, toWorker, { due_date: today });
    const url = `/api/tasks/${task.task_id}`;
    expect((await get(url, owner.token)).json().data.status).toBe('pending');
    // A viewer east of UTC, already on the next day (Auckland while UTC is still on today).
    expect((await get(url, owner.token, daysFromNow(t, 1))).json().data.status).toBe('overdue');
    // The list, its Overdue filter and the dashboard's count agree with it.
    const listed = await get(`/api/tasks?status=overdue`, owner.token, daysFromNow(t, 1));
    expect(listed.json().data.map((x: { task_id: string }) => x.task_id)).toContain(task.task_id);
    const none = await get(`/api/tasks?status=overdue`, owner.token, today);
    expect(none.json().data.map((x: { task_id: string }) => x.task_id)).not.toContain(task.task_id);
    const figures = async (date?: string) => (await get('/api/dashboard', owner.token, date)).json().data;
    expect((await figures(daysFromNow(t, 1))).tasks.overdue - (await figures(today)).tasks.overdue).toBe(1);
  });

  it('keeps a task due yesterday (UTC) on time for a viewer still on that day', async () => {
    const { owner, toWorker } = await tenantWithWorker(t);
    const yesterday = daysFromNow(t, -1);
    const task = await createTask(t, owner.token, toWorker, { due_date: yesterday });
    const url = `/api/tasks/${task.task_id}`;
    expect((await get(url, owner.token)).json().data.status).toBe('overdue');
    // A viewer west of UTC (Honolulu) for whom it is still yesterday.
    expect((await get(url, owner.token, yesterday)).json().data.status).toBe('pending');
  });

  it.each([
    ['two days ahead', 2],
    ['two days behind', -2],
  ])('ignores a date %s of UTC, and one that is no date', async (_label, days) => {
    const { owner, toWorker } = await tenantWithWorker(t);
    const task = await createTask(t, owner.token, toWorker, { due_date: daysFromNow(t, 0) });
    const url = `/api/tasks/${task.task_id}`;
    for (const date of [daysFromNow(t, days), '2026-02-30', 'tomorrow', '2026-1-01']) {
      const answer = await get(url, owner.token, date);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.status).toBe('pending');
    }
  });
});
