// The CBE School module's contract (issue 15, docs/api.md 'CBE School'): its values, and the bodies,
// queries and answers of years, terms, grades, classes, learning areas, students, teachers, the
// register, the gradebook, fees and the dashboard. Money: decimal.ts (numeric(14,4), strings), at most
// 2 decimals in a body (cbeAmount).

import { z } from 'zod';
import { messages } from '../messages.ts';
import {
  calendarDate,
  emailField,
  idField,
  int32,
  isTimeZone,
  nullableMultilineText,
  nullablePhone,
  nullableText,
  optionalIdField,
  paginationQuery,
  plainText,
  requiredString,
} from './common.ts';
import { decimalString, parseDecimal } from './decimal.ts';

// ---------------------------------------------------------------- values (the database checks them too)

/** The four performance levels of a competence-based rubric, best first. */
export const CBE_LEVELS = ['exceeding', 'meeting', 'approaching', 'below'] as const;
export type CbeLevel = (typeof CBE_LEVELS)[number];
export const CBE_LEVEL_LABELS: Record<CbeLevel, string> = {
  exceeding: 'Exceeding Expectation',
  meeting: 'Meeting Expectation',
  approaching: 'Approaching Expectation',
  below: 'Below Expectation',
};

/** A register mark: a late or absent mark may carry a reason. */
export const CBE_MARKS = ['present', 'late', 'absent'] as const;
export type CbeMark = (typeof CBE_MARKS)[number];

export const CBE_STUDENT_STATUSES = ['active', 'left'] as const;
export type CbeStudentStatus = (typeof CBE_STUDENT_STATUSES)[number];

export const CBE_PAYMENT_METHODS = ['cash', 'mpesa', 'bank', 'cheque'] as const;
export type CbePaymentMethod = (typeof CBE_PAYMENT_METHODS)[number];
/** A payment method as people read it (the payments list, the payment form, a guardian's statement). */
export const CBE_PAYMENT_METHOD_LABELS: Record<CbePaymentMethod, string> = {
  cash: 'Cash',
  mpesa: 'M-Pesa',
  bank: 'Bank',
  cheque: 'Cheque',
};

/** The default of a school's time zone (its day for "today"): East Africa, the model's. */
export const CBE_TIME_ZONE = 'Africa/Nairobi';

/**
 * The earliest payment date (as the operations module's ORDER_DATE_MIN bounds an order's date):
 * a typo such as 0001-01-01 is refused instead of showing on the statement before the invoice.
 */
export const CBE_PAYMENT_DATE_MIN = '2000-01-01';

/**
 * A school day: Monday to Friday ('YYYY-MM-DD', a calendar day wherever this runs). The register
 * is marked on school days only, and the sample data's registers are those of school days.
 */
export const isCbeSchoolDay = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

