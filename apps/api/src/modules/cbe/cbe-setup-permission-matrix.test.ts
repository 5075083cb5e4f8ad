import { describe } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { type Caller, describeMatrix, type MatrixRequest, useMatrixCallers } from '../../test/matrix.ts';
import { addMember } from '../../test/tenants.ts';
import { makeSchool, ok, type School, tag } from './cbe-test-helpers.ts';

/*
 * Who may call the school's set-up (docs/permissions.md, the cbe rows), in a CBE workspace. The
 * outsider holds another CBE workspace: they pass the gate and meet the tenant scope (our record is
 * a 404 in a path, a 400 in a body). Staff act in no workspace: the module does not exist (404).
 */
const MATRIX = `
  endpoint                           | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  GET /api/cbe/years                 | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/years/export          | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/cbe/years                | 201   | 201   | 403    | 403    | 403   | 403      | 201      | 401       | 404
  PATCH /api/cbe/years/:id           | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/cbe/terms                 | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/terms/export          | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/cbe/terms                | 201   | 201   | 403    | 403    | 403   | 403      | 400      | 401       | 404
  PATCH /api/cbe/terms/:id           | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/cbe/grades                | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/grades/export         | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/cbe/grades               | 201   | 201   | 403    | 403    | 403   | 403      | 201      | 401       | 404
  PATCH /api/cbe/grades/:id          | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/cbe/teachers              | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/teachers/export       | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/cbe/teachers             | 201   | 201   | 403    | 403    | 403   | 403      | 400      | 401       | 404
  GET /api/cbe/teachers/candidates   | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
  DELETE /api/cbe/teachers/:id       | 204   | 204   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/cbe/classes               | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/classes/export        | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/cbe/classes              | 201   | 201   | 403    | 403    | 403   | 403      | 400      | 401       | 404
  PATCH /api/cbe/classes/:id         | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/cbe/learning-areas        | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/learning-areas/export | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/cbe/learning-areas       | 201   | 201   | 403    | 403    | 403   | 403      | 400      | 401       | 404
  PATCH /api/cbe/learning-areas/:id  | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/cbe/strands               | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/strands/export        | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/cbe/strands              | 201   | 201   | 403    | 403    | 403   | 403      | 400      | 401       | 404
  PATCH /api/cbe/strands/:id         | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/cbe/sub-strands           | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/sub-strands/export    | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/cbe/sub-strands          | 201   | 201   | 403    | 403    | 403   | 403      | 400      | 401       | 404
  PATCH /api/cbe/sub-strands/:id     | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  DELETE /api/cbe/years/:id          | 204   | 204   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  DELETE /api/cbe/terms/:id          | 204   | 204   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  DELETE /api/cbe/grades/:id         | 204   | 204   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  DELETE /api/cbe/classes/:id        | 204   | 204   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  DELETE /api/cbe/learning-areas/:id | 204   | 204   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  DELETE /api/cbe/strands/:id        | 204   | 204   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  DELETE /api/cbe/sub-strands/:id    | 204   | 204   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  DELETE /api/cbe/fee-structures/:id | 204   | 204   | 403    | 403    | 403   | 403      | 404      | 401       | 404
`;

const t = useTestApp();
const state = useMatrixCallers(t, 'cbe');
let school: School | undefined;
const ours = async () => {
  school ??= await makeSchool(t, state.callers.owner.token, { students: 0 });
  return school;
};
const teacherCandidates: Partial<Record<Caller, string>> = {};
/** A one-day term of our 2026 no other term holds (terms of a year never overlap): May 1, 2, ... */
let termDays = 0;
const freeTermDay = () => {
  termDays += 1;
  const day = new Date(Date.UTC(2026, 4, termDays)).toISOString().slice(0, 10);
  return { starts_on: day, ends_on: day };
};

