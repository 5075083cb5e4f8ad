import { cbeMessages } from '@workhub/shared/schemas/cbe';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { newTenant } from '../../test/tenants.ts';
import { cbeCall, makeSchool, ok, type School, tag } from './cbe-test-helpers.ts';

// An edit that would move what real records hang on is refused (409) as the record's delete is:
// a fee structure invoices were issued at, a learning area, strand or sub-strand with levels.

const t = useTestApp();
let token: string;

beforeAll(async () => {
  token = (await newTenant(t, 'cbe')).owner.token;
});

type Structure = { id: string; grade_id: string; term_id: string; amount: string; in_use: boolean };
const structure = (id: string) => ok<Structure>(t, 'GET', `/api/cbe/fee-structures/${id}`, token);
const patchStructure = (id: string, body: object) =>
  cbeCall(t, 'PATCH', `/api/cbe/fee-structures/${id}`, token, body);
const generate = (school: School, termId = school.termId) =>
  cbeCall(t, 'POST', '/api/cbe/invoices/generate', token, { class_id: school.classId, term_id: termId });
const invoicesOf = (termId: string) =>
  ok<{ amount: string }[]>(t, 'GET', `/api/cbe/invoices?term_id=${termId}&limit=100`, token);
const secondTerm = (school: School) =>
  ok(t, 'POST', '/api/cbe/terms', token, {
    year_id: school.yearId,
    name: `Term 2 ${tag()}`,
    starts_on: '2026-05-04',
    ends_on: '2026-08-07',
  });

