import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvBody } from '../../test/csv.ts';
import { useTestApp } from '../../test/helpers.ts';
import { addMember, memberIn, newTenant, type Tenant } from '../../test/tenants.ts';
import { auditRowsOf } from '../audit/audit-test-helpers.ts';
import { cbeCall, makeSchool, ok, type School, tag } from './cbe-test-helpers.ts';

const t = useTestApp();
let tenant: Tenant;
let token: string;
let school: School;
let english: string;
let teacherEmail: string;
let other: Tenant;
const ours = tag();
const theirs = tag();

/** Set-up records named with `mark` beside a school's own: a second year, area, strand, sub-strand. */
async function moreOf(who: string, s: School, mark: string) {
  await ok(t, 'POST', '/api/cbe/years', who, {
    name: `2027 ${mark}`,
    starts_on: '2027-01-01',
    ends_on: '2027-12-31',
  });
  const area = await ok(t, 'POST', '/api/cbe/learning-areas', who, {
    grade_id: s.gradeId,
    name: `English ${mark}`,
  });
  const strand = await ok(t, 'POST', '/api/cbe/strands', who, {
    learning_area_id: area.id,
    name: `Reading ${mark}`,
  });
  await ok(t, 'POST', '/api/cbe/sub-strands', who, { strand_id: strand.id, name: `Phonics ${mark}` });
  return area.id;
}

beforeAll(async () => {
  tenant = await newTenant(t, 'cbe');
  token = tenant.owner.token;
  school = await makeSchool(t, token, { students: 0 });
  english = await moreOf(token, school, ours);
  const teacher = await addMember(t, tenant.workspace, 'member');
  teacherEmail = teacher.email;
  await ok(t, 'POST', '/api/cbe/teachers', token, { user_id: teacher.userId });

  other = await newTenant(t, 'cbe');
  const theirSchool = await makeSchool(t, other.owner.token, { students: 0 });
  await moreOf(other.owner.token, theirSchool, theirs);
  const theirTeacher = await addMember(t, other.workspace, 'member', { email: `${theirs}@example.com` });
  await ok(t, 'POST', '/api/cbe/teachers', other.owner.token, { user_id: theirTeacher.userId });
});

const exportOf = (path: string, who = token) => cbeCall(t, 'GET', `/api/cbe/${path}`, who);
const linesOf = (body: string) => csvBody(body).trim().split('\r\n');
/** The CSV's lines, after checking it is a 200 CSV download named after its list. */
async function csvOf(path: string, kind: string) {
  const response = await exportOf(path);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${kind}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  return linesOf(response.body);
}
/** A state as text whatever the order of its keys. */
const sorted = (state: unknown) => JSON.stringify(Object.entries(state ?? {}).sort());
const KINDS = ['years', 'terms', 'grades', 'teachers', 'learning-areas', 'strands', 'sub-strands'];

