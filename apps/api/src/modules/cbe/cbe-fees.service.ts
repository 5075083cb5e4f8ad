import {
  CBE_PAYMENT_METHOD_LABELS,
  type CbeArrear,
  type CbeFeeStructure,
  type CbeInvoice,
  type CbePayment,
  type CbeStatement,
  type cbeArrearsQuery,
  type cbeFeeStructureBody,
  type cbeInvoiceGenerateBody,
  type cbeInvoiceListQuery,
  type cbeListQuery,
  cbeMessages,
  type cbePaymentBody,
  type cbePaymentListQuery,
} from '@workhub/shared/schemas/cbe';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { outer, relatedColumn } from '../../db/correlated.ts';
import { lockVersion } from '../../db/edit-lock.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { EditVersion } from '../../lib/edit-version.ts';
import { containing } from '../../lib/list-query.ts';
import {
  cbeClasses,
  cbeFeeStructures,
  cbeGrades,
  cbeInvoices,
  cbePayments,
  cbeStudents,
  cbeTerms,
} from './cbe.schema.ts';
import { badReference, mustReference, pageOf, unique } from './cbe-common.ts';
import { EXPORT_FETCH, schoolCsv } from './cbe-export.ts';
import { refuseAfterToday } from './cbe-settings.service.ts';

const meta = (query: { page: number; limit: number }, total: number) => ({
  page: query.page,
  limit: query.limit,
  total,
});
const studentName = sql<string>`${cbeStudents.firstName} || ' ' || ${cbeStudents.lastName}`;
const searchStudent = (q: string | undefined) =>
  q ? or(ilike(cbeStudents.admissionNo, containing(q)), ilike(studentName, containing(q))) : undefined;
type StructureQuery = z.output<typeof cbeListQuery> & { term_id?: string | undefined };
/**
 * A sum's text with 4 decimals, as a stored amount's. Not cast to numeric(14,4): a student's
 * invoices together may pass what one of them holds (10 digits before the point), and the cast
 * then failed the whole list.
 */
const money = (value: SQL) => sql<string>`round(${value}, 4)::text`;

/** A decimal's text without trailing zeros ('15000.5000' -> '15000.5'), to compare a stored amount with a body's. */
const plain = (amount: string) =>
  amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;

/**
 * Whether invoices were issued at the fee structure of the enclosing query's row (a query from
 * cbe_fee_structures): invoices copy the fee's amount and name no structure, so those of its term
 * billed to students of its grade were issued at it. The one rule of its in_use, of its delete
 * (409) and of an edit of its grade, term or amount (409).
 */
export const feeStructureIssued = sql<boolean>`exists (select 1 from ${cbeInvoices}
  join ${cbeStudents} on ${outer(cbeStudents.accountId)} = ${outer(cbeInvoices.accountId)}
    and ${outer(cbeStudents.id)} = ${outer(cbeInvoices.studentId)}
  join ${cbeClasses} on ${outer(cbeClasses.accountId)} = ${outer(cbeStudents.accountId)}
    and ${outer(cbeClasses.id)} = ${outer(cbeStudents.classId)}
  where ${outer(cbeInvoices.accountId)} = ${outer(cbeFeeStructures.accountId)}
    and ${outer(cbeInvoices.workspaceId)} = ${outer(cbeFeeStructures.workspaceId)}
    and ${outer(cbeInvoices.termId)} = ${outer(cbeFeeStructures.termId)}
    and ${outer(cbeClasses.gradeId)} = ${outer(cbeFeeStructures.gradeId)})`;

