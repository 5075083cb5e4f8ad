import { cbeMessages, cbeTeacherInUse } from '@workhub/shared/schemas/cbe';
import { and, asc, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../context.ts';
import { outer } from '../../db/correlated.ts';
import { users } from '../../db/schema/users.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { conflict, isForeignKeyViolation, notFound } from '../../lib/app-error.ts';
import { inScope, recordAudit } from '../audit/audit.ts';
import {
  cbeAssessments,
  cbeAttendance,
  cbeClasses,
  cbeFeeStructures,
  cbeGrades,
  cbeInvoices,
  cbeLearningAreas,
  cbeRemarks,
  cbeStrands,
  cbeStudents,
  cbeSubStrands,
  cbeTeachers,
  cbeTerms,
  cbeYears,
} from './cbe.schema.ts';
import { feeStructureIssued } from './cbe-fees.service.ts';

/** The set-up records DELETE /api/cbe/{kind}/:id removes. */
export const CBE_DELETABLE = [
  'teachers',
  'years',
  'terms',
  'grades',
  'classes',
  'learning-areas',
  'strands',
  'sub-strands',
  'fee-structures',
] as const;
export type CbeDeletable = (typeof CBE_DELETABLE)[number];

type Scoped = PgTable & { accountId: PgColumn; workspaceId: PgColumn; id: PgColumn };
/** One set of rows: `where` on `table`, within the workspace. */
type Rows = { table: Scoped; where: SQL };

type Kind = {
  table: Scoped;
  /** The record's name, as its audit row keeps it. */
  name: SQL;
  inUse: string;
  /** The 409's words, when they name what keeps it (a teacher's classes). */
  inUseOf?: (id: string) => Promise<string>;
  /**
   * Its own outline, which the database deletes with it (a year's terms, an area's strands and
   * their sub-strands): locked first, so nothing can start to use them while the check runs.
   */
  along: (id: string) => Rows[];
  /** The records that keep it: any of them is a 409, never a cascade. */
  usedBy: (id: string) => Rows[];
};

/**
 * Deletes a set-up record of the school unless something real uses it (students, attendance,
 * levels, remarks, fee structures, invoices): then 409 with what keeps it; another workspace's id
 * is a 404. It runs in the request's transaction: the record and its outline are locked FOR UPDATE
 * before the check, so a level or a student written at the same instant either waits and then
 * fails on its foreign key, or commits first and is seen by the check. Each delete writes a
 * `cbe.deleted` audit row (the kind and the record's name as `before`) in that transaction.
 */
export function createCbeDeleteService(ctx: Ctx) {
  const { db } = ctx;
  const ids = (table: Scoped, scope: WorkspaceScope, where: SQL) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(and(scope.workspace(table), where));

  function kinds(scope: WorkspaceScope): Record<CbeDeletable, Kind> {
    const termsOfYear = (id: string) => ids(cbeTerms, scope, eq(cbeTerms.yearId, id));
    const strandsOfArea = (id: string) => ids(cbeStrands, scope, eq(cbeStrands.learningAreaId, id));
    const subsOfStrands = (strands: ReturnType<typeof ids>) =>
      ids(cbeSubStrands, scope, inArray(cbeSubStrands.strandId, strands));
    const levelsOf = (subStrands: ReturnType<typeof ids>): Rows => ({
      table: cbeAssessments,
      where: inArray(cbeAssessments.subStrandId, subStrands),
    });
    /** What records a term: by one term's id, or by a set of terms. */
    const termUses = (terms: string | ReturnType<typeof ids>): Rows[] =>
      [cbeFeeStructures, cbeInvoices, cbeAssessments, cbeRemarks].map((table) => ({
        table,
        where: typeof terms === 'string' ? eq(table.termId, terms) : inArray(table.termId, terms),
      }));
    return {
      teachers: {
        table: cbeTeachers,
        name: sql`(select ${outer(users.firstName)} || ' ' || ${outer(users.lastName)} from ${users} where ${outer(users.id)} = ${outer(cbeTeachers.userId)})`,
        inUse: cbeTeacherInUse(['a class']),
        // The classes it teaches, by name: the school changes their class teacher first.
        inUseOf: async (id) => {
          const classes = await db
            .select({ name: sql<string>`${cbeGrades.name} || ' ' || ${cbeClasses.name}` })
            .from(cbeClasses)
            .innerJoin(
              cbeGrades,
              and(eq(cbeGrades.accountId, cbeClasses.accountId), eq(cbeGrades.id, cbeClasses.gradeId)),
            )
            .where(and(scope.workspace(cbeClasses), eq(cbeClasses.teacherId, id)))
            .orderBy(
              asc(cbeGrades.level),
              asc(sql`lower(${cbeGrades.name})`),
              asc(sql`lower(${cbeClasses.name})`),
            );
          return cbeTeacherInUse(classes.map((c) => c.name));
        },
        along: () => [],
        usedBy: (id) => [{ table: cbeClasses, where: eq(cbeClasses.teacherId, id) }],
      },
      years: {
        table: cbeYears,
        name: sql`${cbeYears.name}`,
        inUse: cbeMessages.yearInUse,
        along: (id) => [{ table: cbeTerms, where: eq(cbeTerms.yearId, id) }],
        usedBy: (id) => termUses(termsOfYear(id)),
      },
      terms: {
        table: cbeTerms,
        name: sql`${cbeTerms.name}`,
        inUse: cbeMessages.termInUse,
        along: () => [],
        usedBy: termUses,
      },
      grades: {
        table: cbeGrades,
        name: sql`${cbeGrades.name}`,
        inUse: cbeMessages.gradeInUse,
        along: () => [],
        usedBy: (id) => [
          { table: cbeClasses, where: eq(cbeClasses.gradeId, id) },
          { table: cbeLearningAreas, where: eq(cbeLearningAreas.gradeId, id) },
          { table: cbeFeeStructures, where: eq(cbeFeeStructures.gradeId, id) },
        ],
      },
      classes: {
        table: cbeClasses,
        name: sql`${cbeClasses.name}`,
        inUse: cbeMessages.classInUse,
        along: () => [],
        usedBy: (id) => [
          // A student of any status: one who left still has a history here.
          { table: cbeStudents, where: eq(cbeStudents.classId, id) },
          { table: cbeAttendance, where: eq(cbeAttendance.classId, id) },
        ],
      },
      'learning-areas': {
        table: cbeLearningAreas,
        name: sql`${cbeLearningAreas.name}`,
        inUse: cbeMessages.learningAreaInUse,
        along: (id) => [
          { table: cbeStrands, where: eq(cbeStrands.learningAreaId, id) },
          { table: cbeSubStrands, where: inArray(cbeSubStrands.strandId, strandsOfArea(id)) },
        ],
        usedBy: (id) => [levelsOf(subsOfStrands(strandsOfArea(id)))],
      },
      strands: {
        table: cbeStrands,
        name: sql`${cbeStrands.name}`,
        inUse: cbeMessages.strandInUse,
        along: (id) => [{ table: cbeSubStrands, where: eq(cbeSubStrands.strandId, id) }],
        usedBy: (id) => [levelsOf(ids(cbeSubStrands, scope, eq(cbeSubStrands.strandId, id)))],
      },
      'sub-strands': {
        table: cbeSubStrands,
        name: sql`${cbeSubStrands.name}`,
        inUse: cbeMessages.subStrandInUse,
        along: () => [],
        usedBy: (id) => [{ table: cbeAssessments, where: eq(cbeAssessments.subStrandId, id) }],
      },
      'fee-structures': {
        table: cbeFeeStructures,
        // A structure has no name: its description, else its amount.
        name: sql`coalesce(${cbeFeeStructures.description}, ${cbeFeeStructures.amount}::text)`,
        inUse: cbeMessages.feeStructureInUse,
        along: () => [],
        // The rule of cbe-fees.service.ts (its in_use, and an edit of its grade, term or amount).
        usedBy: (id) => [
          { table: cbeFeeStructures, where: and(eq(cbeFeeStructures.id, id), feeStructureIssued) as SQL },
        ],
      },
    };
  }

  /** Whether real records use the record (its delete's rule); the caller has locked it. */
  async function isUsed(scope: WorkspaceScope, kind: CbeDeletable, id: string): Promise<boolean> {
    const { table, usedBy } = kinds(scope)[kind];
    const checks = usedBy(id).map((rows) => exists(ids(rows.table, scope, rows.where)));
    const [used] = await db
      .select({ used: sql<boolean>`${or(...checks)}` })
      .from(table)
      .where(and(scope.workspace(table), eq(table.id, id)));
    return used?.used === true;
  }

  return {
    isUsed,
    async remove(scope: WorkspaceScope, kind: CbeDeletable, id: string): Promise<void> {
      const { table, name, inUse, inUseOf, along } = kinds(scope)[kind];
      const [target] = await db
        .select({ id: table.id, name: sql<string>`${name}` })
        .from(table)
        .where(and(scope.workspace(table), eq(table.id, id)))
        .for('update');
      if (!target) throw notFound();
      for (const rows of along(id)) await ids(rows.table, scope, rows.where).for('update');
      if (await isUsed(scope, kind, id)) throw conflict(inUseOf ? await inUseOf(id) : inUse);
      try {
        await db.delete(table).where(and(scope.workspace(table), eq(table.id, id)));
      } catch (err) {
        // A reference the check cannot see (a later migration's table) still keeps the record.
        if (isForeignKeyViolation(err)) throw conflict(inUse);
        throw err;
      }
      // In the request's transaction: the row commits with the delete (a 409 leaves none).
      await recordAudit(db, {
        ...inScope(scope),
        action: 'cbe.deleted',
        entityType: 'cbe_record',
        entityId: id,
        before: { kind, name: target.name },
        at: ctx.now(),
      });
    },
  };
}

export type CbeDeleteService = ReturnType<typeof createCbeDeleteService>;