export const cbeMessages = {
  nameRequired: 'Enter a name',
  nameTaken: 'That name is already used here',
  datesOrder: 'The end date must be on or after the start date',
  termOutsideYear: 'The term must lie within its academic year',
  yearOffItsTerms:
    "A term of this year falls outside these dates: move or delete the term first, or keep the year's dates around it",
  yearRequired: 'Choose an academic year',
  termRequired: 'Choose a term',
  gradeRequired: 'Choose a grade',
  classRequired: 'Choose a class',
  learningAreaRequired: 'Choose a learning area',
  strandRequired: 'Choose a strand',
  unknownRecord: 'That record does not exist in this workspace',
  notAMember: 'That person is not an active member of this workspace',
  teacherTaken: 'That member is already a teacher',
  admissionRequired: 'Enter the admission number',
  admissionTaken: 'That admission number is already used',
  firstNameRequired: 'Enter the first name',
  lastNameRequired: 'Enter the last name',
  guardianNameRequired: "Enter the guardian's name",
  guardiansTooMany: 'At most 4 guardians',
  dayRequired: 'Choose a day',
  markInvalid: 'A mark is present, late or absent',
  levelInvalid: 'A level is exceeding, meeting, approaching or below',
  commentNeedsLevel: 'A comment needs a level: choose one, or clear the comment to remove the assessment',
  studentNotInClass: 'That student is not in this class',
  subStrandNotInArea: 'That sub-strand is not in this learning area',
  duplicateStudent: 'A student appears twice in the request',
  duplicateEntry: 'An entry appears twice in the request',
  feeTaken: 'This grade already has a fee structure for that term',
  noFeeStructure: "This class's grade has no fee structure for that term",
  amountRequired: 'Enter the amount',
  amountCents: 'The amount can have at most 2 decimals (cents), e.g. 1250.50',
  amountMinimum: 'The amount must be at least 0.01',
  overpaid: 'The payment is more than the balance of the invoice',
  paidOnFuture: 'The payment date cannot be after today',
  /** CBE_PAYMENT_DATE_MIN: a typo such as 0001-01-01 is refused, not put before every invoice. */
  paidOnTooEarly: 'The payment date cannot be before 1 Jan 2000',
  registerDayFuture: "The register cannot be marked for a day that hasn't come yet",
  registerDayOutsideTerm:
    "The register can be marked only on a day within a term of one of the school's academic years",
  registerDayWeekend: 'The register cannot be marked on a Saturday or Sunday: those are not school days',
  termOverlap: 'The dates overlap another term of this academic year',
  sampleNotEmpty: 'The sample data can be loaded only into an empty school',
  timeZoneInvalid: 'Not a known time zone (e.g. Africa/Nairobi)',
  sampleLoaded: 'Sample data loaded',
  sampleCleared: 'Sample data cleared',
  sampleInUse:
    'Records of your own use the sample data (a class in a sample grade, a student in a sample class...): move or change them first',
  created: 'Created',
  paymentRecorded: 'Payment recorded',
  saved: 'Saved',
  deleted: 'Deleted',
  // A set-up record in use is kept (409): the school's real records are never deleted with it.
  yearInUse:
    'This academic year is in use: its terms have fee structures, invoices, levels or remarks. It cannot be deleted.',
  termInUse: 'This term is in use: it has fee structures, invoices, levels or remarks. It cannot be deleted.',
  gradeInUse: 'This grade is in use: it has classes, learning areas or fee structures. Delete those first.',
  classInUse:
    'This class is in use: it has students or attendance records. Move its students to another class first.',
  learningAreaInUse:
    'Levels are recorded under this learning area: it cannot be deleted while the gradebook holds them.',
  strandInUse: 'Levels are recorded under this strand: it cannot be deleted while the gradebook holds them.',
  subStrandInUse:
    'Levels are recorded for this sub-strand: it cannot be deleted while the gradebook holds them.',
  teacherRemoved: 'Teacher removed',
  feeStructureInUse:
    "Invoices were issued at this fee to the grade's students for this term: it cannot be deleted.",
  // An edit that would move what real records hang on (409, as the delete): a rename stays allowed.
  feeStructureLocked:
    "Invoices were issued at this fee to the grade's students for this term: its grade, term and amount cannot be changed (its description can).",
  learningAreaMoveInUse:
    'Levels are recorded under this learning area: it cannot be moved to another grade while the gradebook holds them (it can be renamed).',
  strandMoveInUse:
    'Levels are recorded under this strand: it cannot be moved to another learning area while the gradebook holds them (it can be renamed).',
  subStrandMoveInUse:
    'Levels are recorded for this sub-strand: it cannot be moved to another strand while the gradebook holds them (it can be renamed).',
} as const;

/**
 * A teacher who is a class teacher is kept (409): the classes are named, so the school knows what
 * to change first (Classes tab: another class teacher, or none).
 */
export const cbeTeacherInUse = (classes: readonly string[]) =>
  `This teacher is the class teacher of ${classes.join(', ')}: choose another class teacher for ${
    classes.length === 1 ? 'that class' : 'those classes'
  } first (Classes tab), then remove the teacher.`;

// ---------------------------------------------------------------- shared pieces

const name = (max = 120) => requiredString(cbeMessages.nameRequired, max);
const day = (message: string = cbeMessages.dayRequired) => calendarDate(message);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A school's money amount (a fee, a payment): a decimal of at least 0.01 with at most 2 decimals.
 * The columns are numeric(14,4), but a third decimal is a fraction of a cent no one can pay:
 * 1000.005 showed as 1,000.01 and left a balance that paying the shown figure could never clear.
 * The API's own '15000.5000' is accepted back (the canonical value drops trailing zeros).
 */
