import {
  CBE_LEVEL_LABELS,
  type CbeGradebook,
  type CbeReportCard,
  type cbeGradebookBody,
  cbeMessages,
} from '@workhub/shared/schemas/cbe';
import { and, asc, count, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  cbeAssessments,
  cbeAttendance,
  cbeClasses,
  cbeGrades,
  cbeLearningAreas,
  cbeRemarks,
  cbeStrands,
  cbeStudents,
  cbeSubStrands,
  cbeTeachers,
  cbeTerms,
  cbeYears,
} from './cbe.schema.ts';
import { badReference, mustFind, mustReference } from './cbe-common.ts';
import { type PdfLine, pdfDocument } from './cbe-pdf.ts';
import { teacherActive } from './cbe-setup.service.ts';

type Body = z.output<typeof cbeGradebookBody>;
const invalid = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, { fields: { [field]: message } });

/** The rubric gradebook per class, learning area and term; the class teacher's remarks; report cards. */
export function createCbeGradebookService(ctx: Ctx) {
  const { db, now } = ctx;

  /** The strands and sub-strands of learning areas, in the order they were made. */
  async function rubric(scope: WorkspaceScope, areaIds: string[]) {
    if (areaIds.length === 0) return [];
    return db
      .select({
        areaId: cbeStrands.learningAreaId,
        strandId: cbeStrands.id,
        strandName: cbeStrands.name,
        subStrandId: cbeSubStrands.id,
        subStrandName: cbeSubStrands.name,
      })
      .from(cbeStrands)
      .leftJoin(
        cbeSubStrands,
        and(eq(cbeSubStrands.accountId, cbeStrands.accountId), eq(cbeSubStrands.strandId, cbeStrands.id)),
      )
      .where(and(scope.workspace(cbeStrands), inArray(cbeStrands.learningAreaId, areaIds)))
      .orderBy(
        asc(cbeStrands.createdAt),
        asc(cbeStrands.id),
        asc(cbeSubStrands.createdAt),
        asc(cbeSubStrands.id),
      );
  }

  function grouped(rows: Awaited<ReturnType<typeof rubric>>) {
    const strands: {
      id: string;
      areaId: string;
      name: string;
      sub_strands: { id: string; name: string }[];
    }[] = [];
    for (const row of rows) {
      let strand = strands.find((s) => s.id === row.strandId);
      if (!strand) {
        strand = { id: row.strandId, areaId: row.areaId, name: row.strandName, sub_strands: [] };
        strands.push(strand);
      }
      if (row.subStrandId && row.subStrandName)
        strand.sub_strands.push({ id: row.subStrandId, name: row.subStrandName });
    }
    return strands;
  }

  /**
   * The class, the learning area (of the class's grade) and the term the gradebook is of. A write
   * holds the area's row (FOR SHARE) until its levels commit: a move of the area to another grade
   * (FOR UPDATE, cbe-setup.service.ts) waits and then sees them (409), or goes first and this
   * reads the area in its new grade (400).
   */
  async function context(
    scope: WorkspaceScope,
    classId: string,
    areaId: string,
    termId: string,
    lock = false,
  ) {
    const klass = await mustFind(db, scope, cbeClasses, classId);
    const areaQuery = db
      .select({ gradeId: cbeLearningAreas.gradeId })
      .from(cbeLearningAreas)
      .where(and(scope.workspace(cbeLearningAreas), eq(cbeLearningAreas.id, areaId)));
    const [area] = lock ? await areaQuery.for('share') : await areaQuery;
    if (!area) throw badReference('learning_area_id');
    if (area.gradeId !== klass.gradeId) throw badReference('learning_area_id');
    await mustReference(db, scope, cbeTerms, termId, 'term_id');
    return klass;
  }

  const activeStudents = (scope: WorkspaceScope, classId: string) =>
    db
      .select({
        id: cbeStudents.id,
        admissionNo: cbeStudents.admissionNo,
        firstName: cbeStudents.firstName,
        lastName: cbeStudents.lastName,
      })
      .from(cbeStudents)
      .where(
        and(scope.workspace(cbeStudents), eq(cbeStudents.classId, classId), eq(cbeStudents.status, 'active')),
      )
      .orderBy(
        asc(sql`lower(${cbeStudents.lastName})`),
        asc(sql`lower(${cbeStudents.firstName})`),
        asc(cbeStudents.id),
      );

  async function read(
    scope: WorkspaceScope,
    classId: string,
    areaId: string,
    termId: string,
  ): Promise<CbeGradebook> {
    await context(scope, classId, areaId, termId);
    const strands = grouped(await rubric(scope, [areaId]));
    const students = await activeStudents(scope, classId);
    const subIds = strands.flatMap((s) => s.sub_strands.map((ss) => ss.id));
    const entries =
      subIds.length === 0 || students.length === 0
        ? []
        : await db
            .select()
            .from(cbeAssessments)
            .where(
              and(
                scope.workspace(cbeAssessments),
                eq(cbeAssessments.termId, termId),
                inArray(cbeAssessments.subStrandId, subIds),
                inArray(
                  cbeAssessments.studentId,
                  students.map((s) => s.id),
                ),
              ),
            );
    const remarks =
      students.length === 0
        ? []
        : await db
            .select({ studentId: cbeRemarks.studentId, remarks: cbeRemarks.remarks })
            .from(cbeRemarks)
            .where(
              and(
                scope.workspace(cbeRemarks),
                eq(cbeRemarks.termId, termId),
                inArray(
                  cbeRemarks.studentId,
                  students.map((s) => s.id),
                ),
              ),
            );
    const remarksOf = new Map(remarks.map((r) => [r.studentId, r.remarks]));
    return {
      class_id: classId,
      learning_area_id: areaId,
      term_id: termId,
      strands: strands.map(({ id, name, sub_strands }) => ({ id, name, sub_strands })),
      students: students.map((s) => ({
        id: s.id,
        admission_no: s.admissionNo,
        name: `${s.firstName} ${s.lastName}`,
        remarks: remarksOf.get(s.id) ?? null,
      })),
      entries: entries.map((e) => ({
        student_id: e.studentId,
        sub_strand_id: e.subStrandId,
        level: e.level,
        comment: e.comment,
      })),
    };
  }

  /** Everything a report card shows, for a student of the workspace (`extra`: a customer's own only). */
  async function reportCard(scope: WorkspaceScope, studentId: string, termId: string, extra?: SQL) {
    const [student] = await db
      .select({
        student: cbeStudents,
        gradeId: cbeClasses.gradeId,
        className: sql<string>`${cbeGrades.name} || ' ' || ${cbeClasses.name}`,
        // A class teacher no longer an active staff member is not printed as the class's.
        teacher: sql<
          string | null
        >`case when ${teacherActive} then ${users.firstName} || ' ' || ${users.lastName} end`,
      })
      .from(cbeStudents)
      .innerJoin(
        cbeClasses,
        and(eq(cbeClasses.accountId, cbeStudents.accountId), eq(cbeClasses.id, cbeStudents.classId)),
      )
      .innerJoin(
        cbeGrades,
        and(eq(cbeGrades.accountId, cbeClasses.accountId), eq(cbeGrades.id, cbeClasses.gradeId)),
      )
      .leftJoin(
        cbeTeachers,
        and(eq(cbeTeachers.accountId, cbeClasses.accountId), eq(cbeTeachers.id, cbeClasses.teacherId)),
      )
      .leftJoin(users, eq(users.id, cbeTeachers.userId))
      .where(and(scope.workspace(cbeStudents), eq(cbeStudents.id, studentId), extra));
    if (!student) throw notFound();
    const [term] = await db
      .select({ term: cbeTerms, yearName: cbeYears.name })
      .from(cbeTerms)
      .innerJoin(cbeYears, and(eq(cbeYears.accountId, cbeTerms.accountId), eq(cbeYears.id, cbeTerms.yearId)))
      .where(and(scope.workspace(cbeTerms), eq(cbeTerms.id, termId)));
    if (!term) throw notFound();

    const areas = await db
      .select({ id: cbeLearningAreas.id, name: cbeLearningAreas.name })
      .from(cbeLearningAreas)
      .where(and(scope.workspace(cbeLearningAreas), eq(cbeLearningAreas.gradeId, student.gradeId)))
      .orderBy(asc(sql`lower(${cbeLearningAreas.name})`));
    const strands = grouped(
      await rubric(
        scope,
        areas.map((a) => a.id),
      ),
    );
    const levels = await db
      .select()
      .from(cbeAssessments)
      .where(
        and(
          scope.workspace(cbeAssessments),
          eq(cbeAssessments.studentId, studentId),
          eq(cbeAssessments.termId, termId),
        ),
      );
    const marks = await db
      .select({ mark: cbeAttendance.mark, n: count() })
      .from(cbeAttendance)
      .where(
        and(
          scope.workspace(cbeAttendance),
          eq(cbeAttendance.studentId, studentId),
          gte(cbeAttendance.day, term.term.startsOn),
          lte(cbeAttendance.day, term.term.endsOn),
        ),
      )
      .groupBy(cbeAttendance.mark);
    const [remarks] = await db
      .select({ remarks: cbeRemarks.remarks })
      .from(cbeRemarks)
      .where(
        and(scope.workspace(cbeRemarks), eq(cbeRemarks.studentId, studentId), eq(cbeRemarks.termId, termId)),
      );
    const marked = (mark: string) => marks.find((m) => m.mark === mark)?.n ?? 0;
    const card: CbeReportCard = {
      student: {
        id: student.student.id,
        name: `${student.student.firstName} ${student.student.lastName}`,
        admission_no: student.student.admissionNo,
        class_name: student.className,
      },
      term: { id: term.term.id, name: term.term.name, year_name: term.yearName },
      areas: areas.map((area) => ({
        name: area.name,
        strands: strands
          .filter((s) => s.areaId === area.id)
          .map((s) => ({
            name: s.name,
            sub_strands: s.sub_strands.map((ss) => {
              const level = levels.find((l) => l.subStrandId === ss.id);
              return { name: ss.name, level: level?.level ?? null, comment: level?.comment ?? null };
            }),
          })),
      })),
      attendance: { present: marked('present'), late: marked('late'), absent: marked('absent') },
      remarks: remarks?.remarks ?? null,
      class_teacher: student.teacher,
    };
    return card;
  }

  function reportPdf(scope: WorkspaceScope, card: CbeReportCard) {
    const lines: PdfLine[] = [
      { text: scope.workspaceName, size: 16, bold: true },
      { text: `Report card: ${card.term.year_name}, ${card.term.name}`, size: 13, bold: true, gap: 4 },
      { text: `Student: ${card.student.name}    Admission no: ${card.student.admission_no}`, gap: 8 },
      { text: `Class: ${card.student.class_name}    Class teacher: ${card.class_teacher ?? 'not assigned'}` },
    ];
    if (card.areas.length === 0)
      lines.push({ text: 'No learning areas are set up for this grade.', gap: 10 });
    for (const area of card.areas) {
      lines.push({ text: area.name, size: 12, bold: true, gap: 12 });
      for (const strand of area.strands) {
        lines.push({ text: strand.name, bold: true, indent: 12, gap: 4 });
        for (const sub of strand.sub_strands) {
          const level = sub.level ? CBE_LEVEL_LABELS[sub.level] : 'Not assessed';
          lines.push({ text: `${sub.name}: ${level}`, indent: 24 });
          if (sub.comment) lines.push({ text: `"${sub.comment}"`, indent: 36, size: 9 });
        }
      }
    }
    const a = card.attendance;
    lines.push({ text: 'Attendance', size: 12, bold: true, gap: 12 });
    lines.push({ text: `Present: ${a.present}    Late: ${a.late}    Absent: ${a.absent}` });
    lines.push({ text: "Class teacher's remarks", size: 12, bold: true, gap: 12 });
    lines.push({ text: card.remarks ?? 'No remarks.' });
    lines.push({ text: `Issued ${now().toISOString().slice(0, 10)}`, size: 8, gap: 20 });
    const filename = `report-card-${card.student.admission_no}-${card.term.name}`.replace(
      /[^A-Za-z0-9-]+/g,
      '-',
    );
    return {
      filename: `${filename}.pdf`,
      pdf: pdfDocument(`${card.student.name}: ${card.term.name}`, lines),
    };
  }

  return {
    read,

    /** Records levels and comments in one request (a null level removes the entry); sending it again changes nothing. */
    async write(scope: WorkspaceScope, classId: string, body: Body): Promise<CbeGradebook> {
      await context(scope, classId, body.learning_area_id, body.term_id, true);
      const keys = body.entries.map((e) => `${e.student_id}/${e.sub_strand_id}`);
      if (new Set(keys).size !== keys.length) throw invalid('entries', cbeMessages.duplicateEntry);
      const students = new Set((await activeStudents(scope, classId)).map((s) => s.id));
      // The entries' sub-strands of this area, with their strands, held (FOR SHARE) until the
      // levels commit: a strand or sub-strand moved elsewhere at the same instant (FOR UPDATE)
      // either waits and sees these levels (409), or goes first and is not found here (400).
      const wanted = [...new Set(body.entries.map((e) => e.sub_strand_id))];
      const subStrands = new Set(
        wanted.length === 0
          ? []
          : (
              await db
                .select({ id: cbeSubStrands.id })
                .from(cbeSubStrands)
                .innerJoin(
                  cbeStrands,
                  and(
                    eq(cbeStrands.accountId, cbeSubStrands.accountId),
                    eq(cbeStrands.id, cbeSubStrands.strandId),
                  ),
                )
                .where(
                  and(
                    scope.workspace(cbeSubStrands),
                    inArray(cbeSubStrands.id, wanted),
                    eq(cbeStrands.learningAreaId, body.learning_area_id),
                  ),
                )
                .for('share')
            ).map((row) => row.id),
      );
      for (const entry of body.entries) {
        if (!students.has(entry.student_id)) throw invalid('entries', cbeMessages.studentNotInClass);
        if (!subStrands.has(entry.sub_strand_id)) throw invalid('entries', cbeMessages.subStrandNotInArea);
      }
      const at = now();
      const levelled = body.entries.filter((e) => e.level !== null);
      if (levelled.length > 0) {
        await db
          .insert(cbeAssessments)
          .values(
            levelled.map((e) => ({
              ...scope.workspaceValues(),
              studentId: e.student_id,
              subStrandId: e.sub_strand_id,
              termId: body.term_id,
              level: e.level ?? 'meeting',
              comment: e.comment,
              assessedBy: scope.auth.user_id,
              createdAt: at,
              updatedAt: at,
            })),
          )
          .onConflictDoUpdate({
            target: [
              cbeAssessments.accountId,
              cbeAssessments.studentId,
              cbeAssessments.subStrandId,
              cbeAssessments.termId,
            ],
            set: {
              level: sql`excluded.level`,
              comment: sql`excluded.comment`,
              assessedBy: sql`excluded.assessed_by`,
              updatedAt: sql`excluded.updated_at`,
            },
          });
      }
      for (const e of body.entries.filter((entry) => entry.level === null)) {
        await db
          .delete(cbeAssessments)
          .where(
            and(
              scope.workspace(cbeAssessments),
              eq(cbeAssessments.studentId, e.student_id),
              eq(cbeAssessments.subStrandId, e.sub_strand_id),
              eq(cbeAssessments.termId, body.term_id),
            ),
          );
      }
      return read(scope, classId, body.learning_area_id, body.term_id);
    },

    async setRemarks(scope: WorkspaceScope, studentId: string, termId: string, remarks: string | null) {
      await mustFind(db, scope, cbeStudents, studentId);
      await mustFind(db, scope, cbeTerms, termId);
      const at = now();
      await db
        .insert(cbeRemarks)
        .values({ ...scope.workspaceValues(), studentId, termId, remarks, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: [cbeRemarks.accountId, cbeRemarks.studentId, cbeRemarks.termId],
          set: { remarks, updatedAt: at },
        });
      return reportCard(scope, studentId, termId);
    },

    reportCard,
    async reportCardPdf(scope: WorkspaceScope, studentId: string, termId: string, extra?: SQL) {
      return reportPdf(scope, await reportCard(scope, studentId, termId, extra));
    },
  };
}

export type CbeGradebookService = ReturnType<typeof createCbeGradebookService>;
