import {
  type CbeStudent,
  cbeMessages,
  type cbeStudentBody,
  type cbeStudentListQuery,
} from '@workhub/shared/schemas/cbe';
import { and, asc, type Column, count, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { outer, relatedColumn } from '../../db/correlated.ts';
import { lockVersion, nextVersion } from '../../db/edit-lock.ts';
import { users } from '../../db/schema/users.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { notFound } from '../../lib/app-error.ts';
import type { EditVersion } from '../../lib/edit-version.ts';
import { containing } from '../../lib/list-query.ts';
import { cbeClasses, cbeGrades, cbeGuardians, cbeStudents } from './cbe.schema.ts';
import { mustFind, mustReference, pageOf, unique } from './cbe-common.ts';
import { EXPORT_FETCH, schoolCsv } from './cbe-export.ts';

type Input = z.output<typeof cbeStudentBody>;
type ListQuery = z.output<typeof cbeStudentListQuery>;

const EXPORT_COLUMNS = [
  'Admission no',
  'First name',
  'Last name',
  'Class',
  'Status',
  'Guardians',
  'Created at',
];

/** The students of the workspace a customer may see: those a guardian's e-mail of theirs names. */
export async function guardianEmailOf(ctx: Ctx, scope: WorkspaceScope): Promise<string> {
  const [user] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, scope.auth.user_id));
  if (!user) throw notFound();
  return user.email;
}

export const guardedBy = (email: string) =>
  exists(
    sql`(select 1 from ${cbeGuardians} where ${cbeGuardians.accountId} = ${outer(cbeStudents.accountId)} and ${cbeGuardians.studentId} = ${outer(cbeStudents.id)} and ${cbeGuardians.email} = ${email})`,
  );