/** Fee structures, invoices, payments (under the invoice's row lock), statements and arrears. */
export function createCbeFeeService(ctx: Ctx) {
  const { db, now } = ctx;

  // ------------------------------------------------------------ structures
  const structureSelect = () =>
    db
      .select({
        s: cbeFeeStructures,
        gradeName: cbeGrades.name,
        termName: cbeTerms.name,
        inUse: feeStructureIssued,
      })
      .from(cbeFeeStructures)
      .innerJoin(
        cbeGrades,
        and(eq(cbeGrades.accountId, cbeFeeStructures.accountId), eq(cbeGrades.id, cbeFeeStructures.gradeId)),
      )
      .innerJoin(
        cbeTerms,
        and(eq(cbeTerms.accountId, cbeFeeStructures.accountId), eq(cbeTerms.id, cbeFeeStructures.termId)),
      );
  const toStructure = (r: {
    s: typeof cbeFeeStructures.$inferSelect;
    gradeName: string;
    termName: string;
    inUse: boolean;
  }): CbeFeeStructure => ({
    id: r.s.id,
    grade_id: r.s.gradeId,
    grade_name: r.gradeName,
    term_id: r.s.termId,
    term_name: r.termName,
    amount: r.s.amount,
    description: r.s.description,
    in_use: r.inUse,
    created_at: r.s.createdAt.toISOString(),
    updated_at: r.s.updatedAt.toISOString(),
  });
  async function structureById(scope: WorkspaceScope, id: string) {
    const [row] = await structureSelect().where(
      and(scope.workspace(cbeFeeStructures), eq(cbeFeeStructures.id, id)),
    );
    if (!row) throw notFound();
    return toStructure(row);
  }
  const structureWhere = (scope: WorkspaceScope, query: StructureQuery) =>
    and(
      scope.workspace(cbeFeeStructures),
      query.q ? ilike(cbeGrades.name, containing(query.q)) : undefined,
      query.term_id ? eq(cbeFeeStructures.termId, query.term_id) : undefined,
    );
  const structureOrder = [desc(cbeTerms.startsOn), asc(cbeGrades.level), asc(cbeFeeStructures.id)];
  async function checkStructure(scope: WorkspaceScope, input: z.output<typeof cbeFeeStructureBody>) {
    await mustReference(db, scope, cbeGrades, input.grade_id, 'grade_id');
    await mustReference(db, scope, cbeTerms, input.term_id, 'term_id');
  }

  // ------------------------------------------------------------ invoices
  const invoiceSelect = () =>
    db
      .select({
        i: cbeInvoices,
        studentName,
        admissionNo: cbeStudents.admissionNo,
        // A correlated sub-select, not a join: a few terms among many schools' made the planner
        // guess a join of a few rows, and sort every invoice rather than read a page in order.
        termName: relatedColumn<string>(
          cbeTerms,
          { accountId: cbeInvoices.accountId, id: cbeInvoices.termId },
          cbeTerms.name,
        ),
        balance: money(sql`${cbeInvoices.amount} - ${cbeInvoices.paid}`),
      })
      .from(cbeInvoices)
      .innerJoin(
        cbeStudents,
        and(eq(cbeStudents.accountId, cbeInvoices.accountId), eq(cbeStudents.id, cbeInvoices.studentId)),
      );
  const toInvoice = (r: {
    i: typeof cbeInvoices.$inferSelect;
    studentName: string;
    admissionNo: string;
    termName: string;
    balance: string;
  }): CbeInvoice => ({
    id: r.i.id,
    student_id: r.i.studentId,
    student_name: r.studentName,
    admission_no: r.admissionNo,
    term_id: r.i.termId,
    term_name: r.termName,
    amount: r.i.amount,
    paid: r.i.paid,
    balance: r.balance,
    issued_on: r.i.issuedOn,
    created_at: r.i.createdAt.toISOString(),
  });
  function invoiceWhere(
    scope: WorkspaceScope,
    query: Omit<z.output<typeof cbeInvoiceListQuery>, 'page' | 'limit'>,
    extra?: SQL,
  ) {
    return and(
      scope.workspace(cbeInvoices),
      searchStudent(query.q),
      query.term_id ? eq(cbeInvoices.termId, query.term_id) : undefined,
      query.class_id ? eq(cbeStudents.classId, query.class_id) : undefined,
      query.student_id ? eq(cbeInvoices.studentId, query.student_id) : undefined,
      query.unpaid === 'true' ? sql`${cbeInvoices.paid} < ${cbeInvoices.amount}` : undefined,
      query.unpaid === 'false' ? sql`${cbeInvoices.paid} >= ${cbeInvoices.amount}` : undefined,
      extra,
    );
  }
  const invoiceOrder = [
    desc(cbeInvoices.issuedOn),
    asc(sql`lower(${cbeStudents.lastName})`),
    asc(cbeInvoices.id),
  ];
  /** A page of the invoices, in their order (cbe_invoices_issued_idx); exported for the plan tests. */
  const invoicePage = (scope: WorkspaceScope, query: z.output<typeof cbeInvoiceListQuery>) =>
    invoiceSelect()
      .where(invoiceWhere(scope, query))
      .orderBy(...invoiceOrder)
      .limit(query.limit)
      .offset(pageOf(query).offset);

  // ------------------------------------------------------------ payments
  const paymentSelect = () =>
    db
      .select({ p: cbePayments, studentName })
      .from(cbePayments)
      .innerJoin(
        cbeStudents,
        and(eq(cbeStudents.accountId, cbePayments.accountId), eq(cbeStudents.id, cbePayments.studentId)),
      );
  const toPayment = (r: { p: typeof cbePayments.$inferSelect; studentName: string }): CbePayment => ({
    id: r.p.id,
    invoice_id: r.p.invoiceId,
    student_id: r.p.studentId,
    student_name: r.studentName,
    amount: r.p.amount,
    paid_on: r.p.paidOn,
    method: r.p.method,
    reference: r.p.reference,
    created_at: r.p.createdAt.toISOString(),
  });

  const paymentWhere = (
    scope: WorkspaceScope,
    query: Omit<z.output<typeof cbePaymentListQuery>, 'page' | 'limit'>,
  ) =>
    and(
      scope.workspace(cbePayments),
      searchStudent(query.q),
      query.student_id ? eq(cbePayments.studentId, query.student_id) : undefined,
    );
  const paymentOrder = [desc(cbePayments.paidOn), desc(cbePayments.createdAt), asc(cbePayments.id)];
  /** A page of the payments, newest payment day first (cbe_payments_day_idx); exported for the plan tests. */
  const paymentPage = (scope: WorkspaceScope, query: z.output<typeof cbePaymentListQuery>) =>
    paymentSelect()
      .where(paymentWhere(scope, query))
      .orderBy(...paymentOrder)
      .limit(query.limit)
      .offset(pageOf(query).offset);

  // ------------------------------------------------------------ arrears
  function arrearsQuery(
    scope: WorkspaceScope,
    query: Omit<z.output<typeof cbeArrearsQuery>, 'page' | 'limit'>,
  ) {
    const invoiced = sql`sum(${cbeInvoices.amount})`;
    const paid = sql`sum(${cbeInvoices.paid})`;
    return db
      .select({
        studentId: cbeStudents.id,
        admissionNo: cbeStudents.admissionNo,
        name: studentName,
        className: sql<string>`${cbeGrades.name} || ' ' || ${cbeClasses.name}`,
        invoiced: money(invoiced),
        paid: money(paid),
        balance: money(sql`${invoiced} - ${paid}`),
        // Every student in arrears, counted by the page's own statement (after the grouping and
        // HAVING, before LIMIT): the list's total without running the aggregate a second time.
        inArrears: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(cbeInvoices)
      .innerJoin(
        cbeStudents,
        and(eq(cbeStudents.accountId, cbeInvoices.accountId), eq(cbeStudents.id, cbeInvoices.studentId)),
      )
      .innerJoin(
        cbeClasses,
        and(eq(cbeClasses.accountId, cbeStudents.accountId), eq(cbeClasses.id, cbeStudents.classId)),
      )
      .innerJoin(
        cbeGrades,
        and(eq(cbeGrades.accountId, cbeClasses.accountId), eq(cbeGrades.id, cbeClasses.gradeId)),
      )
      .where(
        and(
          scope.workspace(cbeInvoices),
          searchStudent(query.q),
          query.class_id ? eq(cbeStudents.classId, query.class_id) : undefined,
        ),
      )
      .groupBy(
        cbeStudents.id,
        cbeStudents.admissionNo,
        cbeStudents.firstName,
        cbeStudents.lastName,
        cbeGrades.name,
        cbeClasses.name,
      )
      .having(sql`${invoiced} > ${paid}`)
      .orderBy(desc(sql`${invoiced} - ${paid}`), asc(cbeStudents.id));
  }
  const toArrear = (r: Awaited<ReturnType<typeof arrearsQuery>>[number]): CbeArrear => ({
    student_id: r.studentId,
    admission_no: r.admissionNo,
    name: r.name,
    class_name: r.className,
    invoiced: r.invoiced,
    paid: r.paid,
    balance: r.balance,
  });

  return {
    // ---------------- structures
    async listStructures(scope: WorkspaceScope, query: StructureQuery) {
      const where = structureWhere(scope, query);
      const rows = await structureSelect()
        .where(where)
        .orderBy(...structureOrder)
        .limit(query.limit)
        .offset(pageOf(query).offset);
      const [total] = await db
        .select({ total: count() })
        .from(cbeFeeStructures)
        .innerJoin(
          cbeGrades,
          and(
            eq(cbeGrades.accountId, cbeFeeStructures.accountId),
            eq(cbeGrades.id, cbeFeeStructures.gradeId),
          ),
        )
        .where(where);
      return { data: rows.map(toStructure), meta: meta(query, total?.total ?? 0) };
    },
    async exportStructures(scope: WorkspaceScope, query: StructureQuery) {
      const rows = await structureSelect()
        .where(structureWhere(scope, query))
        .orderBy(...structureOrder)
        .limit(EXPORT_FETCH);
      return schoolCsv(
        ctx,
        scope,
        'fee-structures',
        query,
        rows.map(toStructure),
        ['Grade', 'Term', 'Amount', 'Description'],
        (f) => [f.grade_name, f.term_name, f.amount, f.description],
      );
    },
    async createStructure(scope: WorkspaceScope, input: z.output<typeof cbeFeeStructureBody>) {
      await checkStructure(scope, input);
      const [row] = await unique('term_id', cbeMessages.feeTaken, () =>
        db
          .insert(cbeFeeStructures)
          .values({
            ...scope.workspaceValues(),
            gradeId: input.grade_id,
            termId: input.term_id,
            amount: input.amount,
            description: input.description,
          })
          .returning({ id: cbeFeeStructures.id }),
      );
      if (!row) throw new Error('cbe_fee_structures insert returned no row');
      return structureById(scope, row.id);
    },
    /** One structure, as its edit dialog reads it again after a 412. */
    structureById,

    /**
     * Made against `expected` (If-Match): refused (412) once anyone has saved the structure since.
     * Once invoices were issued at it, its grade, term and amount stay (409, as its delete): the
     * row is locked (FOR UPDATE) before the check, and an invoice run holds it FOR SHARE until its
     * invoices commit, so a run at the same instant is seen, or finds the structure changed.
     */
    async updateStructure(
      scope: WorkspaceScope,
      id: string,
      input: z.output<typeof cbeFeeStructureBody>,
      expected?: EditVersion,
    ) {
      const thisStructure = and(scope.workspace(cbeFeeStructures), eq(cbeFeeStructures.id, id));
      const [locked] = await db
        .select({ id: cbeFeeStructures.id })
        .from(cbeFeeStructures)
        .where(thisStructure)
        .for('update');
      if (!locked) throw notFound();
      // Read once the lock is held, in a statement of its own: a statement that waited for the lock
      // keeps the snapshot it started with, so its own count missed the invoices of a run that held
      // the row FOR SHARE and committed meanwhile (the move passed, the invoices kept the old term).
      const [current] = await db
        .select({ s: cbeFeeStructures, inUse: feeStructureIssued })
        .from(cbeFeeStructures)
        .where(thisStructure);
      if (!current) throw notFound();
      await checkStructure(scope, input);
      const { s } = current;
      const moved =
        s.gradeId !== input.grade_id || s.termId !== input.term_id || plain(s.amount) !== plain(input.amount);
      await unique('term_id', cbeMessages.feeTaken, () =>
        db.transaction(async (tx) => {
          await lockVersion(tx, cbeFeeStructures, cbeFeeStructures.updatedAt, thisStructure, expected);
          if (current.inUse && moved) throw conflict(cbeMessages.feeStructureLocked);
          await tx
            .update(cbeFeeStructures)
            .set({
              gradeId: input.grade_id,
              termId: input.term_id,
              amount: input.amount,
              description: input.description,
              updatedAt: now(),
            })
            .where(thisStructure);
        }),
      );
      return structureById(scope, id);
    },

    // ---------------- invoices
    invoicePage,
    async listInvoices(scope: WorkspaceScope, query: z.output<typeof cbeInvoiceListQuery>) {
      const where = invoiceWhere(scope, query);
      const rows = await invoicePage(scope, query);
      const [total] = await db
        .select({ total: count() })
        .from(cbeInvoices)
        .innerJoin(
          cbeStudents,
          and(eq(cbeStudents.accountId, cbeInvoices.accountId), eq(cbeStudents.id, cbeInvoices.studentId)),
        )
        .where(where);
      return { data: rows.map(toInvoice), meta: meta(query, total?.total ?? 0) };
    },
    async exportInvoices(scope: WorkspaceScope, query: z.output<typeof cbeInvoiceListQuery>) {
      const rows = await invoiceSelect()
        .where(invoiceWhere(scope, query))
        .orderBy(...invoiceOrder)
        .limit(EXPORT_FETCH);
      return schoolCsv(
        ctx,
        scope,
        'invoices',
        query,
        rows.map(toInvoice),
        ['Admission no', 'Student', 'Term', 'Issued on', 'Amount', 'Paid', 'Balance'],
        (i) => [i.admission_no, i.student_name, i.term_name, i.issued_on, i.amount, i.paid, i.balance],
      );
    },
    /** One invoice per active student of the class for the term, at the grade's fee, dated the term's first day; a student already invoiced is skipped. */
    async generateInvoices(scope: WorkspaceScope, input: z.output<typeof cbeInvoiceGenerateBody>) {
      const klass = await mustReference(db, scope, cbeClasses, input.class_id, 'class_id');
      const term = await mustReference(db, scope, cbeTerms, input.term_id, 'term_id');
      const [fee] = await db
        .select({ amount: cbeFeeStructures.amount })
        .from(cbeFeeStructures)
        .where(
          and(
            scope.workspace(cbeFeeStructures),
            eq(cbeFeeStructures.gradeId, klass.gradeId),
            eq(cbeFeeStructures.termId, input.term_id),
          ),
        )
        // Held until the invoices commit: a delete of this fee structure waits, then sees them (409).
        .for('share');
      if (!fee) throw badReference('term_id', cbeMessages.noFeeStructure);
      const students = await db
        .select({ id: cbeStudents.id })
        .from(cbeStudents)
        .where(
          and(
            scope.workspace(cbeStudents),
            eq(cbeStudents.classId, input.class_id),
            eq(cbeStudents.status, 'active'),
          ),
        );
      if (students.length === 0) return { created: 0 };
      const at = now();
      const created = await db
        .insert(cbeInvoices)
        .values(
          students.map((s) => ({
            ...scope.workspaceValues(),
            studentId: s.id,
            termId: input.term_id,
            amount: fee.amount,
            // Dated the term's first day: a term's fees fall due when it opens.
            issuedOn: term.startsOn,
            createdAt: at,
          })),
        )
        .onConflictDoNothing({ target: [cbeInvoices.accountId, cbeInvoices.studentId, cbeInvoices.termId] })
        .returning({ id: cbeInvoices.id });
      return { created: created.length };
    },

    // ---------------- payments
    paymentPage,
    async listPayments(scope: WorkspaceScope, query: z.output<typeof cbePaymentListQuery>) {
      const where = paymentWhere(scope, query);
      const rows = await paymentPage(scope, query);
      const [total] = await db
        .select({ total: count() })
        .from(cbePayments)
        .innerJoin(
          cbeStudents,
          and(eq(cbeStudents.accountId, cbePayments.accountId), eq(cbeStudents.id, cbePayments.studentId)),
        )
        .where(where);
      return { data: rows.map(toPayment), meta: meta(query, total?.total ?? 0) };
    },
    async exportPayments(scope: WorkspaceScope, query: z.output<typeof cbePaymentListQuery>) {
      const rows = await paymentSelect()
        .where(paymentWhere(scope, query))
        .orderBy(...paymentOrder)
        .limit(EXPORT_FETCH);
      return schoolCsv(
        ctx,
        scope,
        'payments',
        query,
        rows.map(toPayment),
        ['Paid on', 'Student', 'Amount', 'Method', 'Reference'],
        (p) => [p.paid_on, p.student_name, p.amount, CBE_PAYMENT_METHOD_LABELS[p.method], p.reference],
      );
    },
    /**
     * Records a payment against an invoice. The invoice row is locked (FOR UPDATE) before its
     * balance is read, so of two payments at once the second reads the first's effect: the
     * invoice's `paid` is always the sum of its payments, and never more than its amount (409).
     * It is dated today or before, in the school's time zone (400).
     */
    async recordPayment(scope: WorkspaceScope, input: z.output<typeof cbePaymentBody>) {
      await refuseAfterToday(ctx, scope, input.paid_on, 'paid_on', cbeMessages.paidOnFuture);
      const [invoice] = await db
        .select()
        .from(cbeInvoices)
        .where(and(scope.workspace(cbeInvoices), eq(cbeInvoices.id, input.invoice_id)))
        .for('update');
      if (!invoice) throw badReference('invoice_id');
      // The condition is read again under the lock: a payment that would take `paid` past the amount changes nothing.
      const applied = await db
        .update(cbeInvoices)
        .set({ paid: sql`${cbeInvoices.paid} + ${input.amount}::numeric` })
        .where(
          and(
            scope.workspace(cbeInvoices),
            eq(cbeInvoices.id, invoice.id),
            sql`${cbeInvoices.paid} + ${input.amount}::numeric <= ${cbeInvoices.amount}`,
          ),
        )
        .returning({ id: cbeInvoices.id });
      if (applied.length === 0) throw conflict(cbeMessages.overpaid, { amount: cbeMessages.overpaid });
      const [row] = await db
        .insert(cbePayments)
        .values({
          ...scope.workspaceValues(),
          invoiceId: invoice.id,
          studentId: invoice.studentId,
          amount: input.amount,
          paidOn: input.paid_on,
          method: input.method,
          reference: input.reference,
          recordedBy: scope.auth.user_id,
          createdAt: now(),
        })
        .returning({ id: cbePayments.id });
      if (!row) throw new Error('cbe_payments insert returned no row');
      const [found] = await paymentSelect().where(
        and(scope.workspace(cbePayments), eq(cbePayments.id, row.id)),
      );
      if (!found) throw notFound();
      return toPayment(found);
    },

    // ---------------- statement and arrears
    async statement(scope: WorkspaceScope, studentId: string, extra?: SQL): Promise<CbeStatement> {
      const [student] = await db
        .select()
        .from(cbeStudents)
        .where(and(scope.workspace(cbeStudents), eq(cbeStudents.id, studentId), extra));
      if (!student) throw notFound();
      const invoices = await invoiceSelect()
        .where(and(scope.workspace(cbeInvoices), eq(cbeInvoices.studentId, studentId)))
        .orderBy(asc(cbeInvoices.issuedOn), asc(cbeInvoices.createdAt));
      const payments = await paymentSelect()
        .where(and(scope.workspace(cbePayments), eq(cbePayments.studentId, studentId)))
        .orderBy(asc(cbePayments.paidOn), asc(cbePayments.createdAt));
      // Amounts in ten-thousandths (numeric(14,4)): whole numbers, exact.
      const units = (value: string) => BigInt(value.replace('.', ''));
      const text = (value: bigint) => {
        const negative = value < 0n;
        const digits = (negative ? -value : value).toString().padStart(5, '0');
        return `${negative ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`;
      };
      const entries = [
        ...invoices.map((i) => ({
          date: i.i.issuedOn,
          at: i.i.createdAt.getTime(),
          kind: 'invoice' as const,
          description: `Fees: ${i.termName}`,
          debit: units(i.i.amount),
          credit: 0n,
        })),
        ...payments.map((p) => ({
          date: p.p.paidOn,
          at: p.p.createdAt.getTime(),
          kind: 'payment' as const,
          description: `Payment (${CBE_PAYMENT_METHOD_LABELS[p.p.method]}${p.p.reference ? ` ${p.p.reference}` : ''})`,
          debit: 0n,
          credit: units(p.p.amount),
        })),
      ].sort((a, b) => (a.date === b.date ? a.at - b.at : a.date < b.date ? -1 : 1));
      let balance = 0n;
      const lines = entries.map((e) => {
        balance += e.debit - e.credit;
        return {
          date: e.date,
          kind: e.kind,
          description: e.description,
          debit: text(e.debit),
          credit: text(e.credit),
          balance: text(balance),
        };
      });
      return {
        student: {
          id: student.id,
          name: `${student.firstName} ${student.lastName}`,
          admission_no: student.admissionNo,
        },
        lines,
        balance: text(balance),
      };
    },

    async arrears(scope: WorkspaceScope, query: z.output<typeof cbeArrearsQuery>) {
      // One aggregate: each row carries the total (inArrears). A page past the end has no row to
      // carry it, and only then is it counted on its own.
      const { offset } = pageOf(query);
      const rows = await arrearsQuery(scope, query).limit(query.limit).offset(offset);
      let total = rows[0]?.inArrears ?? 0;
      if (rows.length === 0 && offset > 0) {
        const [all] = await db.select({ total: count() }).from(arrearsQuery(scope, query).as('arrears'));
        total = all?.total ?? 0;
      }
      return { data: rows.map(toArrear), meta: meta(query, total) };
    },
    async exportArrears(scope: WorkspaceScope, query: z.output<typeof cbeArrearsQuery>) {
      const rows = await arrearsQuery(scope, query).limit(EXPORT_FETCH);
      return schoolCsv(
        ctx,
        scope,
        'arrears',
        query,
        rows.map(toArrear),
        ['Admission no', 'Student', 'Class', 'Invoiced', 'Paid', 'Balance'],
        (a) => [a.admission_no, a.name, a.class_name, a.invoiced, a.paid, a.balance],
      );
    },
  };
}

export type CbeFeeService = ReturnType<typeof createCbeFeeService>;