describe('the set-up CSV exports', () => {
  it('export every row of the list in its order, with its q and parent filter', async () => {
    const n = (await csvOf('grades/export', 'grades'))[1]?.split(',')[0]?.replace('Grade 4 ', '');
    expect(await csvOf('years/export?limit=1&page=2', 'years')).toEqual([
      'Year,Starts,Ends',
      `2027 ${ours},2027-01-01,2027-12-31`,
      `2026 ${n},2026-01-01,2026-12-31`,
    ]);
    expect(await csvOf('years/export?q=2027', 'years')).toEqual([
      'Year,Starts,Ends',
      `2027 ${ours},2027-01-01,2027-12-31`,
    ]);
    expect(await csvOf(`terms/export?year_id=${school.yearId}`, 'terms')).toEqual([
      'Year,Term,Starts,Ends',
      `2026 ${n},Term 1,2026-01-05,2026-04-03`,
    ]);
    expect(await csvOf(`terms/export?year_id=${randomUUID()}`, 'terms')).toEqual(['Year,Term,Starts,Ends']);
    expect(await csvOf('grades/export', 'grades')).toEqual(['Grade,Level', `Grade 4 ${n},4`]);
    expect(await csvOf('teachers/export', 'teachers')).toEqual([
      'Name,E-mail',
      `Member Tester,${teacherEmail}`,
    ]);
    expect(await csvOf(`learning-areas/export?grade_id=${school.gradeId}`, 'learning-areas')).toEqual([
      'Grade,Learning area',
      `Grade 4 ${n},English ${ours}`,
      `Grade 4 ${n},Mathematics`,
    ]);
    expect(await csvOf('learning-areas/export?q=MATH', 'learning-areas')).toEqual([
      'Grade,Learning area',
      `Grade 4 ${n},Mathematics`,
    ]);
    expect(await csvOf(`strands/export?learning_area_id=${english}`, 'strands')).toEqual([
      'Grade,Learning area,Strand',
      `Grade 4 ${n},English ${ours},Reading ${ours}`,
    ]);
    expect(await csvOf(`sub-strands/export?strand_id=${school.strandId}`, 'sub-strands')).toEqual([
      'Learning area,Strand,Sub-strand',
      'Mathematics,Numbers,Whole numbers',
      'Mathematics,Numbers,Fractions',
    ]);
    expect(await csvOf(`sub-strands/export?learning_area_id=${school.areaId}`, 'sub-strands')).toEqual([
      'Learning area,Strand,Sub-strand',
      'Mathematics,Numbers,Whole numbers',
      'Mathematics,Numbers,Fractions',
    ]);
    // The list filters alike.
    const list = await ok<{ name: string }[]>(
      t,
      'GET',
      `/api/cbe/sub-strands?learning_area_id=${english}`,
      token,
    );
    expect(list.map((s) => s.name)).toEqual([`Phonics ${ours}`]);
    expect(await csvOf('sub-strands/export?q=phonics', 'sub-strands')).toEqual([
      'Learning area,Strand,Sub-strand',
      `English ${ours},Reading ${ours},Phonics ${ours}`,
    ]);
  });

  it("never carries another school's rows", async () => {
    const counts = {
      years: 2,
      terms: 1,
      grades: 1,
      teachers: 1,
      'learning-areas': 2,
      strands: 2,
      'sub-strands': 3,
    };
    for (const [path, count] of Object.entries(counts)) {
      const response = await exportOf(`${path}/export`);
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).not.toContain(theirs);
      expect(linesOf(response.body), path).toHaveLength(count + 1);
    }
    const theirYears = await exportOf('years/export', other.owner.token);
    expect(theirYears.body).toContain(theirs);
    expect(theirYears.body).not.toContain(ours);
    // Our parent's id in their export filters to nothing of ours.
    const crossed = await exportOf(`strands/export?learning_area_id=${english}`, other.owner.token);
    expect(linesOf(crossed.body)).toEqual(['Grade,Learning area,Strand']);
    const crossedSubs = await exportOf(`sub-strands/export?learning_area_id=${english}`, other.owner.token);
    expect(linesOf(crossedSubs.body)).toEqual(['Learning area,Strand,Sub-strand']);
  });

  it('answers 400 to a bad filter, and writes no audit row', async () => {
    const before = (await auditRowsOf(t, tenant.workspace.account_id, 'export.cbe')).length;
    const bad = await exportOf('terms/export?year_id=not-an-id');
    expect(bad.statusCode).toBe(400);
    expect((await exportOf(`strands/export?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect(await auditRowsOf(t, tenant.workspace.account_id, 'export.cbe')).toHaveLength(before);
  });

  it('writes one export.cbe audit row per export, with the kind, the rows and the filters', async () => {
    const before = new Set(
      (await auditRowsOf(t, tenant.workspace.account_id, 'export.cbe')).map((r) => r.id),
    );
    const exports = [
      ['years', 'q=2027', 1],
      ['terms', `year_id=${school.yearId}`, 1],
      ['grades', 'q=grade', 1],
      ['teachers', 'q=member', 1],
      ['learning-areas', `grade_id=${school.gradeId}`, 2],
      ['strands', `learning_area_id=${school.areaId}`, 1],
      ['sub-strands', `strand_id=${school.strandId}`, 2],
    ] as const;
    for (const [path, query] of exports) {
      expect((await exportOf(`${path}/export?${query}&page=2&limit=5`)).statusCode, path).toBe(200);
    }
    const rows = (await auditRowsOf(t, tenant.workspace.account_id, 'export.cbe')).filter(
      (r) => !before.has(r.id),
    );
    expect(rows).toHaveLength(exports.length);
    for (const [path, query, count] of exports) {
      const expected = { kind: path, rows: count, ...Object.fromEntries(new URLSearchParams(query)) };
      const matching = rows.filter((r) => sorted(r.after) === sorted(expected));
      expect(matching, path).toHaveLength(1);
      expect(matching[0]).toMatchObject({
        workspaceId: tenant.workspace.workspace_id,
        actorEmail: tenant.holder.email,
      });
    }
  });

  it('answers 403 to a guest and a customer, and writes no audit row', async () => {
    const before = (await auditRowsOf(t, tenant.workspace.account_id, 'export.cbe')).length;
    for (const role of ['guest', 'customer'] as const) {
      const who = await memberIn(t, tenant.workspace, role);
      for (const kind of KINDS) {
        expect((await exportOf(`${kind}/export`, who.token)).statusCode, `${role} ${kind}`).toBe(403);
      }
    }
    expect(await auditRowsOf(t, tenant.workspace.account_id, 'export.cbe')).toHaveLength(before);
  });
});

describe('the audit of set-up deletes', () => {
  it('writes a cbe.deleted row with the kind and the name of what went', async () => {
    const grade = await ok(t, 'POST', '/api/cbe/grades', token, { name: `Grade 9 ${ours}`, level: 9 });
    const fee = await ok(t, 'POST', '/api/cbe/fee-structures', token, {
      grade_id: school.gradeId,
      term_id: school.termId,
      amount: '12000',
      description: `Lunch ${ours}`,
    });
    const fractions = school.subStrandIds[1] as string;
    const gone = [
      ['grades', grade.id, `Grade 9 ${ours}`],
      ['fee-structures', fee.id, `Lunch ${ours}`],
      ['sub-strands', fractions, 'Fractions'],
    ] as const;
    for (const [kind, id, name] of gone) {
      expect((await cbeCall(t, 'DELETE', `/api/cbe/${kind}/${id}`, token)).statusCode, kind).toBe(204);
      const rows = await auditRowsOf(t, tenant.workspace.account_id, 'cbe.deleted', id);
      expect(rows, kind).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        workspaceId: tenant.workspace.workspace_id,
        actorEmail: tenant.holder.email,
        entityType: 'cbe_record',
        entityId: id,
        before: { kind, name },
        after: null,
      });
    }
  });

  it('writes none when the delete is refused (409) or the record is not ours (404)', async () => {
    const before = (await auditRowsOf(t, tenant.workspace.account_id, 'cbe.deleted')).length;
    // The grade holds a class and learning areas: 409.
    const refused = await cbeCall(t, 'DELETE', `/api/cbe/grades/${school.gradeId}`, token);
    expect(refused.statusCode).toBe(409);
    const theirs404 = await cbeCall(t, 'DELETE', `/api/cbe/years/${school.yearId}`, other.owner.token);
    expect(theirs404.statusCode).toBe(404);
    expect(await auditRowsOf(t, tenant.workspace.account_id, 'cbe.deleted')).toHaveLength(before);
    expect(await auditRowsOf(t, other.workspace.account_id, 'cbe.deleted')).toHaveLength(0);
    expect((await exportOf('grades/export')).body).toContain(`Grade 4`);
  });
});