const cbeAmount = () =>
  z
    .union([z.string(), z.number()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? cbeMessages.amountRequired
          : messages.decimalInvalid,
    })
    .transform((input, ctx) => {
      const refuse = (message: string) => {
        ctx.addIssue({ code: 'custom', message, input });
        return z.NEVER;
      };
      if (typeof input === 'string' && input.trim() === '') return refuse(cbeMessages.amountRequired);
      const parsed = parseDecimal(input);
      if ('error' in parsed)
        return refuse(parsed.error === messages.decimalScale ? cbeMessages.amountCents : parsed.error);
      // Canonical text: no sign but '-', no trailing zeros ('0.001', '0', '-5').
      if (parsed.value.startsWith('-') || /^0(\.00\d*)?$/.test(parsed.value))
        return refuse(cbeMessages.amountMinimum);
      if (/\.\d{3}/.test(parsed.value)) return refuse(cbeMessages.amountCents);
      return parsed.value;
    });

export const cbeIdParam = z.object({ id: idField() });
export const cbeListQuery = paginationQuery.extend({ q: plainText(100).optional() });

const stamp = { id: z.string(), created_at: z.string() };

// ---------------------------------------------------------------- years and terms

export const cbeYearBody = z
  .object({ name: name(60), starts_on: day(), ends_on: day() })
  .refine((v) => v.ends_on >= v.starts_on, { error: cbeMessages.datesOrder, path: ['ends_on'] });
export type CbeYearBody = z.input<typeof cbeYearBody>;
export const cbeYear = z.object({ ...stamp, name: z.string(), starts_on: z.string(), ends_on: z.string() });
export type CbeYear = z.infer<typeof cbeYear>;

export const cbeTermBody = z
  .object({ year_id: idField(cbeMessages.yearRequired), name: name(60), starts_on: day(), ends_on: day() })
  .refine((v) => v.ends_on >= v.starts_on, { error: cbeMessages.datesOrder, path: ['ends_on'] });
export type CbeTermBody = z.input<typeof cbeTermBody>;
/** The terms list's (and its export's) filters: q, and the year. */
export const cbeTermQuery = cbeListQuery.extend({ year_id: idField().optional() });
export const cbeTerm = z.object({
  ...stamp,
  year_id: z.string(),
  year_name: z.string(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
});
export type CbeTerm = z.infer<typeof cbeTerm>;

// ---------------------------------------------------------------- grades, classes, teachers

export const cbeGradeBody = z.object({ name: name(60), level: int32({ min: 0, max: 20 }).default(0) });
export type CbeGradeBody = z.input<typeof cbeGradeBody>;
export const cbeGrade = z.object({ ...stamp, name: z.string(), level: z.number().int() });
export type CbeGrade = z.infer<typeof cbeGrade>;

export const cbeTeacherBody = z.object({ user_id: idField() });
export const cbeTeacher = z.object({
  ...stamp,
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  /**
   * Still an active member of the workspace in a staff role: false once the member was made
   * inactive, removed from the team or made a customer or guest (shown marked, never as current).
   */
  active: z.boolean(),
});
export type CbeTeacher = z.infer<typeof cbeTeacher>;
/** A member who may be made a teacher: active, in a staff role, not one yet (searched by name or e-mail). */
export const cbeTeacherCandidate = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
});
export type CbeTeacherCandidate = z.infer<typeof cbeTeacherCandidate>;

export const cbeClassBody = z.object({
  grade_id: idField(cbeMessages.gradeRequired),
  name: name(60),
  /** '' is the form's "None yet". */
  teacher_id: optionalIdField(),
});
export type CbeClassBody = z.input<typeof cbeClassBody>;
export const cbeClass = z.object({
  ...stamp,
  grade_id: z.string(),
  grade_name: z.string(),
  name: z.string(),
  teacher_id: z.string().nullable(),
  teacher_name: z.string().nullable(),
  /** Whether the class teacher is still an active staff member (null: no class teacher). */
  teacher_active: z.boolean().nullable(),
  student_count: z.number().int(),
});
export type CbeClass = z.infer<typeof cbeClass>;
export const cbeClassListQuery = cbeListQuery.extend({ grade_id: idField().optional() });