describe('a fee structure invoices were issued at', () => {
  it('keeps its grade, term and amount (409, as its delete), says it is in use, and still takes a new description', async () => {
    const school = await makeSchool(t, token, { students: 2 });
    const term2 = await secondTerm(school);
    const other = await ok(t, 'POST', '/api/cbe/grades', token, { name: `Grade 5 ${tag()}`, level: 5 });
    const fee = await ok<Structure>(t, 'POST', '/api/cbe/fee-structures', token, {
      grade_id: school.gradeId,
      term_id: school.termId,
      amount: '12000',
    });
    const body = { grade_id: school.gradeId, term_id: school.termId, amount: '12000', description: null };
    expect(fee.in_use).toBe(false);
    // Before any invoice, anything may change.
    expect((await patchStructure(fee.id, { ...body, amount: '12500' })).statusCode).toBe(200);
    expect((await generate(school)).json().data).toEqual({ created: 2 });
    expect((await structure(fee.id)).in_use).toBe(true);
    const listed = await ok<Structure[]>(t, 'GET', `/api/cbe/fee-structures?term_id=${school.termId}`, token);
    expect(listed.find((s) => s.id === fee.id)?.in_use).toBe(true);

    const issued = { ...body, amount: '12500' };
    for (const change of [{ amount: '13000' }, { term_id: term2.id }, { grade_id: other.id }]) {
      const refused = await patchStructure(fee.id, { ...issued, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(409);
      expect(refused.json().error.message).toBe(cbeMessages.feeStructureLocked);
    }
    expect(await structure(fee.id)).toMatchObject({
      grade_id: school.gradeId,
      term_id: school.termId,
      amount: '12500.0000',
    });
    // The description alone (its amount as the API answers it) is still an edit it takes.
    const described = await patchStructure(fee.id, {
      ...issued,
      amount: '12500.0000',
      description: 'Tuition and lunch',
    });
    expect(described.statusCode, described.body).toBe(200);
    expect((await cbeCall(t, 'DELETE', `/api/cbe/fee-structures/${fee.id}`, token)).statusCode).toBe(409);
    expect((await invoicesOf(school.termId)).map((i) => i.amount)).toEqual(['12500.0000', '12500.0000']);
  });

  it('an invoice run and a move of the structure at the same instant: never invoices at a structure that moved', async () => {
    for (let round = 0; round < 4; round++) {
      const school = await makeSchool(t, token, { students: 2 });
      const term2 = await secondTerm(school);
      const fee = await ok<Structure>(t, 'POST', '/api/cbe/fee-structures', token, {
        grade_id: school.gradeId,
        term_id: school.termId,
        amount: '9000',
      });
      const [run, move] = await Promise.all([
        generate(school),
        patchStructure(fee.id, { grade_id: school.gradeId, term_id: term2.id, amount: '9000' }),
      ]);
      const invoiced = await invoicesOf(school.termId);
      const now = await structure(fee.id);
      if (move.statusCode === 200) {
        // The move went first: the run found no fee for the term (400) and issued nothing.
        expect(run.statusCode).toBe(400);
        expect(invoiced).toEqual([]);
        expect(now.term_id).toBe(term2.id);
      } else {
        expect(move.statusCode, move.body).toBe(409);
        expect(run.json().data).toEqual({ created: 2 });
        expect(now).toMatchObject({ term_id: school.termId, in_use: true });
      }
    }
  });
});

const levelOn = (school: School, subStrandId: string) =>
  cbeCall(t, 'PUT', `/api/cbe/classes/${school.classId}/gradebook`, token, {
    learning_area_id: school.areaId,
    term_id: school.termId,
    entries: [{ student_id: school.studentIds[0], sub_strand_id: subStrandId, level: 'meeting' }],
  });

describe('a learning area, strand or sub-strand with levels', () => {
  it('is not moved under another parent (409, as its delete), and is still renamed', async () => {
    const school = await makeSchool(t, token, { students: 1 });
    const [graded, ungraded] = school.subStrandIds as [string, string];
    expect((await levelOn(school, graded)).statusCode).toBe(200);
    const grade5 = await ok(t, 'POST', '/api/cbe/grades', token, { name: `Grade 5 ${tag()}`, level: 5 });
    const otherArea = await ok(t, 'POST', '/api/cbe/learning-areas', token, {
      grade_id: school.gradeId,
      name: `English ${tag()}`,
    });
    const otherStrand = await ok(t, 'POST', '/api/cbe/strands', token, {
      learning_area_id: school.areaId,
      name: 'Measurement',
    });
    const refusals = [
      [
        'learning-areas',
        school.areaId,
        { grade_id: grade5.id, name: 'Mathematics' },
        cbeMessages.learningAreaMoveInUse,
      ],
      [
        'strands',
        school.strandId,
        { learning_area_id: otherArea.id, name: 'Numbers' },
        cbeMessages.strandMoveInUse,
      ],
      [
        'sub-strands',
        graded,
        { strand_id: otherStrand.id, name: 'Whole numbers' },
        cbeMessages.subStrandMoveInUse,
      ],
    ] as const;
    for (const [kind, id, body, message] of refusals) {
      const refused = await cbeCall(t, 'PATCH', `/api/cbe/${kind}/${id}`, token, body);
      expect(refused.statusCode, `${kind} ${refused.body}`).toBe(409);
      expect(refused.json().error.message).toBe(message);
    }
    // Renamed where they are: fine.
    const renames = [
      ['learning-areas', school.areaId, { grade_id: school.gradeId, name: 'Maths' }],
      ['strands', school.strandId, { learning_area_id: school.areaId, name: 'Number work' }],
      ['sub-strands', graded, { strand_id: school.strandId, name: 'Counting' }],
    ] as const;
    for (const [kind, id, body] of renames) {
      const renamed = await cbeCall(t, 'PATCH', `/api/cbe/${kind}/${id}`, token, body);
      expect(renamed.statusCode, `${kind} ${renamed.body}`).toBe(200);
      expect(renamed.json().data.name).toBe(body.name);
    }
    // A sub-strand with no level moves; the level stays where it was recorded.
    const moved = await cbeCall(t, 'PATCH', `/api/cbe/sub-strands/${ungraded}`, token, {
      strand_id: otherStrand.id,
      name: 'Fractions',
    });
    expect(moved.statusCode).toBe(200);
    const book = await ok<{ entries: { sub_strand_id: string; level: string }[] }>(
      t,
      'GET',
      `/api/cbe/classes/${school.classId}/gradebook?learning_area_id=${school.areaId}&term_id=${school.termId}`,
      token,
    );
    expect(book.entries).toMatchObject([{ sub_strand_id: graded, level: 'meeting' }]);
  });

  it('a level recorded and the area moved at the same instant: the level never ends up in another grade', async () => {
    for (let round = 0; round < 4; round++) {
      const school = await makeSchool(t, token, { students: 1 });
      const grade5 = await ok(t, 'POST', '/api/cbe/grades', token, { name: `Grade 5 ${tag()}`, level: 5 });
      const [level, move] = await Promise.all([
        levelOn(school, school.subStrandIds[0] as string),
        cbeCall(t, 'PATCH', `/api/cbe/learning-areas/${school.areaId}`, token, {
          grade_id: grade5.id,
          name: 'Mathematics',
        }),
      ]);
      if (move.statusCode === 200) {
        // The move went first: the gradebook found the area in another grade (400), no level.
        expect(level.statusCode, level.body).toBe(400);
      } else {
        expect(move.statusCode, move.body).toBe(409);
        expect(level.statusCode).toBe(200);
        const areas = await ok<{ id: string }[]>(
          t,
          'GET',
          `/api/cbe/learning-areas?grade_id=${school.gradeId}`,
          token,
        );
        expect(areas.map((a) => a.id)).toContain(school.areaId);
      }
    }
  });
});
