import { EXPORT_ROWS_MAX, TRIAL_DAYS } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/work.ts';
import { csvBody } from '../../test/csv.ts';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { createTag } from '../../test/tags.ts';
import { enter, login, memberIn, newTenant } from '../../test/tenants.ts';
import { call, createProject, daysFromNow, projectBody } from '../../test/work.ts';

const t = useTestApp();
const HEADER = 'Name,Description,Status,Due date,Tags,Created by,Created at';
const today = () => t.clock.now().toISOString().slice(0, 10);

/** The lines of a CSV answer (no cell of these tests holds a line break). */
const linesOf = (body: string) => csvBody(body).split('\r\n').slice(0, -1);
const names = (body: string) =>
  linesOf(body)
    .slice(1)
    .map((line) => line.split(',')[0]);

describe('GET /api/projects/export', () => {
  it('answers a CSV download: header, one line per project with its columns, quoted and guarded', async () => {
    const { owner } = await newTenant(t);
    const tag = await createTag(t, owner.token, { name: 'Client, big' });
    const project = await createProject(t, owner.token, {
      name: '=HYPERLINK("x")',
      description: 'Two, "quoted"',
      tag_ids: [tag.id],
    });
    const response = await call(t, 'GET', '/api/projects/export', owner.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="projects-${today()}.csv"`);
    expect(response.headers['x-export-truncated']).toBeUndefined();
    expect(linesOf(response.body)).toEqual([
      HEADER,
      `"'=HYPERLINK(""x"")","Two, ""quoted""",in_progress,${daysFromNow(t, 30)},"Client, big",Ada Lovelace,${project.created_at}`,
    ]);
  });

  it('applies the filters and the sort of the list, never paging', async () => {
    const { owner } = await newTenant(t);
    const tag = await createTag(t, owner.token);
    await createProject(t, owner.token, { name: 'Beta', due_date: daysFromNow(t, 5), tag_ids: [tag.id] });
    await createProject(t, owner.token, { name: 'Alpha', due_date: daysFromNow(t, 9) });
    await createProject(t, owner.token, { name: 'Gamma', status: 'on_hold', due_date: daysFromNow(t, 1) });
    const archived = await createProject(t, owner.token, { name: 'Old' });
    await call(t, 'PATCH', `/api/projects/${archived.project_id}/status`, owner.token, {
      status: 'archived',
    });
    const exported = async (query: string) =>
      names((await call(t, 'GET', `/api/projects/export${query}`, owner.token)).body);

    expect(await exported('')).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(await exported('?sort=name&page=2&limit=1')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await exported('?sort=-name')).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(await exported('?q=ALP')).toEqual(['Alpha']);
    expect(await exported('?status=on_hold')).toEqual(['Gamma']);
    expect(await exported(`?tag=${tag.id}`)).toEqual(['Beta']);
    expect(await exported(`?due_after=${daysFromNow(t, 2)}&due_before=${daysFromNow(t, 6)}`)).toEqual([
      'Beta',
    ]);
    expect(await exported('?archived=true')).toEqual(['Old']);
    expect(await exported('?q=nothing')).toEqual([]);
  });

  it("holds only the caller's workspace: another tenant's projects never appear", async () => {
    const mine = await newTenant(t);
    const theirs = await newTenant(t);
    await createProject(t, mine.owner.token, { name: 'Mine' });
    await createProject(t, theirs.owner.token, { name: 'Theirs' });
    const theirTag = await createTag(t, theirs.owner.token);
    expect(names((await call(t, 'GET', '/api/projects/export', mine.owner.token)).body)).toEqual(['Mine']);
    const byTheirTag = await call(t, 'GET', `/api/projects/export?tag=${theirTag.id}`, mine.owner.token);
    expect(linesOf(byTheirTag.body)).toEqual([HEADER]);
  });

  it('is for those who see the list: members and workers yes; 403 to guests and customers; 401 without a token', async () => {
    const { workspace, owner } = await newTenant(t);
    await createProject(t, owner.token, { name: 'Seen' });
    for (const role of ['admin', 'member', 'worker'] as const) {
      const response = await call(
        t,
        'GET',
        '/api/projects/export',
        (await memberIn(t, workspace, role)).token,
      );
      expect(names(response.body)).toEqual(['Seen']);
    }
    for (const role of ['guest', 'customer'] as const) {
      const response = await call(
        t,
        'GET',
        '/api/projects/export',
        (await memberIn(t, workspace, role)).token,
      );
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).error.message).toBe(messages.forbidden);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/export' })).statusCode).toBe(401);
  });

  it(`stops at ${EXPORT_ROWS_MAX} rows and says so in x-export-truncated`, async () => {
    const { owner, workspace } = await newTenant(t);
    const tenant = { accountId: workspace.account_id, workspaceId: workspace.workspace_id };
    const many = Array.from({ length: EXPORT_ROWS_MAX + 1 }, (_, i) => ({
      ...tenant,
      name: `Bulk ${String(i).padStart(5, '0')}`,
      description: 'Made in bulk by the test.',
    }));
    await t.db.db.insert(projects).values(many);
    const response = await call(t, 'GET', '/api/projects/export?sort=name', owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-export-truncated']).toBe(String(EXPORT_ROWS_MAX));
    const rows = names(response.body);
    expect(rows).toHaveLength(EXPORT_ROWS_MAX);
    expect(rows.at(-1)).toBe(`Bulk ${String(EXPORT_ROWS_MAX - 1).padStart(5, '0')}`);

    // Exactly the cap: everything fits, nothing is said.
    await t.db.db
      .delete(projects)
      .where(eq(projects.name, `Bulk ${String(EXPORT_ROWS_MAX).padStart(5, '0')}`));
    const whole = await call(t, 'GET', '/api/projects/export?sort=name', owner.token);
    expect(whole.headers['x-export-truncated']).toBeUndefined();
    expect(names(whole.body)).toHaveLength(EXPORT_ROWS_MAX);
  });

  it('answers 400 for a bad filter', async () => {
    const { owner } = await newTenant(t);
    for (const query of ['?sort=size', '?status=gone', '?tag=x', '?due_before=31/12/2026']) {
      const response = await call(t, 'GET', `/api/projects/export${query}`, owner.token);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('keeps working for a read-only account (trial over) while creating is refused', async () => {
    const before = await newTenant(t);
    await createProject(t, before.owner.token, { name: 'Kept' });
    t.clock.advance((TRIAL_DAYS + 1) * 24 * 60 * 60);
    const owner = await enter(t, await login(t, before.holder.email), before.workspace.workspace_id);
    const exported = await call(t, 'GET', '/api/projects/export', owner.token);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="projects-${today()}.csv"`);
    expect(names(exported.body)).toEqual(['Kept']);
    const created = await call(t, 'POST', '/api/projects', owner.token, projectBody(t));
    expect(created.statusCode).toBe(403);
    expect(errorOf(created).error.code).toBe('READ_ONLY');
  });
});