// ---------------------------------------------------------------- learning areas, strands, sub-strands

export const cbeLearningAreaBody = z.object({ grade_id: idField(cbeMessages.gradeRequired), name: name() });
export const cbeLearningArea = z.object({
  ...stamp,
  grade_id: z.string(),
  grade_name: z.string(),
  name: z.string(),
});
export type CbeLearningArea = z.infer<typeof cbeLearningArea>;
export const cbeLearningAreaQuery = cbeListQuery.extend({ grade_id: idField().optional() });

export const cbeStrandBody = z.object({
  learning_area_id: idField(cbeMessages.learningAreaRequired),
  name: name(),
});
export const cbeStrand = z.object({ ...stamp, learning_area_id: z.string(), name: z.string() });
export type CbeStrand = z.infer<typeof cbeStrand>;
export const cbeStrandQuery = cbeListQuery.extend({ learning_area_id: idField().optional() });

export const cbeSubStrandBody = z.object({ strand_id: idField(cbeMessages.strandRequired), name: name() });
export const cbeSubStrand = z.object({ ...stamp, strand_id: z.string(), name: z.string() });
export type CbeSubStrand = z.infer<typeof cbeSubStrand>;
/** A strand's sub-strands, or a learning area's (all its strands'). */
export const cbeSubStrandQuery = cbeListQuery.extend({
  strand_id: idField().optional(),
  learning_area_id: idField().optional(),
});

// ---------------------------------------------------------------- students and guardians

export const cbeGuardianBody = z.object({
  name: requiredString(cbeMessages.guardianNameRequired, 120),
  phone: nullablePhone(),
  email: emailField
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
});
export type CbeGuardianBody = z.input<typeof cbeGuardianBody>;

export const cbeStudentBody = z.object({
  admission_no: requiredString(cbeMessages.admissionRequired, 40),
  first_name: requiredString(cbeMessages.firstNameRequired, 80),
  last_name: requiredString(cbeMessages.lastNameRequired, 80),
  class_id: idField(cbeMessages.classRequired),
  status: z.enum(CBE_STUDENT_STATUSES).default('active'),
  guardians: z.array(cbeGuardianBody).max(4, { error: cbeMessages.guardiansTooMany }).default([]),
});
export type CbeStudentBody = z.input<typeof cbeStudentBody>;

export const cbeGuardian = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export const cbeStudent = z.object({
  ...stamp,
  admission_no: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  grade_id: z.string(),
  status: z.enum(CBE_STUDENT_STATUSES),
  guardians: z.array(cbeGuardian),
  /** The student's version (its guardians are part of it): an edit sends it as If-Match. */
  updated_at: z.string(),
});
export type CbeStudent = z.infer<typeof cbeStudent>;
export const cbeStudentListQuery = cbeListQuery.extend({
  class_id: idField().optional(),
  grade_id: idField().optional(),
  status: z.enum(CBE_STUDENT_STATUSES).optional(),
});
export type CbeStudentListQuery = z.input<typeof cbeStudentListQuery>;

// ---------------------------------------------------------------- the register

export const cbeRegisterQuery = z.object({ date: day() });
export const cbeRegisterRow = z.object({
  student_id: z.string(),
  admission_no: z.string(),
  name: z.string(),
  mark: z.enum(CBE_MARKS).nullable(),
  reason: z.string().nullable(),
  notified: z.boolean(),
});
export const cbeRegister = z.object({
  class_id: z.string(),
  class_name: z.string(),
  date: z.string(),
  students: z.array(cbeRegisterRow),
});
export type CbeRegister = z.infer<typeof cbeRegister>;
/** Why a student was late or absent: at most this many characters. */
export const CBE_REGISTER_REASON_MAX = 200;
/** A late or absent student's reason, as the register's Save sends it (the web checks it first). */
export const cbeRegisterReason = nullableText(CBE_REGISTER_REASON_MAX);
export const cbeRegisterBody = z.object({
  date: day(),
  marks: z
    .array(
      z.object({
        student_id: idField(),
        mark: z.enum(CBE_MARKS, { error: cbeMessages.markInvalid }),
        reason: cbeRegisterReason,
      }),
    )
    .max(200),
});
export type CbeRegisterBody = z.input<typeof cbeRegisterBody>;

