import { can } from '@workhub/shared/permissions';
import type { CbeDashboard } from '@workhub/shared/schemas/cbe';
import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { rowsOf } from '../../db/rows.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import {
  cbeAssessments,
  cbeAttendance,
  cbeClasses,
  cbeGrades,
  cbeInvoices,
  cbeLearningAreas,
  cbePayments,
  cbeStrands,
  cbeStudents,
  cbeSubStrands,
  cbeTerms,
  cbeYears,
} from './cbe.schema.ts';
import { schoolToday } from './cbe-settings.service.ts';

/** A level's score: an area is "below expectation" for a student when the mean of their levels in it is under 1.5. */
const SCORE = sql`case ${cbeAssessments.level} when 'exceeding' then 4 when 'meeting' then 3 when 'approaching' then 2 else 1 end`;

/**
 * The CBE dashboard (GET /api/cbe/dashboard), every figure one SQL query over the workspace's
 * records, for the school's today (in its time zone, cbe-settings.ts) and its current term (the term whose dates hold
 * today, else the latest that has begun, else the latest):
 * - attendance rate per class, today and over the term so far: (present + late) / marked;
 * - levels per learning area in the term (a stacked bar each);
 * - students below expectation in two or more learning areas (mean level under 1.5 in each);
 * - fee collection against expected: per day of the term so far, the term's invoiced total issued
 *   by then (expected) and the payments on them made by then (collected), cumulative;
 * - arrears: students invoiced more than paid, and the total owed.
 * The two fee figures (collection, arrears) are the administration's: null, and never queried, for
 * a caller without cbe:fees (a member or worker, the school's teachers).
 */
