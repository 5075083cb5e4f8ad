import { describe } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { type Caller, describeMatrix, type MatrixRequest, useMatrixCallers } from '../../test/matrix.ts';
import { makeSchool, ok, type School, tag } from './cbe-test-helpers.ts';

/*
 * Who may call the school's daily work (docs/permissions.md, the cbe rows), in a CBE workspace:
 * students, the register, the gradebook, report cards, fees; a customer's own children (the
 * customer is the guardian of our first student). Fees are read by the administration only
 * (cbe:fees: owner, admin): a member or worker (a teacher) is refused every fee list, export and
 * statement. The outsider holds another CBE workspace: our record is a 404 in a path, a 400 in a
 * body. Staff act in no workspace (404).
 */
const MATRIX = `
  endpoint                                                   | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  GET /api/cbe/students                                      | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/students/export                               | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/students/:id                                  | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  POST /api/cbe/students                                     | 201   | 201   | 403    | 403    | 403   | 403      | 400      | 401       | 404
  PATCH /api/cbe/students/:id                                | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/cbe/children                                      | 403   | 403   | 403    | 403    | 403   | 200      | 403      | 401       | 404
  GET /api/cbe/classes/:id/register                          | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  PUT /api/cbe/classes/:id/register                          | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  GET /api/cbe/classes/:id/gradebook                         | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  PUT /api/cbe/classes/:id/gradebook                         | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  GET /api/cbe/students/:id/report-cards/:term_id            | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  PUT /api/cbe/students/:id/report-cards/:term_id/remarks    | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  GET /api/cbe/children/terms                                | 403   | 403   | 403    | 403    | 403   | 200      | 403      | 401       | 404
  GET /api/cbe/children/:id/report-cards/:term_id            | 403   | 403   | 403    | 403    | 403   | 200      | 403      | 401       | 404
  GET /api/cbe/fee-structures                                | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/fee-structures/export                         | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
  POST /api/cbe/fee-structures                               | 201   | 201   | 403    | 403    | 403   | 403      | 400      | 401       | 404
  GET /api/cbe/fee-structures/:id                            | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  PATCH /api/cbe/fee-structures/:id                          | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/cbe/invoices                                      | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/invoices/export                               | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
  POST /api/cbe/invoices/generate                            | 200   | 200   | 403    | 403    | 403   | 403      | 400      | 401       | 404
  GET /api/cbe/payments                                      | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/payments/export                               | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
  POST /api/cbe/payments                                     | 201   | 201   | 403    | 403    | 403   | 403      | 400      | 401       | 404
  GET /api/cbe/students/:id/statement                        | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/cbe/children/:id/statement                        | 403   | 403   | 403    | 403    | 403   | 200      | 403      | 401       | 404
  GET /api/cbe/arrears                                       | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/arrears/export                                | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/settings                                      | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  PUT /api/cbe/settings                                      | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
  GET /api/cbe/dashboard                                     | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/cbe/sample-data                                  | 409   | 409   | 403    | 403    | 403   | 403      | 201      | 401       | 404
  DELETE /api/cbe/sample-data                                | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
`;

const t = useTestApp();
const state = useMatrixCallers(t, 'cbe');
type Ours = School & { structureId: string; invoiceId: string };
let school: Ours | undefined;
async function ours(): Promise<Ours> {
  if (school) return school;
  const owner = state.callers.owner.token;
  const made = await makeSchool(t, owner, { students: 2, guardianEmail: state.callers.customer.email });
  const structure = await ok(t, 'POST', '/api/cbe/fee-structures', owner, {
    grade_id: made.gradeId,
    term_id: made.termId,
    amount: 5000,
  });
  await ok(t, 'POST', '/api/cbe/invoices/generate', owner, { class_id: made.classId, term_id: made.termId });
  const [invoice] = await ok<{ id: string }[]>(
    t,
    'GET',
    `/api/cbe/invoices?student_id=${made.studentIds[0]}`,
    owner,
  );
  if (!invoice) throw new Error('no invoice');
  school = { ...made, structureId: structure.id, invoiceId: invoice.id };
  return school;
}
const first = async () => (await ours()).studentIds[0] as string;

const studentBody = async () => ({
  admission_no: `M-${tag()}`,
  first_name: 'Zawadi',
  last_name: 'Njeri',
  class_id: (await ours()).classId,
  guardians: [{ name: 'Mama Zawadi', phone: '+254711000000', email: null }],
});