// ---------------------------------------------------------------- the gradebook

export const cbeGradebookQuery = z.object({
  learning_area_id: idField(cbeMessages.learningAreaRequired),
  term_id: idField(cbeMessages.termRequired),
});
export const cbeGradebook = z.object({
  class_id: z.string(),
  learning_area_id: z.string(),
  term_id: z.string(),
  strands: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      sub_strands: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
  students: z.array(
    z.object({
      id: z.string(),
      admission_no: z.string(),
      name: z.string(),
      /** The class teacher's remarks for the term (the report card's), where the Remarks dialog starts. */
      remarks: z.string().nullable(),
    }),
  ),
  entries: z.array(
    z.object({
      student_id: z.string(),
      sub_strand_id: z.string(),
      level: z.enum(CBE_LEVELS),
      comment: z.string().nullable(),
    }),
  ),
});
export type CbeGradebook = z.infer<typeof cbeGradebook>;
export const cbeGradebookBody = cbeGradebookQuery.extend({
  entries: z
    .array(
      z
        .object({
          student_id: idField(),
          sub_strand_id: idField(),
          level: z.enum(CBE_LEVELS, { error: cbeMessages.levelInvalid }).nullable(),
          comment: nullableMultilineText(500),
        })
        // `level: null` removes the assessment, and its comment with it: a comment sent alone was
        // answered 'Saved' and not kept.
        .refine((entry) => entry.level !== null || entry.comment === null, {
          error: cbeMessages.commentNeedsLevel,
          path: ['comment'],
        }),
    )
    .max(2000),
});
export type CbeGradebookBody = z.input<typeof cbeGradebookBody>;

// ---------------------------------------------------------------- report cards

export const cbeReportParams = z.object({ id: idField(), term_id: idField() });
export const cbeRemarksBody = z.object({ remarks: nullableMultilineText(1000) });
export const cbeReportCard = z.object({
  student: z.object({ id: z.string(), name: z.string(), admission_no: z.string(), class_name: z.string() }),
  term: z.object({ id: z.string(), name: z.string(), year_name: z.string() }),
  areas: z.array(
    z.object({
      name: z.string(),
      strands: z.array(
        z.object({
          name: z.string(),
          sub_strands: z.array(
            z.object({
              name: z.string(),
              level: z.enum(CBE_LEVELS).nullable(),
              comment: z.string().nullable(),
            }),
          ),
        }),
      ),
    }),
  ),
  attendance: z.object({ present: z.number(), late: z.number(), absent: z.number() }),
  remarks: z.string().nullable(),
  class_teacher: z.string().nullable(),
});
export type CbeReportCard = z.infer<typeof cbeReportCard>;

// ---------------------------------------------------------------- fees

export const cbeFeeStructureBody = z.object({
  grade_id: idField(cbeMessages.gradeRequired),
  term_id: idField(cbeMessages.termRequired),
  amount: cbeAmount(),
  description: nullableMultilineText(200),
});
export type CbeFeeStructureBody = z.input<typeof cbeFeeStructureBody>;
export const cbeFeeStructure = z.object({
  ...stamp,
  grade_id: z.string(),
  grade_name: z.string(),
  term_id: z.string(),
  term_name: z.string(),
  amount: decimalString,
  description: z.string().nullable(),
  /** Invoices were issued at it: its grade, term and amount are kept (an edit of them is a 409, as its delete). */
  in_use: z.boolean(),
  /** The structure's version: an edit sends it as If-Match. */
  updated_at: z.string(),
});
export type CbeFeeStructure = z.infer<typeof cbeFeeStructure>;