export function createCbeDashboardService(ctx: Ctx) {
  const { db } = ctx;

  /** The term whose dates hold today, else the latest that has begun, else the latest: one query. */
  async function currentTerm(scope: WorkspaceScope, today: string) {
    const [term] = await db
      .select({ id: cbeTerms.id, name: cbeTerms.name, startsOn: cbeTerms.startsOn, endsOn: cbeTerms.endsOn })
      .from(cbeTerms)
      .where(scope.workspace(cbeTerms))
      .orderBy(
        desc(and(lte(cbeTerms.startsOn, today), gte(cbeTerms.endsOn, today)) as SQL),
        desc(lte(cbeTerms.startsOn, today)),
        desc(cbeTerms.startsOn),
      )
      .limit(1);
    return term ?? null;
  }

  return {
    async figures(scope: WorkspaceScope): Promise<CbeDashboard> {
      const today = await schoolToday(ctx, scope);
      const countIn = (table: typeof cbeYears | typeof cbeGrades | typeof cbeStudents) =>
        sql<number>`(select count(*) from ${table} where ${scope.workspace(table)})`.mapWith(Number);
      const [counts] = await db
        .select({
          years: countIn(cbeYears),
          grades: countIn(cbeGrades),
          students: countIn(cbeStudents),
          sample: sql<boolean>`exists (select 1 from ${cbeYears} where ${scope.workspace(cbeYears)} and ${cbeYears.sample})`,
        })
        .from(sql`(select 1) as one`);
      const empty = (counts?.years ?? 0) + (counts?.grades ?? 0) + (counts?.students ?? 0) === 0;
      const term = await currentTerm(scope, today);
      const termEnd = term ? (term.endsOn < today ? term.endsOn : today) : today;

      const rate = (from: string, to: string) =>
        sql<
          number | null
        >`round(100.0 * count(*) filter (where ${cbeAttendance.mark} <> 'absent' and ${cbeAttendance.day} between ${from} and ${to}) / nullif(count(*) filter (where ${cbeAttendance.day} between ${from} and ${to}), 0), 1)`.mapWith(
          (v) => (v === null ? null : Number(v)),
        );
      const attendance = await db
        .select({
          classId: cbeClasses.id,
          className: sql<string>`${cbeGrades.name} || ' ' || ${cbeClasses.name}`,
          todayRate: rate(today, today),
          termRate: rate(term?.startsOn ?? today, termEnd),
        })
        .from(cbeClasses)
        .innerJoin(
          cbeGrades,
          and(eq(cbeGrades.accountId, cbeClasses.accountId), eq(cbeGrades.id, cbeClasses.gradeId)),
        )
        .leftJoin(
          cbeAttendance,
          and(eq(cbeAttendance.accountId, cbeClasses.accountId), eq(cbeAttendance.classId, cbeClasses.id)),
        )
        .where(scope.workspace(cbeClasses))
        .groupBy(cbeClasses.id, cbeGrades.name, cbeGrades.level, cbeClasses.name)
        .orderBy(cbeGrades.level, sql`lower(${cbeGrades.name})`, sql`lower(${cbeClasses.name})`);

      const levelCount = (level: string) =>
        sql<number>`count(*) filter (where ${cbeAssessments.level} = ${level})`.mapWith(Number);
      const levels = term
        ? await db
            .select({
              area: sql<string>`${cbeLearningAreas.name} || ' (' || ${cbeGrades.name} || ')'`,
              exceeding: levelCount('exceeding'),
              meeting: levelCount('meeting'),
              approaching: levelCount('approaching'),
              below: levelCount('below'),
            })
            .from(cbeAssessments)
            .innerJoin(
              cbeSubStrands,
              and(
                eq(cbeSubStrands.accountId, cbeAssessments.accountId),
                eq(cbeSubStrands.id, cbeAssessments.subStrandId),
              ),
            )
            .innerJoin(
              cbeStrands,
              and(
                eq(cbeStrands.accountId, cbeSubStrands.accountId),
                eq(cbeStrands.id, cbeSubStrands.strandId),
              ),
            )
            .innerJoin(
              cbeLearningAreas,
              and(
                eq(cbeLearningAreas.accountId, cbeStrands.accountId),
                eq(cbeLearningAreas.id, cbeStrands.learningAreaId),
              ),
            )
            .innerJoin(
              cbeGrades,
              and(
                eq(cbeGrades.accountId, cbeLearningAreas.accountId),
                eq(cbeGrades.id, cbeLearningAreas.gradeId),
              ),
            )
            .where(and(scope.workspace(cbeAssessments), eq(cbeAssessments.termId, term.id)))
            .groupBy(cbeLearningAreas.id, cbeLearningAreas.name, cbeGrades.name, cbeGrades.level)
            .orderBy(cbeGrades.level, sql`lower(${cbeLearningAreas.name})`)
        : [];

      // Students to act on: those still at the school (the gradebook's), not one who has left.
      const struggling = term
        ? rowsOf<{ student_id: string; name: string; class_name: string; areas: number }>(
            await db.execute(sql`
              with per_area as (
                select ${cbeAssessments.studentId} as student_id, ${cbeStrands.learningAreaId} as area_id, avg(${SCORE}) as mean
                from ${cbeAssessments}
                join ${cbeSubStrands} on ${cbeSubStrands.accountId} = ${cbeAssessments.accountId} and ${cbeSubStrands.id} = ${cbeAssessments.subStrandId}
                join ${cbeStrands} on ${cbeStrands.accountId} = ${cbeSubStrands.accountId} and ${cbeStrands.id} = ${cbeSubStrands.strandId}
                where ${scope.workspace(cbeAssessments)} and ${cbeAssessments.termId} = ${term.id}
                group by 1, 2
              )
              select s.id as student_id, s.first_name || ' ' || s.last_name as name,
                     g.name || ' ' || c.name as class_name, count(*)::int as areas
              from per_area p
              join ${cbeStudents} s on s.account_id = ${scope.accountId} and s.id = p.student_id
              join ${cbeClasses} c on c.account_id = s.account_id and c.id = s.class_id
              join ${cbeGrades} g on g.account_id = c.account_id and g.id = c.grade_id
              where p.mean < 1.5 and s.status = 'active'
              group by s.id, s.first_name, s.last_name, g.name, c.name
              having count(*) >= 2
              order by areas desc, lower(s.last_name), lower(s.first_name), s.id
              limit 50`),
          ).map((r) => ({ ...r, areas: Number(r.areas) }))
        : [];

      const seesFees = can(scope.auth, 'cbe:fees');
      const collection = !seesFees
        ? null
        : term
          ? rowsOf<{ date: string; expected: string; collected: string }>(
              // Each day's issues and payments of the term summed once, then added up to each day: a
              // sum per day over every payment up to it read the school's whole history 90 times.
              // Sums are rounded, not cast to numeric(14,4): a school's total may pass what one
              // invoice holds.
              await db.execute(sql`
              with issued as (
                select ${cbeInvoices.issuedOn} as day, sum(${cbeInvoices.amount}) as amount from ${cbeInvoices}
                where ${scope.workspace(cbeInvoices)} and ${cbeInvoices.termId} = ${term.id}
                group by 1
              ), paid as (
                select ${cbePayments.paidOn} as day, sum(${cbePayments.amount}) as amount from ${cbePayments}
                join ${cbeInvoices} on ${cbeInvoices.accountId} = ${cbePayments.accountId} and ${cbeInvoices.id} = ${cbePayments.invoiceId}
                where ${scope.workspace(cbePayments)} and ${cbeInvoices.termId} = ${term.id}
                group by 1
              )
              select to_char(d, 'YYYY-MM-DD') as date,
                round((select coalesce(sum(issued.amount), 0) from issued where issued.day <= d::date), 4)::text as expected,
                round((select coalesce(sum(paid.amount), 0) from paid where paid.day <= d::date), 4)::text as collected
              from generate_series(${term.startsOn}::date, greatest(${term.startsOn}::date, ${termEnd}::date), interval '1 day') as d
              order by d`),
            )
          : [];

      const [arrears] = seesFees
        ? rowsOf<{ students: number; total: string }>(
            await db.execute(sql`
              select count(*)::int as students, round(coalesce(sum(owed), 0), 4)::text as total from (
                select sum(${cbeInvoices.amount} - ${cbeInvoices.paid}) as owed from ${cbeInvoices}
                where ${scope.workspace(cbeInvoices)}
                group by ${cbeInvoices.studentId}
                having sum(${cbeInvoices.amount} - ${cbeInvoices.paid}) > 0
              ) owing`),
          )
        : [];

      return {
        empty,
        has_sample: counts?.sample === true,
        today,
        term: term ? { id: term.id, name: term.name } : null,
        attendance: attendance.map((a) => ({
          class_id: a.classId,
          class_name: a.className,
          today_rate: a.todayRate,
          term_rate: a.termRate,
        })),
        levels: levels.map((l) => ({
          learning_area: l.area,
          exceeding: l.exceeding,
          meeting: l.meeting,
          approaching: l.approaching,
          below: l.below,
        })),
        struggling,
        collection,
        arrears: seesFees
          ? { students: Number(arrears?.students ?? 0), total: arrears?.total ?? '0.0000' }
          : null,
      };
    },
  };
}

export type CbeDashboardService = ReturnType<typeof createCbeDashboardService>;
