import {
  type CbeRegister,
  cbeMessages,
  type cbeRegisterBody,
  isCbeSchoolDay,
} from '@workhub/shared/schemas/cbe';
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/html.ts';
import { mailDay } from '../../lib/mail-dates.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { cbeAttendance, cbeClasses, cbeGrades, cbeGuardians, cbeStudents, cbeTerms } from './cbe.schema.ts';
import { mustFind } from './cbe-common.ts';
import { refuseAfterToday } from './cbe-settings.service.ts';

type Body = z.output<typeof cbeRegisterBody>;

/** The mail a guardian gets when their child is marked absent (once per child per day). */
export function absenceMail(mail: {
  to: string;
  guardian: string;
  student: string;
  className: string;
  school: string;
  day: string;
  reason: string | null;
}): MailMessage {
  const day = mailDay(mail.day);
  const subject = `${mail.student} was absent on ${day}`;
  const lines = [
    `Dear ${mail.guardian},`,
    `${mail.student} (${mail.className}) was marked absent at ${mail.school} on ${day}.`,
    mail.reason ? `Reason recorded: ${mail.reason}` : 'No reason was recorded.',
    'Please contact the class teacher if this is unexpected.',
  ];
  return {
    to: mail.to,
    subject,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}

/** The class register: one mark per student per day, and the absence mails. */
export function createCbeRegisterService(ctx: Ctx) {
  const { db, now, mailer } = ctx;

  async function className(scope: WorkspaceScope, classId: string) {
    const klass = await mustFind(db, scope, cbeClasses, classId);
    const [grade] = await db
      .select({ name: cbeGrades.name })
      .from(cbeGrades)
      .where(and(scope.workspace(cbeGrades), eq(cbeGrades.id, klass.gradeId)));
    return `${grade?.name ?? ''} ${klass.name}`.trim();
  }

  async function read(scope: WorkspaceScope, classId: string, day: string): Promise<CbeRegister> {
    const name = await className(scope, classId);
    const rows = await db
      .select({
        id: cbeStudents.id,
        admissionNo: cbeStudents.admissionNo,
        firstName: cbeStudents.firstName,
        lastName: cbeStudents.lastName,
        mark: cbeAttendance.mark,
        reason: cbeAttendance.reason,
        notifiedAt: cbeAttendance.notifiedAt,
      })
      .from(cbeStudents)
      .leftJoin(
        cbeAttendance,
        and(
          eq(cbeAttendance.accountId, cbeStudents.accountId),
          eq(cbeAttendance.studentId, cbeStudents.id),
          eq(cbeAttendance.day, day),
        ),
      )
      .where(
        and(scope.workspace(cbeStudents), eq(cbeStudents.classId, classId), eq(cbeStudents.status, 'active')),
      )
      .orderBy(
        asc(sql`lower(${cbeStudents.lastName})`),
        asc(sql`lower(${cbeStudents.firstName})`),
        asc(cbeStudents.id),
      );
    return {
      class_id: classId,
      class_name: name,
      date: day,
      students: rows.map((r) => ({
        student_id: r.id,
        admission_no: r.admissionNo,
        name: `${r.firstName} ${r.lastName}`,
        mark: r.mark,
        reason: r.reason,
        notified: r.notifiedAt !== null,
      })),
    };
  }

  /**
   * A register day is a school day (Monday to Friday) within a term of the school (a term lies
   * within its academic year): 400 on `date` otherwise, before any mail. A mark on 0001-01-01,
   * outside every school year or on a Sunday mailed guardians and moved the term's rate.
   */
  async function refuseNoSchoolDay(scope: WorkspaceScope, day: string) {
    const refuse = (message: string) =>
      new AppError(400, 'VALIDATION_FAILED', message, { fields: { date: message } });
    const [term] = await db
      .select({ id: cbeTerms.id })
      .from(cbeTerms)
      .where(and(scope.workspace(cbeTerms), lte(cbeTerms.startsOn, day), gte(cbeTerms.endsOn, day)))
      .limit(1);
    if (!term) throw refuse(cbeMessages.registerDayOutsideTerm);
    if (!isCbeSchoolDay(day)) throw refuse(cbeMessages.registerDayWeekend);
  }

  return {
    read,

    /**
     * Marks the register in one request; sending it again changes nothing. Each newly absent
     * student's guardians are mailed once: the row's notified_at is set by an update that only a
     * row without one matches, so a repeat (or two requests at once: the row lock) sends nothing.
     * A day after the school's today is refused (400): no mail for an absence yet to come; so is
     * a day outside the school's terms, or a Saturday or Sunday (refuseNoSchoolDay).
     */
    async mark(scope: WorkspaceScope, classId: string, body: Body): Promise<CbeRegister> {
      const name = await className(scope, classId);
      await refuseAfterToday(ctx, scope, body.date, 'date', cbeMessages.registerDayFuture);
      await refuseNoSchoolDay(scope, body.date);
      const ids = body.marks.map((m) => m.student_id);
      if (new Set(ids).size !== ids.length) {
        throw new AppError(400, 'VALIDATION_FAILED', cbeMessages.duplicateStudent, {
          fields: { marks: cbeMessages.duplicateStudent },
        });
      }
      if (ids.length === 0) return read(scope, classId, body.date);
      const members = await db
        .select({ id: cbeStudents.id, firstName: cbeStudents.firstName, lastName: cbeStudents.lastName })
        .from(cbeStudents)
        .where(
          and(
            scope.workspace(cbeStudents),
            eq(cbeStudents.classId, classId),
            eq(cbeStudents.status, 'active'),
            inArray(cbeStudents.id, ids),
          ),
        );
      if (members.length !== ids.length) {
        throw new AppError(400, 'VALIDATION_FAILED', cbeMessages.studentNotInClass, {
          fields: { marks: cbeMessages.studentNotInClass },
        });
      }
      const at = now();
      await db
        .insert(cbeAttendance)
        .values(
          body.marks.map((m) => ({
            ...scope.workspaceValues(),
            studentId: m.student_id,
            classId,
            day: body.date,
            mark: m.mark,
            reason: m.mark === 'present' ? null : m.reason,
            markedBy: scope.auth.user_id,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .onConflictDoUpdate({
          target: [cbeAttendance.accountId, cbeAttendance.studentId, cbeAttendance.day],
          set: {
            mark: sql`excluded.mark`,
            reason: sql`excluded.reason`,
            classId: sql`excluded.class_id`,
            markedBy: sql`excluded.marked_by`,
            updatedAt: sql`excluded.updated_at`,
          },
        });

      const absent = body.marks.filter((m) => m.mark === 'absent').map((m) => m.student_id);
      if (absent.length > 0) {
        const toNotify = await db
          .update(cbeAttendance)
          .set({ notifiedAt: at })
          .where(
            and(
              scope.workspace(cbeAttendance),
              eq(cbeAttendance.day, body.date),
              eq(cbeAttendance.mark, 'absent'),
              inArray(cbeAttendance.studentId, absent),
              isNull(cbeAttendance.notifiedAt),
            ),
          )
          .returning({ studentId: cbeAttendance.studentId, reason: cbeAttendance.reason });
        if (toNotify.length > 0) {
          const guardians = await db
            .select({ studentId: cbeGuardians.studentId, name: cbeGuardians.name, email: cbeGuardians.email })
            .from(cbeGuardians)
            .where(
              and(
                scope.workspace(cbeGuardians),
                inArray(
                  cbeGuardians.studentId,
                  toNotify.map((n) => n.studentId),
                ),
              ),
            );
          for (const notice of toNotify) {
            const student = members.find((m) => m.id === notice.studentId);
            for (const guardian of guardians.filter((g) => g.studentId === notice.studentId)) {
              if (!guardian.email || !student) continue;
              await mailer.send(
                absenceMail({
                  to: guardian.email,
                  guardian: guardian.name,
                  student: `${student.firstName} ${student.lastName}`,
                  className: name,
                  school: scope.workspaceName,
                  day: body.date,
                  reason: notice.reason,
                }),
              );
            }
          }
        }
      }
      return read(scope, classId, body.date);
    },
  };
}

export type CbeRegisterService = ReturnType<typeof createCbeRegisterService>;