/** A record of ours that nothing uses, made by our owner for one caller's DELETE. */
async function unused(kind: string): Promise<string> {
  const owner = state.callers.owner.token;
  const make = (path: string, payload: object) => ok(t, 'POST', `/api/cbe/${path}`, owner, payload);
  const school = await ours();
  const grade = async () => (await make('grades', { name: `G ${tag()}`, level: 7 })).id;
  switch (kind) {
    case 'teachers': {
      // A new staff member of ours, made a teacher of no class.
      const member = await addMember(t, state.workspace, 'worker');
      return (await make('teachers', { user_id: member.userId })).id;
    }
    case 'years':
      return (await make('years', { name: `Y ${tag()}`, starts_on: '2030-01-01', ends_on: '2030-12-31' })).id;
    case 'terms':
      return (await make('terms', { year_id: school.yearId, name: `T ${tag()}`, ...freeTermDay() })).id;
    case 'grades':
      return grade();
    case 'classes':
      return (await make('classes', { grade_id: school.gradeId, name: `C ${tag()}` })).id;
    case 'learning-areas':
      return (await make('learning-areas', { grade_id: school.gradeId, name: `A ${tag()}` })).id;
    case 'strands':
      return (await make('strands', { learning_area_id: school.areaId, name: `S ${tag()}` })).id;
    case 'sub-strands':
      return (await make('sub-strands', { strand_id: school.strandId, name: `SS ${tag()}` })).id;
    default:
      return (
        await make('fee-structures', { grade_id: await grade(), term_id: school.termId, amount: '100' })
      ).id;
  }
}
const deleting = (kind: string) => async () => ({ url: `/api/cbe/${kind}/${await unused(kind)}` });