/** Students with their guardians; the customers' view (`own`) is the same list narrowed to their children. */
export function createCbeStudentService(ctx: Ctx) {
  const { db } = ctx;

  // The class's name and grade as correlated sub-selects, not joins: a page's query is then a scan
  // of the students alone, which the planner reads in the list's index order (pageStatement).
  const classOf = <V>(column: SQL | Column) =>
    relatedColumn<V>(
      cbeClasses,
      { accountId: cbeStudents.accountId, id: cbeStudents.classId },
      column,
      sql`inner join ${cbeGrades} on ${cbeGrades.accountId} = ${cbeClasses.accountId} and ${cbeGrades.id} = ${cbeClasses.gradeId}`,
    );
  const select = () =>
    db
      .select({
        student: cbeStudents,
        className: classOf<string>(sql`${cbeGrades.name} || ' ' || ${cbeClasses.name}`),
        gradeId: classOf<string>(cbeClasses.gradeId),
      })
      .from(cbeStudents);
  type Row = { student: typeof cbeStudents.$inferSelect; className: string; gradeId: string };

  async function withGuardians(scope: WorkspaceScope, rows: Row[]): Promise<CbeStudent[]> {
    const ids = rows.map((r) => r.student.id);
    const guardians =
      ids.length === 0
        ? []
        : await db
            .select()
            .from(cbeGuardians)
            .where(and(scope.workspace(cbeGuardians), inArray(cbeGuardians.studentId, ids)))
            .orderBy(asc(cbeGuardians.position));
    return rows.map((r) => ({
      id: r.student.id,
      admission_no: r.student.admissionNo,
      first_name: r.student.firstName,
      last_name: r.student.lastName,
      class_id: r.student.classId,
      class_name: r.className,
      grade_id: r.gradeId,
      status: r.student.status,
      guardians: guardians
        .filter((g) => g.studentId === r.student.id)
        .map((g) => ({ name: g.name, phone: g.phone, email: g.email })),
      created_at: r.student.createdAt.toISOString(),
      updated_at: r.student.updatedAt.toISOString(),
    }));
  }

  /** The list's filters, on the students' own columns (a grade: its classes' ids). */
  function where(scope: WorkspaceScope, query: Omit<ListQuery, 'page' | 'limit'>, extra?: SQL): SQL {
    const q = query.q ? containing(query.q) : undefined;
    return and(
      scope.workspace(cbeStudents),
      q
        ? or(
            ilike(cbeStudents.admissionNo, q),
            ilike(sql`${cbeStudents.firstName} || ' ' || ${cbeStudents.lastName}`, q),
          )
        : undefined,
      query.class_id ? eq(cbeStudents.classId, query.class_id) : undefined,
      query.grade_id
        ? inArray(
            cbeStudents.classId,
            db
              .select({ id: cbeClasses.id })
              .from(cbeClasses)
              .where(and(scope.workspace(cbeClasses), eq(cbeClasses.gradeId, query.grade_id))),
          )
        : undefined,
      query.status ? eq(cbeStudents.status, query.status) : undefined,
      extra,
    ) as SQL;
  }
  const order = [
    asc(sql`lower(${cbeStudents.lastName})`),
    asc(sql`lower(${cbeStudents.firstName})`),
    asc(cbeStudents.id),
  ];

  /** A page of the list, in its order (cbe_students_name_idx). */
  const pageStatement = (scope: WorkspaceScope, query: ListQuery, extra?: SQL) =>
    select()
      .where(where(scope, query, extra))
      .orderBy(...order)
      .limit(query.limit)
      .offset(pageOf(query).offset);

  async function list(scope: WorkspaceScope, query: ListQuery, extra?: SQL) {
    const rows = await pageStatement(scope, query, extra);
    const [total] = await db
      .select({ total: count() })
      .from(cbeStudents)
      .where(where(scope, query, extra));
    return {
      data: await withGuardians(scope, rows),
      meta: { page: query.page, limit: query.limit, total: total?.total ?? 0 },
    };
  }

  async function get(scope: WorkspaceScope, id: string, extra?: SQL): Promise<CbeStudent> {
    const rows = await select().where(and(scope.workspace(cbeStudents), eq(cbeStudents.id, id), extra));
    const [student] = await withGuardians(scope, rows);
    if (!student) throw notFound();
    return student;
  }

  async function writeGuardians(into: Db, scope: WorkspaceScope, studentId: string, input: Input) {
    await into
      .delete(cbeGuardians)
      .where(and(scope.workspace(cbeGuardians), eq(cbeGuardians.studentId, studentId)));
    if (input.guardians.length === 0) return;
    await into.insert(cbeGuardians).values(
      input.guardians.map((g, position) => ({
        ...scope.workspaceValues(),
        studentId,
        position,
        name: g.name,
        phone: g.phone,
        email: g.email,
      })),
    );
  }

  return {
    list: (scope: WorkspaceScope, query: ListQuery) => list(scope, query),
    /** A page's statement, for the tests that read its plan. */
    pageStatement: (scope: WorkspaceScope, query: ListQuery) => pageStatement(scope, query),
    get: (scope: WorkspaceScope, id: string) => get(scope, id),

    async exportCsv(scope: WorkspaceScope, query: ListQuery) {
      const rows = await select()
        .where(where(scope, query))
        .orderBy(...order)
        .limit(EXPORT_FETCH);
      return schoolCsv(
        ctx,
        scope,
        'students',
        query,
        await withGuardians(scope, rows),
        EXPORT_COLUMNS,
        (s) => [
          s.admission_no,
          s.first_name,
          s.last_name,
          s.class_name,
          s.status,
          s.guardians.map((g) => [g.name, g.phone, g.email].filter(Boolean).join(' ')).join('; '),
          s.created_at,
        ],
      );
    },

    async create(scope: WorkspaceScope, input: Input): Promise<CbeStudent> {
      await mustReference(db, scope, cbeClasses, input.class_id, 'class_id');
      const [row] = await unique('admission_no', cbeMessages.admissionTaken, () =>
        db
          .insert(cbeStudents)
          .values({
            ...scope.workspaceValues(),
            admissionNo: input.admission_no,
            firstName: input.first_name,
            lastName: input.last_name,
            classId: input.class_id,
            status: input.status,
          })
          .returning({ id: cbeStudents.id }),
      );
      if (!row) throw new Error('cbe_students insert returned no row');
      await writeGuardians(db, scope, row.id, input);
      return get(scope, row.id);
    },

    async update(
      scope: WorkspaceScope,
      id: string,
      input: Input,
      expected?: EditVersion,
    ): Promise<CbeStudent> {
      await mustFind(db, scope, cbeStudents, id);
      await mustReference(db, scope, cbeClasses, input.class_id, 'class_id');
      const thisStudent = and(scope.workspace(cbeStudents), eq(cbeStudents.id, id));
      await unique('admission_no', cbeMessages.admissionTaken, () =>
        db.transaction(async (tx) => {
          // Made against a version: the student locked and its version checked before the change;
          // the guardians are replaced in the same transaction, so an edit is whole or nothing.
          await lockVersion(tx, cbeStudents, cbeStudents.updatedAt, thisStudent, expected);
          await tx
            .update(cbeStudents)
            .set({
              admissionNo: input.admission_no,
              firstName: input.first_name,
              lastName: input.last_name,
              classId: input.class_id,
              status: input.status,
              updatedAt: nextVersion(cbeStudents.updatedAt, ctx.now()),
            })
            .where(thisStudent);
          await writeGuardians(tx, scope, id, input);
        }),
      );
      return get(scope, id);
    },

    /** A customer's own children: the students a guardian's e-mail of theirs names. */
    async listOwn(scope: WorkspaceScope, query: ListQuery) {
      return list(scope, query, guardedBy(await guardianEmailOf(ctx, scope)));
    },
  };
}

export type CbeStudentService = ReturnType<typeof createCbeStudentService>;
