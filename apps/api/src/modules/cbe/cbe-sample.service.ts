import { type CbeLevel, type CbeMark, cbeMessages, isCbeSchoolDay } from '@workhub/shared/schemas/cbe';
import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { conflict, isForeignKeyViolation } from '../../lib/app-error.ts';
import { takeSampleLoadTurn } from '../../lib/sample-data.ts';
import {
  CBE_TABLES,
  cbeAssessments,
  cbeAttendance,
  cbeClasses,
  cbeFeeStructures,
  cbeGrades,
  cbeGuardians,
  cbeInvoices,
  cbeLearningAreas,
  cbePayments,
  cbeRemarks,
  cbeStrands,
  cbeStudents,
  cbeSubStrands,
  cbeTeachers,
  cbeTerms,
  cbeYears,
} from './cbe.schema.ts';
import { schoolToday } from './cbe-settings.service.ts';

const DAY_MS = 86_400_000;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A small deterministic generator (mulberry32): the same sample every time. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Amani',
  'Baraka',
  'Chebet',
  'Daudi',
  'Esther',
  'Faith',
  'Gitau',
  'Halima',
  'Imani',
  'Jabari',
  'Kendi',
  'Lulu',
];
const LAST = [
  'Kamau',
  'Otieno',
  'Wanjiru',
  'Mutua',
  'Achieng',
  'Kiprop',
  'Njoroge',
  'Wambui',
  'Omondi',
  'Chege',
];
const GUARDIAN = ['Grace', 'Peter', 'Mary', 'Joseph', 'Ann', 'David', 'Ruth', 'Samuel'];

const RUBRIC = [
  {
    area: 'Mathematics',
    strands: [
      { name: 'Numbers', subs: ['Whole numbers', 'Fractions'] },
      { name: 'Measurement', subs: ['Length', 'Money'] },
    ],
  },
  {
    area: 'English',
    strands: [
      { name: 'Listening and speaking', subs: ['Pronunciation', 'Oral fluency'] },
      { name: 'Reading', subs: ['Comprehension'] },
    ],
  },
  {
    area: 'Science and Technology',
    strands: [{ name: 'Living things', subs: ['Plants', 'Animals'] }],
  },
] as const;

const CLASSES = [
  { grade: 'Grade 4', level: 4, stream: 'East', fee: '18500' },
  { grade: 'Grade 4', level: 4, stream: 'West', fee: '18500' },
  { grade: 'Grade 5', level: 5, stream: 'East', fee: '19750' },
] as const;

const ABSENT_REASONS = ['Sick', 'Family event', 'Hospital visit', null];
const LATE_REASONS = ['Traffic', 'Rain', 'Bus late', null];

/**
 * "Load sample data": a realistic month of a school on an empty CBE module. The term began 30
 * days before the school's today; a grade 4 with two streams and a grade 5 of 8 students each, a
 * rubric of three learning areas, every school day's register up to today, a level for every
 * sub-strand, the term's invoices and a month of payments (some students in arrears). Every row is
 * marked `sample`; "Clear sample data" deletes exactly the marked rows (and, through the foreign
 * keys, anything later recorded against them: a mark on a sample student, a payment on a sample
 * invoice).
 */
