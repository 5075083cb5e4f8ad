import { beforeAll, describe, expect, it } from 'vitest';
import { csvBody } from '../../test/csv.ts';
import { useTestApp } from '../../test/helpers.ts';
import { memberIn, newTenant, type Tenant } from '../../test/tenants.ts';
import { auditRowsOf } from '../audit/audit-test-helpers.ts';
import { cbeCall, makeSchool, ok, type School, tag } from './cbe-test-helpers.ts';

const t = useTestApp();
let tenant: Tenant;
let token: string;
let school: School;
let other: Tenant;
const ours = tag();
const theirs = tag();

/** A school with a second class, a fee structure, invoices and a payment per student (`ref`: the payments' reference). */
async function feesOf(who: string, s: School, ref: string) {
  await ok(t, 'POST', '/api/cbe/classes', who, { grade_id: s.gradeId, name: `West ${ref}` });
  await ok(t, 'POST', '/api/cbe/fee-structures', who, {
    grade_id: s.gradeId,
    term_id: s.termId,
    amount: '15000',
    description: `Tuition ${ref}`,
  });
  await ok(t, 'POST', '/api/cbe/invoices/generate', who, { class_id: s.classId, term_id: s.termId });
  const invoices = await ok<{ id: string }[]>(t, 'GET', `/api/cbe/invoices?term_id=${s.termId}`, who);
  for (const [i, invoice] of invoices.entries()) {
    await ok(t, 'POST', '/api/cbe/payments', who, {
      invoice_id: invoice.id,
      amount: String(1000 * (i + 1)),
      paid_on: '2026-01-20',
      method: 'mpesa',
      reference: `${ref}-${i}`,
    });
  }
}

beforeAll(async () => {
  tenant = await newTenant(t, 'cbe');
  token = tenant.owner.token;
  school = await makeSchool(t, token, { students: 3 });
  await feesOf(token, school, ours);
  other = await newTenant(t, 'cbe');
  await feesOf(other.owner.token, await makeSchool(t, other.owner.token, { students: 2 }), theirs);
});

const exportOf = (path: string, who = token) => cbeCall(t, 'GET', `/api/cbe/${path}`, who);
const linesOf = (body: string) => csvBody(body).trim().split('\r\n');
/** A state as text whatever the order of its keys. */
const sorted = (state: unknown) => JSON.stringify(Object.entries(state ?? {}).sort());

describe('the school CSV exports', () => {
  it('export every row the filters keep, whatever page the list was on', async () => {
    // page and limit are the list's: an export carries every row.
    const classes = await exportOf(`classes/export?grade_id=${school.gradeId}&limit=1&page=2`);
    expect(classes.statusCode, classes.body).toBe(200);
    expect(classes.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(classes.headers['content-disposition']).toMatch(
      /^attachment; filename="classes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(linesOf(classes.body)).toEqual([
      'Grade,Stream,Class teacher,Students',
      expect.stringMatching(/^Grade 4 \w+,East,,3$/),
      expect.stringMatching(new RegExp(`^Grade 4 \\w+,West ${ours},,0$`)),
    ]);

    const fees = await exportOf(`fee-structures/export?term_id=${school.termId}&limit=1`);
    expect(linesOf(fees.body)).toEqual([
      'Grade,Term,Amount,Description',
      expect.stringMatching(new RegExp(`^Grade 4 \\w+,Term 1,15000.0000,Tuition ${ours}$`)),
    ]);

    const payments = await exportOf('payments/export?limit=1');
    const rows = linesOf(payments.body);
    expect(rows[0]).toBe('Paid on,Student,Amount,Method,Reference');
    expect(
      rows
        .slice(1)
        .map((line) => line.split(',').at(-1))
        .sort(),
    ).toEqual([`${ours}-0`, `${ours}-1`, `${ours}-2`]);
    // The method as the payment form labels it.
    expect(rows.slice(1).map((line) => line.split(',').at(-2))).toEqual(['M-Pesa', 'M-Pesa', 'M-Pesa']);
    const one = await exportOf(`payments/export?student_id=${school.studentIds[0]}`);
    expect(linesOf(one.body)).toHaveLength(2);
  });

  it("never carries another school's rows", async () => {
    // Ours: 2 classes, 1 fee structure, 3 students each invoiced, paid in part and in arrears.
    const counts = { classes: 2, 'fee-structures': 1, payments: 3, invoices: 3, students: 3, arrears: 3 };
    for (const [path, count] of Object.entries(counts)) {
      const response = await exportOf(`${path}/export`);
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).not.toContain(theirs);
      expect(linesOf(response.body), path).toHaveLength(count + 1);
    }
    // And theirs, read by them, holds only theirs.
    const their = await exportOf('payments/export', other.owner.token);
    expect(their.body).toContain(`${theirs}-1`);
    expect(their.body).not.toContain(ours);
  });

  it('writes one export.cbe audit row per export, with the kind, the rows and the filters', async () => {
    const before = await auditRowsOf(t, tenant.workspace.account_id, 'export.cbe');
    const exports = [
      ['classes', `grade_id=${school.gradeId}`, 2],
      ['fee-structures', `term_id=${school.termId}`, 1],
      ['payments', `student_id=${school.studentIds[1]}`, 1],
      ['invoices', `class_id=${school.classId}`, 3],
      ['students', `class_id=${school.classId}&status=active`, 3],
      ['arrears', `class_id=${school.classId}`, 3],
    ] as const;
    for (const [path, query] of exports) {
      expect((await exportOf(`${path}/export?${query}&page=3`)).statusCode, path).toBe(200);
    }
    // The test clock may stamp them all alike: each is found by what it says, not by its order.
    const earlier = new Set(before.map((r) => r.id));
    const rows = (await auditRowsOf(t, tenant.workspace.account_id, 'export.cbe')).filter(
      (r) => !earlier.has(r.id),
    );
    expect(rows).toHaveLength(exports.length);
    for (const [path, query, count] of exports) {
      const filters = Object.fromEntries(new URLSearchParams(query));
      const expected = { kind: path, rows: count, ...filters };
      const matching = rows.filter((r) => sorted(r.after) === sorted(expected));
      expect(matching, path).toHaveLength(1);
      expect(matching[0]).toMatchObject({
        workspaceId: tenant.workspace.workspace_id,
        actorEmail: tenant.holder.email,
        entityType: null,
      });
    }
  });

  it('answers 403 to a guest and a customer, and to a teacher for the fee lists, and writes no audit row', async () => {
    const before = (await auditRowsOf(t, tenant.workspace.account_id, 'export.cbe')).length;
    for (const role of ['guest', 'customer'] as const) {
      const who = await memberIn(t, tenant.workspace, role);
      for (const path of ['classes', 'fee-structures', 'payments']) {
        expect((await exportOf(`${path}/export`, who.token)).statusCode, `${role} ${path}`).toBe(403);
      }
    }
    expect(await auditRowsOf(t, tenant.workspace.account_id, 'export.cbe')).toHaveLength(before);
    // A teacher (worker) exports the school's lists, not its fees (cbe:fees: owner and admin).
    const worker = await memberIn(t, tenant.workspace, 'worker');
    expect((await exportOf('classes/export', worker.token)).statusCode).toBe(200);
    for (const path of ['fee-structures', 'invoices', 'payments', 'arrears']) {
      expect((await exportOf(`${path}/export`, worker.token)).statusCode, `worker ${path}`).toBe(403);
    }
    const admin = await memberIn(t, tenant.workspace, 'admin');
    expect((await exportOf('payments/export', admin.token)).statusCode).toBe(200);
  });
});
