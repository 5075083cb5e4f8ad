import { cbeInvoiceListQuery, cbePaymentListQuery, cbeStudentListQuery } from '@workhub/shared/schemas/cbe';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { useTestApp } from '../../test/helpers.ts';
import { explainAnalyze, type PlanNode, planScope, rowsRead, statementCtx } from '../../test/plans.ts';
import { newTenant, type Tenant } from '../../test/tenants.ts';
import { createCbeFeeService } from './cbe-fees.service.ts';
import { createCbeStudentService } from './cbe-students.service.ts';
import { makeSchool, ok } from './cbe-test-helpers.ts';

/*
 * What a page of a big school's students and invoices reads in their default orders: the student
 * list by name (cbe_students_name_idx, migration 0020), not every student sorted; the invoice list
 * newest issue day first (cbe_invoices_issued_idx), the latest day's invoices sorted by name, not
 * every invoice the school ever issued. Runs in the api-postgres project only: the plan is the
 * server's.
 */

const STUDENTS = 1_200;
const GRADES = 6;
const CLASSES_PER_GRADE = 5;
/** Each term's invoices go out a class at a time, over this many days. */
const ISSUE_DAYS = 20;
const TERMS = [
  { name: 'Term 2', starts_on: '2026-05-04', ends_on: '2026-07-31' },
  { name: 'Term 3', starts_on: '2026-08-31', ends_on: '2026-11-27' },
];
const LIMIT = 14;
/** Each invoice is paid within this many days of its issue. */
const PAYMENT_DAYS = 60;

describe("a big school's lists", () => {
  const t = useTestApp();
  let tenant: Tenant;

  beforeAll(async () => {
    tenant = await newTenant(t, 'cbe');
    const token = tenant.owner.token;
    const school = await makeSchool(t, token, { students: 0 });
    const termIds = [school.termId];
    for (const term of TERMS)
      termIds.push((await ok(t, 'POST', '/api/cbe/terms', token, { year_id: school.yearId, ...term })).id);
    const { account_id, workspace_id } = tenant.workspace;
    // Six grades of five classes; the students spread over them.
    await t.db.db.execute(sql`
      insert into cbe_grades (account_id, workspace_id, name, level)
      select ${account_id}, ${workspace_id}, 'Level ' || g, g from generate_series(1, ${GRADES}) as g`);
    await t.db.db.execute(sql`
      insert into cbe_classes (account_id, workspace_id, grade_id, name)
      select g.account_id, g.workspace_id, g.id, 'Stream ' || c
      from cbe_grades g cross join generate_series(1, ${CLASSES_PER_GRADE}) as c
      where g.workspace_id = ${workspace_id} and g.name like 'Level %'`);
    await t.db.db.execute(sql`
      insert into cbe_students (account_id, workspace_id, admission_no, first_name, last_name, class_id)
      select ${account_id}, ${workspace_id}, 'ADM-' || n, 'First ' || n, 'Last ' || (n * 7919 % ${STUDENTS}),
        (select id from cbe_classes where workspace_id = ${workspace_id} order by id offset n % ${GRADES * CLASSES_PER_GRADE} limit 1)
      from generate_series(1, ${STUDENTS}) as n`);
    // Every student billed each term, a share of them on each of the term's first ISSUE_DAYS days.
    await t.db.db.execute(sql`
      insert into cbe_invoices (account_id, workspace_id, student_id, term_id, amount, issued_on)
      select s.account_id, s.workspace_id, s.id, term.id, 1000,
        term.starts_on + (row_number() over (partition by term.id order by s.id) % ${ISSUE_DAYS})::int
      from cbe_students s cross join cbe_terms term
      where s.workspace_id = ${workspace_id} and term.id in ${termIds}`);
    // A payment against every invoice, over the term's first 60 days.
    await t.db.db.execute(sql`
      insert into cbe_payments (account_id, workspace_id, invoice_id, student_id, amount, paid_on, method)
      select i.account_id, i.workspace_id, i.id, i.student_id, 1,
        i.issued_on + (row_number() over (order by i.id) % ${PAYMENT_DAYS})::int, 'cash'
      from cbe_invoices i where i.workspace_id = ${workspace_id}`);
    for (const table of [
      'cbe_grades',
      'cbe_classes',
      'cbe_terms',
      'cbe_students',
      'cbe_invoices',
      'cbe_payments',
    ])
      await t.db.db.execute(sql.raw(`analyze ${table}`));
  });

  async function planOf(page: (db: Db) => { toSQL: () => { sql: string; params: unknown[] } }) {
    const app = await t.db.appDb();
    const { sql: text, params } = page(app).toSQL();
    const { account_id: accountId, workspace_id: workspaceId } = tenant.workspace;
    return explainAnalyze(app, { accountId, workspaceId, userId: null }, text, params);
  }
  const scope = () => planScope(tenant.workspace.account_id, tenant.workspace.workspace_id);

  it('a page of students by name reads that page', async () => {
    const query = cbeStudentListQuery.parse({ limit: LIMIT });
    const plan: PlanNode = await planOf((db) =>
      createCbeStudentService(statementCtx(db)).pageStatement(scope(), query),
    );
    expect(plan['Actual Rows']).toBe(LIMIT);
    expect(rowsRead(plan, 'cbe_students'), JSON.stringify(plan)).toBeLessThanOrEqual(LIMIT + 1);
  });

  it("a page of invoices reads the latest issue day's, not every term's", async () => {
    const query = cbeInvoiceListQuery.parse({ limit: LIMIT });
    const plan = await planOf((db) => createCbeFeeService(statementCtx(db)).invoicePage(scope(), query));
    expect(plan['Actual Rows']).toBe(LIMIT);
    const perDay = Math.ceil(STUDENTS / ISSUE_DAYS);
    expect(rowsRead(plan, 'cbe_invoices'), JSON.stringify(plan)).toBeLessThanOrEqual(perDay + 1);
  });

  it('a page of payments reads the latest payment days’, not every term’s', async () => {
    const query = cbePaymentListQuery.parse({ limit: LIMIT });
    const plan = await planOf((db) => createCbeFeeService(statementCtx(db)).paymentPage(scope(), query));
    expect(plan['Actual Rows']).toBe(LIMIT);
    // The payments of the latest day or two (a day's: 3,600 over the terms' payment days, ~20).
    expect(rowsRead(plan, 'cbe_payments'), JSON.stringify(plan)).toBeLessThanOrEqual(100);
  });
});