export const cbeInvoiceGenerateBody = z.object({
  class_id: idField(cbeMessages.classRequired),
  term_id: idField(cbeMessages.termRequired),
});
export const cbeInvoice = z.object({
  ...stamp,
  student_id: z.string(),
  student_name: z.string(),
  admission_no: z.string(),
  term_id: z.string(),
  term_name: z.string(),
  amount: decimalString,
  paid: decimalString,
  balance: decimalString,
  issued_on: z.string(),
});
export type CbeInvoice = z.infer<typeof cbeInvoice>;
export const cbeInvoiceListQuery = cbeListQuery.extend({
  term_id: idField().optional(),
  class_id: idField().optional(),
  student_id: idField().optional(),
  unpaid: z.enum(['true', 'false']).optional(),
});
export type CbeInvoiceListQuery = z.input<typeof cbeInvoiceListQuery>;

export const cbePaymentBody = z.object({
  invoice_id: idField(),
  amount: cbeAmount(),
  // Only a day is compared (an empty or unreadable one has its own message).
  paid_on: day().refine((value) => !DAY.test(value) || value >= CBE_PAYMENT_DATE_MIN, {
    error: cbeMessages.paidOnTooEarly,
  }),
  method: z.enum(CBE_PAYMENT_METHODS).default('cash'),
  reference: nullableText(80),
});
export type CbePaymentBody = z.input<typeof cbePaymentBody>;
export const cbePayment = z.object({
  ...stamp,
  invoice_id: z.string(),
  student_id: z.string(),
  student_name: z.string(),
  amount: decimalString,
  paid_on: z.string(),
  method: z.enum(CBE_PAYMENT_METHODS),
  reference: z.string().nullable(),
});
export type CbePayment = z.infer<typeof cbePayment>;
export const cbePaymentListQuery = cbeListQuery.extend({ student_id: idField().optional() });

export const cbeStatement = z.object({
  student: z.object({ id: z.string(), name: z.string(), admission_no: z.string() }),
  lines: z.array(
    z.object({
      date: z.string(),
      kind: z.enum(['invoice', 'payment']),
      description: z.string(),
      debit: decimalString,
      credit: decimalString,
      balance: decimalString,
    }),
  ),
  balance: decimalString,
});
export type CbeStatement = z.infer<typeof cbeStatement>;

export const cbeArrear = z.object({
  student_id: z.string(),
  admission_no: z.string(),
  name: z.string(),
  class_name: z.string(),
  invoiced: decimalString,
  paid: decimalString,
  balance: decimalString,
});
export type CbeArrear = z.infer<typeof cbeArrear>;
export const cbeArrearsQuery = cbeListQuery.extend({ class_id: idField().optional() });

// ---------------------------------------------------------------- settings

export const cbeSettingsBody = z.object({
  time_zone: plainText(64)
    .min(1, { error: cbeMessages.timeZoneInvalid })
    .refine(isTimeZone, { error: cbeMessages.timeZoneInvalid }),
});
export type CbeSettingsBody = z.input<typeof cbeSettingsBody>;
/**
 * `today`: the school's day now, in its time zone (the register's and payment form's default and
 * latest day); `updated_at`: the settings' version (If-Match of an edit): last saved, or the
 * workspace's creation.
 */
export const cbeSettings = z.object({ time_zone: z.string(), today: z.string(), updated_at: z.string() });
export type CbeSettings = z.infer<typeof cbeSettings>;

// ---------------------------------------------------------------- dashboard and sample data

export const cbeDashboard = z.object({
  empty: z.boolean(),
  has_sample: z.boolean(),
  today: z.string(),
  term: z.object({ id: z.string(), name: z.string() }).nullable(),
  attendance: z.array(
    z.object({
      class_id: z.string(),
      class_name: z.string(),
      today_rate: z.number().nullable(),
      term_rate: z.number().nullable(),
    }),
  ),
  levels: z.array(
    z.object({
      learning_area: z.string(),
      exceeding: z.number(),
      meeting: z.number(),
      approaching: z.number(),
      below: z.number(),
    }),
  ),
  struggling: z.array(
    z.object({ student_id: z.string(), name: z.string(), class_name: z.string(), areas: z.number() }),
  ),
  // The fee figures: null to a caller without cbe:fees (a teacher: fees are the administration's).
  collection: z
    .array(z.object({ date: z.string(), expected: decimalString, collected: decimalString }))
    .nullable(),
  arrears: z.object({ students: z.number(), total: decimalString }).nullable(),
});
export type CbeDashboard = z.infer<typeof cbeDashboard>;
