import { randomUUID } from 'node:crypto';
import { cbeMessages } from '@workhub/shared/schemas/cbe';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { memberIn, newTenant, type Tenant } from '../../test/tenants.ts';
import { cbeCall, makeSchool, ok, type School, tag } from './cbe-test-helpers.ts';

const t = useTestApp();
let tenant: Tenant;
let token: string;

beforeAll(async () => {
  tenant = await newTenant(t, 'cbe');
  token = tenant.owner.token;
});

const remove = (kind: string, id: string, who = token) => cbeCall(t, 'DELETE', `/api/cbe/${kind}/${id}`, who);
const feeFor = (school: School) =>
  ok(t, 'POST', '/api/cbe/fee-structures', token, {
    grade_id: school.gradeId,
    term_id: school.termId,
    amount: '12000',
  });
/** Every set-up record of a school, by the kind its DELETE route names. */
const recordsOf = (school: School, feeId: string) => ({
  years: school.yearId,
  terms: school.termId,
  grades: school.gradeId,
  classes: school.classId,
  'learning-areas': school.areaId,
  strands: school.strandId,
  'sub-strands': school.subStrandIds[0] as string,
  'fee-structures': feeId,
});
const ids = async (path: string) =>
  (
    await ok<{ id: string }[]>(t, 'GET', `/api/cbe/${path}${path.includes('?') ? '&' : '?'}limit=100`, token)
  ).map((r) => r.id);