const REQUESTS: Record<string, (who: Caller) => Promise<MatrixRequest>> = {
  'GET /api/cbe/years': async () => ({ url: '/api/cbe/years' }),
  'GET /api/cbe/years/export': async () => ({ url: '/api/cbe/years/export' }),
  'POST /api/cbe/years': async () => ({
    url: '/api/cbe/years',
    payload: { name: `Y ${tag()}`, starts_on: '2027-01-01', ends_on: '2027-12-31' },
  }),
  'PATCH /api/cbe/years/:id': async () => ({
    url: `/api/cbe/years/${(await ours()).yearId}`,
    payload: { name: `Y ${tag()}`, starts_on: '2026-01-01', ends_on: '2026-12-31' },
  }),
  'GET /api/cbe/terms': async () => ({ url: '/api/cbe/terms' }),
  'GET /api/cbe/terms/export': async () => ({ url: '/api/cbe/terms/export' }),
  'POST /api/cbe/terms': async () => ({
    url: '/api/cbe/terms',
    payload: { year_id: (await ours()).yearId, name: `T ${tag()}`, ...freeTermDay() },
  }),
  'PATCH /api/cbe/terms/:id': async () => ({
    url: `/api/cbe/terms/${(await ours()).termId}`,
    payload: {
      year_id: (await ours()).yearId,
      name: 'Term 1',
      starts_on: '2026-01-05',
      ends_on: '2026-04-03',
    },
  }),
  'GET /api/cbe/grades': async () => ({ url: '/api/cbe/grades' }),
  'GET /api/cbe/grades/export': async () => ({ url: '/api/cbe/grades/export' }),
  'POST /api/cbe/grades': async () => ({ url: '/api/cbe/grades', payload: { name: `G ${tag()}`, level: 5 } }),
  'PATCH /api/cbe/grades/:id': async () => ({
    url: `/api/cbe/grades/${(await ours()).gradeId}`,
    payload: { name: `G ${tag()}`, level: 4 },
  }),
  'GET /api/cbe/teachers': async () => ({ url: '/api/cbe/teachers' }),
  'GET /api/cbe/teachers/export': async () => ({ url: '/api/cbe/teachers/export' }),
  // Each caller makes a teacher of another of our members: the worker's, the member's, ...
  'POST /api/cbe/teachers': async (who) => {
    const pool: Caller[] = ['member', 'worker', 'admin', 'owner'];
    const free = pool.find(
      (p) => !Object.values(teacherCandidates).includes(state.callers[p as 'member'].userId),
    );
    const userId = state.callers[(free ?? 'member') as 'member'].userId;
    teacherCandidates[who] = userId;
    return { url: '/api/cbe/teachers', payload: { user_id: userId } };
  },
  'GET /api/cbe/teachers/candidates': async () => ({ url: '/api/cbe/teachers/candidates?q=a' }),
  'DELETE /api/cbe/teachers/:id': deleting('teachers'),
  'GET /api/cbe/classes': async () => ({ url: '/api/cbe/classes' }),
  'GET /api/cbe/classes/export': async () => ({ url: '/api/cbe/classes/export' }),
  'POST /api/cbe/classes': async () => ({
    url: '/api/cbe/classes',
    payload: { grade_id: (await ours()).gradeId, name: `C ${tag()}` },
  }),
  'PATCH /api/cbe/classes/:id': async () => ({
    url: `/api/cbe/classes/${(await ours()).classId}`,
    payload: { grade_id: (await ours()).gradeId, name: 'East' },
  }),
  'GET /api/cbe/learning-areas': async () => ({ url: '/api/cbe/learning-areas' }),
  'GET /api/cbe/learning-areas/export': async () => ({ url: '/api/cbe/learning-areas/export' }),
  'POST /api/cbe/learning-areas': async () => ({
    url: '/api/cbe/learning-areas',
    payload: { grade_id: (await ours()).gradeId, name: `A ${tag()}` },
  }),
  'PATCH /api/cbe/learning-areas/:id': async () => ({
    url: `/api/cbe/learning-areas/${(await ours()).areaId}`,
    payload: { grade_id: (await ours()).gradeId, name: 'Mathematics' },
  }),
  'GET /api/cbe/strands': async () => ({ url: '/api/cbe/strands' }),
  'GET /api/cbe/strands/export': async () => ({ url: '/api/cbe/strands/export' }),
  'POST /api/cbe/strands': async () => ({
    url: '/api/cbe/strands',
    payload: { learning_area_id: (await ours()).areaId, name: `S ${tag()}` },
  }),
  'PATCH /api/cbe/strands/:id': async () => ({
    url: `/api/cbe/strands/${(await ours()).strandId}`,
    payload: { learning_area_id: (await ours()).areaId, name: 'Numbers' },
  }),
  'GET /api/cbe/sub-strands': async () => ({ url: '/api/cbe/sub-strands' }),
  'GET /api/cbe/sub-strands/export': async () => ({ url: '/api/cbe/sub-strands/export' }),
  'POST /api/cbe/sub-strands': async () => ({
    url: '/api/cbe/sub-strands',
    payload: { strand_id: (await ours()).strandId, name: `SS ${tag()}` },
  }),
  'PATCH /api/cbe/sub-strands/:id': async () => ({
    url: `/api/cbe/sub-strands/${(await ours()).subStrandIds[0]}`,
    payload: { strand_id: (await ours()).strandId, name: 'Whole numbers' },
  }),
  'DELETE /api/cbe/years/:id': deleting('years'),
  'DELETE /api/cbe/terms/:id': deleting('terms'),
  'DELETE /api/cbe/grades/:id': deleting('grades'),
  'DELETE /api/cbe/classes/:id': deleting('classes'),
  'DELETE /api/cbe/learning-areas/:id': deleting('learning-areas'),
  'DELETE /api/cbe/strands/:id': deleting('strands'),
  'DELETE /api/cbe/sub-strands/:id': deleting('sub-strands'),
  'DELETE /api/cbe/fee-structures/:id': deleting('fee-structures'),
};

describe('the permission matrix of the CBE school set-up', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