export function createCbeSampleService(ctx: Ctx) {
  const { db } = ctx;

  return {
    async load(scope: WorkspaceScope) {
      await takeSampleLoadTurn(db, 'cbe', scope);
      const [existing] = await db
        .select({
          n: sql<number>`(select count(*) from ${cbeYears} where ${scope.workspace(cbeYears)}) + (select count(*) from ${cbeGrades} where ${scope.workspace(cbeGrades)}) + (select count(*) from ${cbeStudents} where ${scope.workspace(cbeStudents)})`.mapWith(
            Number,
          ),
        })
        .from(sql`(select 1) as one`);
      if ((existing?.n ?? 0) > 0) throw conflict(cbeMessages.sampleNotEmpty);
      const rand = random(20260105);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
      const values = { ...scope.workspaceValues(), sample: true };
      const today = await schoolToday(ctx, scope);
      const termStart = addDays(today, -30);
      const year = termStart.slice(0, 4);
      const termEnd = addDays(today, 60) > `${year}-12-31` ? `${year}-12-31` : addDays(today, 60);

      const [yearRow] = await db
        .insert(cbeYears)
        .values({ ...values, name: `${year} (sample)`, startsOn: `${year}-01-01`, endsOn: `${year}-12-31` })
        .returning();
      if (!yearRow) throw new Error('sample year not written');
      const [term] = await db
        .insert(cbeTerms)
        .values({
          ...values,
          yearId: yearRow.id,
          name: 'Term (sample)',
          startsOn: termStart,
          endsOn: termEnd,
        })
        .returning();
      if (!term) throw new Error('sample term not written');

      // The caller teaches 4 East (as a teacher of the school already, or made one as sample).
      await db
        .insert(cbeTeachers)
        .values({ ...values, userId: scope.auth.user_id })
        .onConflictDoNothing();
      const [teacher] = await db
        .select({ id: cbeTeachers.id })
        .from(cbeTeachers)
        .where(and(scope.workspace(cbeTeachers), eq(cbeTeachers.userId, scope.auth.user_id)));

      const grades = new Map<string, string>();
      for (const c of CLASSES) {
        if (grades.has(c.grade)) continue;
        const [grade] = await db
          .insert(cbeGrades)
          .values({ ...values, name: c.grade, level: c.level })
          .returning();
        if (!grade) throw new Error('sample grade not written');
        grades.set(c.grade, grade.id);
        await db.insert(cbeFeeStructures).values({
          ...values,
          gradeId: grade.id,
          termId: term.id,
          amount: c.fee,
          description: 'Tuition, lunch and activity fee',
        });
      }

      // The rubric of each grade: area -> strand -> sub-strands.
      const subStrandsOf = new Map<string, { id: string; area: number }[]>();
      for (const [gradeName, gradeId] of grades) {
        const subs: { id: string; area: number }[] = [];
        for (const [areaIndex, spec] of RUBRIC.entries()) {
          const [area] = await db
            .insert(cbeLearningAreas)
            .values({ ...values, gradeId, name: spec.area })
            .returning({ id: cbeLearningAreas.id });
          if (!area) throw new Error('sample area not written');
          for (const strandSpec of spec.strands) {
            const [strand] = await db
              .insert(cbeStrands)
              .values({ ...values, learningAreaId: area.id, name: strandSpec.name })
              .returning({ id: cbeStrands.id });
            if (!strand) throw new Error('sample strand not written');
            const written = await db
              .insert(cbeSubStrands)
              .values(strandSpec.subs.map((name) => ({ ...values, strandId: strand.id, name })))
              .returning({ id: cbeSubStrands.id });
            subs.push(...written.map((w) => ({ id: w.id, area: areaIndex })));
          }
        }
        subStrandsOf.set(gradeName, subs);
      }

      const schoolDays: string[] = [];
      for (let day = termStart; day <= today; day = addDays(day, 1)) {
        if (isCbeSchoolDay(day)) schoolDays.push(day);
      }

      let admission = 1001;
      const attendance: (typeof cbeAttendance.$inferInsert)[] = [];
      const assessments: (typeof cbeAssessments.$inferInsert)[] = [];
      const payments: {
        studentId: string;
        invoiceId: string;
        amount: string;
        paidOn: string;
        method: 'mpesa' | 'bank' | 'cash';
      }[] = [];
      for (const [classIndex, c] of CLASSES.entries()) {
        const gradeId = grades.get(c.grade) as string;
        const [klass] = await db
          .insert(cbeClasses)
          .values({
            ...values,
            gradeId,
            name: c.stream,
            teacherId: classIndex === 0 ? (teacher?.id ?? null) : null,
          })
          .returning({ id: cbeClasses.id });
        if (!klass) throw new Error('sample class not written');
        for (let i = 0; i < 8; i++) {
          const first = FIRST[(classIndex * 8 + i) % FIRST.length] as string;
          const last = LAST[(classIndex * 3 + i * 7) % LAST.length] as string;
          const [student] = await db
            .insert(cbeStudents)
            .values({
              ...values,
              admissionNo: `S-${admission++}`,
              firstName: first,
              lastName: last,
              classId: klass.id,
            })
            .returning({ id: cbeStudents.id });
          if (!student) throw new Error('sample student not written');
          const guardian = `${pick(GUARDIAN)} ${last}`;
          await db.insert(cbeGuardians).values({
            ...values,
            studentId: student.id,
            name: guardian,
            phone: `+2547${String(10000000 + Math.floor(rand() * 89999999))}`,
            email: `${guardian.toLowerCase().replace(/\s+/g, '.')}.${admission}@example.com`,
          });
          // Ability: most students meet expectations; two per class struggle.
          const ability = i >= 6 ? 1.2 : 2 + rand() * 2;
          for (const day of schoolDays) {
            const r = rand();
            const mark: CbeMark = r < 0.05 ? 'absent' : r < 0.1 ? 'late' : 'present';
            attendance.push({
              ...values,
              studentId: student.id,
              classId: klass.id,
              day,
              mark,
              reason: mark === 'absent' ? pick(ABSENT_REASONS) : mark === 'late' ? pick(LATE_REASONS) : null,
              // A sample absence is history: no guardian is mailed for it.
              notifiedAt: mark === 'absent' ? new Date(`${day}T08:00:00Z`) : null,
            });
          }
          for (const sub of subStrandsOf.get(c.grade) ?? []) {
            const score = Math.max(1, Math.min(4, Math.round(ability + (rand() - 0.5) * 1.2)));
            const level: CbeLevel =
              (['below', 'approaching', 'meeting', 'exceeding'] as const)[score - 1] ?? 'meeting';
            assessments.push({
              ...values,
              studentId: student.id,
              subStrandId: sub.id,
              termId: term.id,
              level,
              comment:
                level === 'below'
                  ? 'Needs support at home and in class'
                  : level === 'exceeding'
                    ? 'Excellent work'
                    : null,
            });
          }
          if (i === 0) {
            await db.insert(cbeRemarks).values({
              ...values,
              studentId: student.id,
              termId: term.id,
              remarks: `${first} participates well and is a good friend to classmates.`,
            });
          }
          const [invoice] = await db
            .insert(cbeInvoices)
            .values({ ...values, studentId: student.id, termId: term.id, amount: c.fee, issuedOn: termStart })
            .returning({ id: cbeInvoices.id });
          if (!invoice) throw new Error('sample invoice not written');
          // Payment behaviour: most pay in full over the month, some part, a few nothing yet.
          const share = i === 7 ? 0 : i >= 5 ? 0.5 : 1;
          const instalments = share === 0 ? 0 : 1 + Math.floor(rand() * 3);
          const total = Math.floor((Number(c.fee) * share) / 50) * 50;
          for (let k = 0; k < instalments; k++) {
            const amount =
              k === instalments - 1
                ? total - Math.floor(total / instalments / 50) * 50 * k
                : Math.floor(total / instalments / 50) * 50;
            const paidOn =
              schoolDays[
                Math.min(schoolDays.length - 1, Math.floor(((k + rand()) / instalments) * schoolDays.length))
              ] ?? termStart;
            payments.push({
              studentId: student.id,
              invoiceId: invoice.id,
              amount: String(amount),
              paidOn,
              method: pick(['mpesa', 'bank', 'cash'] as const),
            });
          }
        }
      }
      for (let i = 0; i < attendance.length; i += 500)
        await db.insert(cbeAttendance).values(attendance.slice(i, i + 500));
      for (let i = 0; i < assessments.length; i += 500)
        await db.insert(cbeAssessments).values(assessments.slice(i, i + 500));
      if (payments.length > 0) {
        await db.insert(cbePayments).values(
          payments.map((p, n) => ({
            ...values,
            ...p,
            reference: p.method === 'cash' ? null : `SMP${1000 + n}`,
          })),
        );
        // Each invoice's `paid` is the sum of its payments, as a recorded payment keeps it.
        await db.execute(sql`
          update ${cbeInvoices} set paid = coalesce((
            select sum(${cbePayments.amount}) from ${cbePayments}
            where ${cbePayments.accountId} = ${cbeInvoices.accountId} and ${cbePayments.invoiceId} = ${cbeInvoices.id}
          ), 0)
          where ${scope.workspace(cbeInvoices)} and ${cbeInvoices.sample}`);
      }
      return {
        students: admission - 1001,
        attendance: attendance.length,
        assessments: assessments.length,
        payments: payments.length,
      };
    },

    /**
     * Deletes exactly the rows "Load sample data" wrote (children first). A record of the user's
     * own that a sample row holds up (a class of theirs in a sample grade, a student of theirs in a
     * sample class) stops it: 409, and nothing is deleted (the request's transaction rolls back).
     */
    async clear(scope: WorkspaceScope) {
      let removed = 0;
      try {
        for (const table of CBE_TABLES) {
          const rows = await db
            .delete(table)
            .where(and(scope.workspace(table), eq(table.sample, true)))
            .returning({ id: table.id });
          removed += rows.length;
        }
      } catch (err) {
        if (isForeignKeyViolation(err)) throw conflict(cbeMessages.sampleInUse);
        throw err;
      }
      return { removed };
    },
  };
}

export type CbeSampleService = ReturnType<typeof createCbeSampleService>;