describe('deleting the set-up', () => {
  it('keeps every record real data uses: 409 with what keeps it, nothing cascades away', async () => {
    const school = await makeSchool(t, token, { students: 1 });
    const [student] = school.studentIds as [string];
    const [whole, fractions] = school.subStrandIds as [string, string];
    const fee = await feeFor(school);
    await ok(t, 'POST', '/api/cbe/invoices/generate', token, {
      class_id: school.classId,
      term_id: school.termId,
    });
    await ok(t, 'PUT', `/api/cbe/classes/${school.classId}/gradebook`, token, {
      learning_area_id: school.areaId,
      term_id: school.termId,
      entries: [{ student_id: student, sub_strand_id: whole, level: 'meeting' }],
    });
    const expected = {
      years: cbeMessages.yearInUse,
      terms: cbeMessages.termInUse,
      grades: cbeMessages.gradeInUse,
      classes: cbeMessages.classInUse,
      'learning-areas': cbeMessages.learningAreaInUse,
      strands: cbeMessages.strandInUse,
      'sub-strands': cbeMessages.subStrandInUse,
      'fee-structures': cbeMessages.feeStructureInUse,
    };
    for (const [kind, id] of Object.entries(recordsOf(school, fee.id))) {
      const response = await remove(kind, id);
      expect(response.statusCode, `${kind} ${response.body}`).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'CONFLICT',
        message: expected[kind as keyof typeof expected],
      });
    }
    // The unused sub-strand beside the graded one goes; the rest is all still there.
    expect((await remove('sub-strands', fractions)).statusCode).toBe(204);
    expect(await ids(`sub-strands?strand_id=${school.strandId}`)).toEqual([whole]);
    expect(await ids(`fee-structures?term_id=${school.termId}`)).toEqual([fee.id]);
    expect(await ids(`students?class_id=${school.classId}`)).toEqual([student]);
    const book = await ok<{ entries: unknown[] }>(
      t,
      'GET',
      `/api/cbe/classes/${school.classId}/gradebook?learning_area_id=${school.areaId}&term_id=${school.termId}`,
      token,
    );
    expect(book.entries).toHaveLength(1);
  });

  it('keeps a class with only a student who left, and a term with only a remark or a fee structure', async () => {
    const school = await makeSchool(t, token, { students: 1 });
    const [student] = school.studentIds as [string];
    await ok(t, 'PATCH', `/api/cbe/students/${student}`, token, {
      admission_no: `ADM-${tag()}`,
      first_name: 'Amani',
      last_name: 'Kamau',
      class_id: school.classId,
      status: 'left',
      guardians: [],
    });
    expect((await remove('classes', school.classId)).statusCode).toBe(409);
    const term = (name: string, starts_on: string, ends_on: string) =>
      ok(t, 'POST', '/api/cbe/terms', token, { year_id: school.yearId, name, starts_on, ends_on });
    const remarked = await term('Term 2', '2026-05-04', '2026-08-07');
    await ok(t, 'PUT', `/api/cbe/students/${student}/report-cards/${remarked.id}/remarks`, token, {
      remarks: 'Kind and curious.',
    });
    expect((await remove('terms', remarked.id)).statusCode).toBe(409);
    const priced = await term('Term 3', '2026-08-31', '2026-11-20');
    await ok(t, 'POST', '/api/cbe/fee-structures', token, {
      grade_id: school.gradeId,
      term_id: priced.id,
      amount: '9000',
    });
    const response = await remove('terms', priced.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(cbeMessages.termInUse);
  });

  it('deletes an unused record (204) with its own outline, children before parents', async () => {
    const school = await makeSchool(t, token, { students: 0 });
    const fee = await feeFor(school);
    // A fee structure no invoice was issued at.
    expect((await remove('fee-structures', fee.id)).statusCode).toBe(204);
    // A strand goes with its sub-strands, a learning area with its strands.
    expect((await remove('strands', school.strandId)).statusCode).toBe(204);
    expect(await ids(`sub-strands?strand_id=${school.strandId}`)).toEqual([]);
    const area = await ok(t, 'POST', '/api/cbe/learning-areas', token, {
      grade_id: school.gradeId,
      name: `Art ${tag()}`,
    });
    const strand = await ok(t, 'POST', '/api/cbe/strands', token, {
      learning_area_id: area.id,
      name: 'Drawing',
    });
    await ok(t, 'POST', '/api/cbe/sub-strands', token, { strand_id: strand.id, name: 'Lines' });
    for (const areaId of [area.id, school.areaId]) {
      expect((await remove('learning-areas', areaId)).statusCode).toBe(204);
    }
    expect(await ids(`strands?learning_area_id=${area.id}`)).toEqual([]);
    expect(await ids(`sub-strands?strand_id=${strand.id}`)).toEqual([]);
    // A grade once its class is gone; a year with its (unused) terms.
    expect((await remove('grades', school.gradeId)).statusCode).toBe(409);
    expect((await remove('classes', school.classId)).statusCode).toBe(204);
    expect((await remove('grades', school.gradeId)).statusCode).toBe(204);
    expect((await remove('years', school.yearId)).statusCode).toBe(204);
    expect(await ids(`terms?year_id=${school.yearId}`)).toEqual([]);
    expect(await ids('grades')).not.toContain(school.gradeId);
    // Gone is gone: a second delete is a 404.
    expect((await remove('years', school.yearId)).statusCode).toBe(404);
  });

  it("answers 404 for another school's records and leaves them, 400 for a malformed id", async () => {
    const other = await newTenant(t, 'cbe');
    const theirs = await makeSchool(t, other.owner.token, { students: 0 });
    const theirFee = await ok(t, 'POST', '/api/cbe/fee-structures', other.owner.token, {
      grade_id: theirs.gradeId,
      term_id: theirs.termId,
      amount: '100',
    });
    for (const [kind, id] of Object.entries(recordsOf(theirs, theirFee.id))) {
      expect((await remove(kind, id)).statusCode, kind).toBe(404);
      expect((await remove(kind, randomUUID())).statusCode, kind).toBe(404);
    }
    expect((await remove('grades', 'not-an-id')).statusCode).toBe(400);
    const still = await cbeCall(t, 'GET', '/api/cbe/years', other.owner.token);
    expect(still.json().data.map((y: { id: string }) => y.id)).toContain(theirs.yearId);
  });

  it('answers 403 to a member and a worker, and keeps the record', async () => {
    const school = await makeSchool(t, token, { students: 0 });
    const fee = await feeFor(school);
    const member = await memberIn(t, tenant.workspace, 'member');
    const worker = await memberIn(t, tenant.workspace, 'worker');
    for (const [kind, id] of Object.entries(recordsOf(school, fee.id))) {
      for (const who of [member, worker]) {
        expect((await remove(kind, id, who.token)).statusCode, kind).toBe(403);
      }
    }
    expect(await ids(`sub-strands?strand_id=${school.strandId}`)).toHaveLength(2);
    expect(await ids(`fee-structures?term_id=${school.termId}`)).toEqual([fee.id]);
  });
});
