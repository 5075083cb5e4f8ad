import {
  CBE_LEVELS,
  CBE_MARKS,
  CBE_PAYMENT_METHODS,
  CBE_STUDENT_STATUSES,
  CBE_TIME_ZONE,
} from '@workhub/shared/schemas/cbe';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList, timestamptz } from '../../db/schema/columns.ts';
import { users } from '../../db/schema/users.ts';
import { type AnyColumn, decimal, sameWorkspaceFk, workspaceFk } from '../operations/operations.schema.ts';

// The CBE School module's tables (issue 15; docs/api.md 'CBE School'). Every one is a workspace's:
// account_id and workspace_id, primary key (account_id, id), a cascade from its workspace, and
// references of (account_id, workspace_id, <id>) onto a unique key of the same three columns, so
// the database refuses a record of another workspace. Days are `date` (a school day, a term's
// start), instants timestamptz, money numeric(14,4). `sample` marks the rows "Load sample data"
// wrote: "Clear sample data" deletes exactly those.

const base = () => ({
  accountId: uuid('account_id').notNull(),
  id: uuid('id').notNull().default(sql`gen_random_uuid()`),
  workspaceId: uuid('workspace_id').notNull(),
  sample: boolean('sample').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

const keys = (table: string, t: { accountId: AnyColumn; id: AnyColumn; workspaceId: AnyColumn }) => [
  primaryKey({ name: `${table}_pkey`, columns: [t.accountId, t.id] }),
  workspaceFk(`${table}_workspace_fk`, t.accountId, t.workspaceId),
  unique(`${table}_workspace_id_key`).on(t.accountId, t.workspaceId, t.id),
];

export const cbeYears = pgTable(
  'cbe_years',
  {
    ...base(),
    name: text('name').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
  },
  (t) => [
    ...keys('cbe_years', t),
    uniqueIndex('cbe_years_name_key').on(t.accountId, t.workspaceId, sql`lower(${t.name})`),
    check('cbe_years_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

export const cbeTerms = pgTable(
  'cbe_terms',
  {
    ...base(),
    yearId: uuid('year_id').notNull(),
    name: text('name').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
  },
  (t) => [
    ...keys('cbe_terms', t),
    sameWorkspaceFk('cbe_terms_year_fk', t, t.yearId, cbeYears).onDelete('cascade'),
    uniqueIndex('cbe_terms_name_key').on(t.accountId, t.yearId, sql`lower(${t.name})`),
    index('cbe_terms_dates_idx').on(t.accountId, t.workspaceId, t.startsOn),
    check('cbe_terms_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

export const cbeGrades = pgTable(
  'cbe_grades',
  { ...base(), name: text('name').notNull(), level: integer('level').notNull().default(0) },
  (t) => [
    ...keys('cbe_grades', t),
    uniqueIndex('cbe_grades_name_key').on(t.accountId, t.workspaceId, sql`lower(${t.name})`),
  ],
);

/** The module's teachers: workspace members the school assigns as teachers (no core 'teacher' role). */
export const cbeTeachers = pgTable(
  'cbe_teachers',
  {
    ...base(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    ...keys('cbe_teachers', t),
    uniqueIndex('cbe_teachers_user_key').on(t.accountId, t.workspaceId, t.userId),
  ],
);

export const cbeClasses = pgTable(
  'cbe_classes',
  {
    ...base(),
    gradeId: uuid('grade_id').notNull(),
    name: text('name').notNull(),
    teacherId: uuid('teacher_id'),
  },
  (t) => [
    ...keys('cbe_classes', t),
    sameWorkspaceFk('cbe_classes_grade_fk', t, t.gradeId, cbeGrades),
    sameWorkspaceFk('cbe_classes_teacher_fk', t, t.teacherId, cbeTeachers),
    uniqueIndex('cbe_classes_name_key').on(t.accountId, t.workspaceId, t.gradeId, sql`lower(${t.name})`),
  ],
);

export const cbeLearningAreas = pgTable(
  'cbe_learning_areas',
  { ...base(), gradeId: uuid('grade_id').notNull(), name: text('name').notNull() },
  (t) => [
    ...keys('cbe_learning_areas', t),
    sameWorkspaceFk('cbe_learning_areas_grade_fk', t, t.gradeId, cbeGrades),
    uniqueIndex('cbe_learning_areas_name_key').on(
      t.accountId,
      t.workspaceId,
      t.gradeId,
      sql`lower(${t.name})`,
    ),
  ],
);

export const cbeStrands = pgTable(
  'cbe_strands',
  { ...base(), learningAreaId: uuid('learning_area_id').notNull(), name: text('name').notNull() },
  (t) => [
    ...keys('cbe_strands', t),
    sameWorkspaceFk('cbe_strands_area_fk', t, t.learningAreaId, cbeLearningAreas).onDelete('cascade'),
    uniqueIndex('cbe_strands_name_key').on(t.accountId, t.learningAreaId, sql`lower(${t.name})`),
  ],
);

export const cbeSubStrands = pgTable(
  'cbe_sub_strands',
  { ...base(), strandId: uuid('strand_id').notNull(), name: text('name').notNull() },
  (t) => [
    ...keys('cbe_sub_strands', t),
    sameWorkspaceFk('cbe_sub_strands_strand_fk', t, t.strandId, cbeStrands).onDelete('cascade'),
    uniqueIndex('cbe_sub_strands_name_key').on(t.accountId, t.strandId, sql`lower(${t.name})`),
  ],
);

export const cbeStudents = pgTable(
  'cbe_students',
  {
    ...base(),
    admissionNo: text('admission_no').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    classId: uuid('class_id').notNull(),
    status: text('status', { enum: CBE_STUDENT_STATUSES }).notNull().default('active'),
    /** The version an edit is made against (decision 039): every edit, guardians included, moves it. */
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    ...keys('cbe_students', t),
    sameWorkspaceFk('cbe_students_class_fk', t, t.classId, cbeClasses),
    // One admission number per workspace, whatever the case.
    uniqueIndex('cbe_students_admission_key').on(t.accountId, t.workspaceId, sql`lower(${t.admissionNo})`),
    index('cbe_students_class_idx').on(t.accountId, t.classId, t.lastName, t.firstName),
    // The list's order (last name, first name, whatever the case).
    index('cbe_students_name_idx').on(
      t.accountId,
      t.workspaceId,
      sql`lower(${t.lastName})`,
      sql`lower(${t.firstName})`,
      t.id,
    ),
    check('cbe_students_status_check', sql`${t.status} in (${inList(CBE_STUDENT_STATUSES)})`),
  ],
);

export const cbeGuardians = pgTable(
  'cbe_guardians',
  {
    ...base(),
    studentId: uuid('student_id').notNull(),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    phone: text('phone'),
    /** Lower case: a customer sees the students whose guardian's e-mail is their user's. */
    email: text('email'),
  },
  (t) => [
    ...keys('cbe_guardians', t),
    sameWorkspaceFk('cbe_guardians_student_fk', t, t.studentId, cbeStudents).onDelete('cascade'),
    index('cbe_guardians_student_idx').on(t.accountId, t.studentId, t.position),
    index('cbe_guardians_email_idx').on(t.accountId, t.workspaceId, t.email),
  ],
);

/** One mark per student per day; `notified_at`: the guardians were mailed of the absence (once). */
export const cbeAttendance = pgTable(
  'cbe_attendance',
  {
    ...base(),
    studentId: uuid('student_id').notNull(),
    classId: uuid('class_id').notNull(),
    day: date('day').notNull(),
    mark: text('mark', { enum: CBE_MARKS }).notNull(),
    reason: text('reason'),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    notifiedAt: timestamptz('notified_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    ...keys('cbe_attendance', t),
    sameWorkspaceFk('cbe_attendance_student_fk', t, t.studentId, cbeStudents).onDelete('cascade'),
    sameWorkspaceFk('cbe_attendance_class_fk', t, t.classId, cbeClasses).onDelete('cascade'),
    uniqueIndex('cbe_attendance_student_day_key').on(t.accountId, t.studentId, t.day),
    index('cbe_attendance_class_day_idx').on(t.accountId, t.workspaceId, t.classId, t.day),
    check('cbe_attendance_mark_check', sql`${t.mark} in (${inList(CBE_MARKS)})`),
  ],
);

/** One level per student per sub-strand per term. */
export const cbeAssessments = pgTable(
  'cbe_assessments',
  {
    ...base(),
    studentId: uuid('student_id').notNull(),
    subStrandId: uuid('sub_strand_id').notNull(),
    termId: uuid('term_id').notNull(),
    level: text('level', { enum: CBE_LEVELS }).notNull(),
    comment: text('comment'),
    assessedBy: uuid('assessed_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    ...keys('cbe_assessments', t),
    sameWorkspaceFk('cbe_assessments_student_fk', t, t.studentId, cbeStudents).onDelete('cascade'),
    sameWorkspaceFk('cbe_assessments_sub_strand_fk', t, t.subStrandId, cbeSubStrands).onDelete('cascade'),
    sameWorkspaceFk('cbe_assessments_term_fk', t, t.termId, cbeTerms).onDelete('cascade'),
    uniqueIndex('cbe_assessments_key').on(t.accountId, t.studentId, t.subStrandId, t.termId),
    index('cbe_assessments_term_idx').on(t.accountId, t.workspaceId, t.termId),
    check('cbe_assessments_level_check', sql`${t.level} in (${inList(CBE_LEVELS)})`),
  ],
);

/** The class teacher's remarks on a student's term, for the report card. */
export const cbeRemarks = pgTable(
  'cbe_remarks',
  {
    ...base(),
    studentId: uuid('student_id').notNull(),
    termId: uuid('term_id').notNull(),
    remarks: text('remarks'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    ...keys('cbe_remarks', t),
    sameWorkspaceFk('cbe_remarks_student_fk', t, t.studentId, cbeStudents).onDelete('cascade'),
    sameWorkspaceFk('cbe_remarks_term_fk', t, t.termId, cbeTerms).onDelete('cascade'),
    uniqueIndex('cbe_remarks_key').on(t.accountId, t.studentId, t.termId),
  ],
);

export const cbeFeeStructures = pgTable(
  'cbe_fee_structures',
  {
    ...base(),
    gradeId: uuid('grade_id').notNull(),
    termId: uuid('term_id').notNull(),
    amount: decimal('amount').notNull(),
    description: text('description'),
    /** The version an edit is made against (decision 039). */
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    ...keys('cbe_fee_structures', t),
    sameWorkspaceFk('cbe_fee_structures_grade_fk', t, t.gradeId, cbeGrades).onDelete('cascade'),
    sameWorkspaceFk('cbe_fee_structures_term_fk', t, t.termId, cbeTerms).onDelete('cascade'),
    uniqueIndex('cbe_fee_structures_key').on(t.accountId, t.workspaceId, t.gradeId, t.termId),
    check('cbe_fee_structures_amount_check', sql`${t.amount} > 0`),
  ],
);

/** A student's bill for a term; `paid` moves only with a payment, under the invoice's row lock. */
export const cbeInvoices = pgTable(
  'cbe_invoices',
  {
    ...base(),
    studentId: uuid('student_id').notNull(),
    termId: uuid('term_id').notNull(),
    amount: decimal('amount').notNull(),
    paid: decimal('paid').notNull().default('0'),
    issuedOn: date('issued_on').notNull(),
  },
  (t) => [
    ...keys('cbe_invoices', t),
    sameWorkspaceFk('cbe_invoices_student_fk', t, t.studentId, cbeStudents).onDelete('cascade'),
    sameWorkspaceFk('cbe_invoices_term_fk', t, t.termId, cbeTerms).onDelete('cascade'),
    uniqueIndex('cbe_invoices_student_term_key').on(t.accountId, t.studentId, t.termId),
    index('cbe_invoices_term_idx').on(t.accountId, t.workspaceId, t.termId),
    // The list's order, newest issue day first (a day's invoices then sorted by name).
    index('cbe_invoices_issued_idx').on(t.accountId, t.workspaceId, t.issuedOn),
    check('cbe_invoices_paid_check', sql`${t.paid} >= 0 and ${t.paid} <= ${t.amount}`),
  ],
);

export const cbePayments = pgTable(
  'cbe_payments',
  {
    ...base(),
    invoiceId: uuid('invoice_id').notNull(),
    studentId: uuid('student_id').notNull(),
    amount: decimal('amount').notNull(),
    paidOn: date('paid_on').notNull(),
    method: text('method', { enum: CBE_PAYMENT_METHODS }).notNull(),
    reference: text('reference'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    ...keys('cbe_payments', t),
    sameWorkspaceFk('cbe_payments_invoice_fk', t, t.invoiceId, cbeInvoices).onDelete('cascade'),
    sameWorkspaceFk('cbe_payments_student_fk', t, t.studentId, cbeStudents).onDelete('cascade'),
    index('cbe_payments_student_idx').on(t.accountId, t.studentId, t.paidOn),
    index('cbe_payments_day_idx').on(t.accountId, t.workspaceId, t.paidOn),
    check('cbe_payments_amount_check', sql`${t.amount} > 0`),
    check('cbe_payments_method_check', sql`${t.method} in (${inList(CBE_PAYMENT_METHODS)})`),
  ],
);

/** The school's settings: one row per workspace, written on first save (none: the defaults). */
export const cbeSettings = pgTable(
  'cbe_settings',
  {
    accountId: uuid('account_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    /** The school's day for "today" (the dashboard, the sample month). */
    timeZone: text('time_zone').notNull().default(CBE_TIME_ZONE),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'cbe_settings_pkey', columns: [t.accountId, t.workspaceId] }),
    workspaceFk('cbe_settings_workspace_fk', t.accountId, t.workspaceId),
  ],
);

/** Every table of the module, children first: the order "Clear sample data" deletes in. */
export const CBE_TABLES = [
  cbePayments,
  cbeInvoices,
  cbeFeeStructures,
  cbeRemarks,
  cbeAssessments,
  cbeAttendance,
  cbeGuardians,
  cbeStudents,
  cbeSubStrands,
  cbeStrands,
  cbeLearningAreas,
  cbeClasses,
  cbeTeachers,
  cbeGrades,
  cbeTerms,
  cbeYears,
] as const;