const REQUESTS: Record<string, (who: Caller) => Promise<MatrixRequest>> = {
  'GET /api/cbe/students': async () => ({ url: '/api/cbe/students?q=kamau' }),
  'GET /api/cbe/students/export': async () => ({ url: '/api/cbe/students/export' }),
  'GET /api/cbe/students/:id': async () => ({ url: `/api/cbe/students/${await first()}` }),
  'POST /api/cbe/students': async () => ({ url: '/api/cbe/students', payload: await studentBody() }),
  'PATCH /api/cbe/students/:id': async () => ({
    url: `/api/cbe/students/${(await ours()).studentIds[1]}`,
    payload: await studentBody(),
  }),
  'GET /api/cbe/children': async () => ({ url: '/api/cbe/children' }),
  'GET /api/cbe/classes/:id/register': async () => ({
    url: `/api/cbe/classes/${(await ours()).classId}/register?date=2026-02-02`,
  }),
  'PUT /api/cbe/classes/:id/register': async () => ({
    url: `/api/cbe/classes/${(await ours()).classId}/register`,
    payload: { date: '2026-02-02', marks: [{ student_id: await first(), mark: 'late', reason: 'Rain' }] },
  }),
  'GET /api/cbe/classes/:id/gradebook': async () => ({
    url: `/api/cbe/classes/${(await ours()).classId}/gradebook?learning_area_id=${(await ours()).areaId}&term_id=${(await ours()).termId}`,
  }),
  'PUT /api/cbe/classes/:id/gradebook': async () => ({
    url: `/api/cbe/classes/${(await ours()).classId}/gradebook`,
    payload: {
      learning_area_id: (await ours()).areaId,
      term_id: (await ours()).termId,
      entries: [
        { student_id: await first(), sub_strand_id: (await ours()).subStrandIds[0], level: 'meeting' },
      ],
    },
  }),
  'GET /api/cbe/students/:id/report-cards/:term_id': async () => ({
    url: `/api/cbe/students/${await first()}/report-cards/${(await ours()).termId}`,
  }),
  'PUT /api/cbe/students/:id/report-cards/:term_id/remarks': async () => ({
    url: `/api/cbe/students/${await first()}/report-cards/${(await ours()).termId}/remarks`,
    payload: { remarks: 'Works hard.' },
  }),
  'GET /api/cbe/children/terms': async () => ({ url: '/api/cbe/children/terms' }),
  'GET /api/cbe/children/:id/report-cards/:term_id': async () => ({
    url: `/api/cbe/children/${await first()}/report-cards/${(await ours()).termId}`,
  }),
  'GET /api/cbe/fee-structures': async () => ({ url: '/api/cbe/fee-structures' }),
  'GET /api/cbe/fee-structures/export': async () => ({ url: '/api/cbe/fee-structures/export' }),
  // Each caller sets the fee of a grade of its own making (one structure per grade and term).
  'POST /api/cbe/fee-structures': async () => {
    const grade = await ok(t, 'POST', '/api/cbe/grades', state.callers.owner.token, {
      name: `G ${tag()}`,
      level: 6,
    });
    return {
      url: '/api/cbe/fee-structures',
      payload: { grade_id: grade.id, term_id: (await ours()).termId, amount: '1200.50' },
    };
  },
  'GET /api/cbe/fee-structures/:id': async () => ({
    url: `/api/cbe/fee-structures/${(await ours()).structureId}`,
  }),
  'PATCH /api/cbe/fee-structures/:id': async () => ({
    url: `/api/cbe/fee-structures/${(await ours()).structureId}`,
    payload: { grade_id: (await ours()).gradeId, term_id: (await ours()).termId, amount: 5000 },
  }),
  'GET /api/cbe/invoices': async () => ({ url: '/api/cbe/invoices?unpaid=true' }),
  'GET /api/cbe/invoices/export': async () => ({ url: '/api/cbe/invoices/export' }),
  'POST /api/cbe/invoices/generate': async () => ({
    url: '/api/cbe/invoices/generate',
    payload: { class_id: (await ours()).classId, term_id: (await ours()).termId },
  }),
  'GET /api/cbe/payments': async () => ({ url: '/api/cbe/payments' }),
  'GET /api/cbe/payments/export': async () => ({ url: '/api/cbe/payments/export' }),
  'POST /api/cbe/payments': async () => ({
    url: '/api/cbe/payments',
    payload: { invoice_id: (await ours()).invoiceId, amount: 10, paid_on: '2026-01-10', method: 'cash' },
  }),
  'GET /api/cbe/students/:id/statement': async () => ({
    url: `/api/cbe/students/${await first()}/statement`,
  }),
  'GET /api/cbe/children/:id/statement': async () => ({
    url: `/api/cbe/children/${await first()}/statement`,
  }),
  'GET /api/cbe/arrears': async () => ({ url: '/api/cbe/arrears' }),
  'GET /api/cbe/arrears/export': async () => ({ url: '/api/cbe/arrears/export' }),
  'GET /api/cbe/settings': async () => ({ url: '/api/cbe/settings' }),
  'PUT /api/cbe/settings': async () => ({
    url: '/api/cbe/settings',
    payload: { time_zone: 'Africa/Nairobi' },
  }),
  'GET /api/cbe/dashboard': async () => ({ url: '/api/cbe/dashboard' }),
  // Our school has records (409); the outsider's is empty, so theirs fills.
  'POST /api/cbe/sample-data': async () => {
    await ours();
    return { url: '/api/cbe/sample-data' };
  },
  'DELETE /api/cbe/sample-data': async () => ({ url: '/api/cbe/sample-data' }),
};

describe('the permission matrix of the CBE school', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
