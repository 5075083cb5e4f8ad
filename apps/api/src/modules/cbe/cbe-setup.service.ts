import {
  type CbeClass,
  type CbeGrade,
  type CbeLearningArea,
  type CbeStrand,
  type CbeSubStrand,
  type CbeTeacher,
  type CbeTerm,
  type CbeYear,
  type cbeClassBody,
  type cbeClassListQuery,
  type cbeGradeBody,
  type cbeLearningAreaBody,
  type cbeLearningAreaQuery,
  type cbeListQuery,
  cbeMessages,
  type cbeStrandBody,
  type cbeStrandQuery,
  type cbeSubStrandBody,
  type cbeSubStrandQuery,
  type cbeTeacherBody,
  type cbeTermBody,
  type cbeTermQuery,
  type cbeYearBody,
} from '@workhub/shared/schemas/cbe';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  notExists,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { outer } from '../../db/correlated.ts';
import { users } from '../../db/schema/users.ts';
import { workspaceMembers } from '../../db/schema/workspaces.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { AppError, conflict, isForeignKeyViolation, notFound } from '../../lib/app-error.ts';
import { containing } from '../../lib/list-query.ts';
import {
  cbeClasses,
  cbeGrades,
  cbeLearningAreas,
  cbeStrands,
  cbeStudents,
  cbeSubStrands,
  cbeTeachers,
  cbeTerms,
  cbeYears,
} from './cbe.schema.ts';
import { badReference, mustFind, mustReference, pageOf, unique } from './cbe-common.ts';
import { type CbeDeletable, createCbeDeleteService } from './cbe-delete.service.ts';
import { EXPORT_FETCH, schoolCsv } from './cbe-export.ts';

type ListQuery = z.output<typeof cbeListQuery>;
type TermQuery = z.output<typeof cbeTermQuery>;
type AreaQuery = z.output<typeof cbeLearningAreaQuery>;
type StrandQuery = z.output<typeof cbeStrandQuery>;
type SubStrandQuery = z.output<typeof cbeSubStrandQuery>;
const named = (column: PgColumn, q: string | undefined) => (q ? ilike(column, containing(q)) : undefined);
/** A member's name as the school shows it. */
export const userName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/**
 * Whether the teacher of the enclosing query's row (from cbe_teachers) is still an active member
 * of the workspace in a staff role: one made inactive, removed from the team, or made a customer
 * or guest is no current teacher (the teachers list marks them, a class and a report card do not
 * present them as its class teacher).
 */
export const teacherActive = sql<boolean>`exists (select 1 from ${workspaceMembers}
  where ${outer(workspaceMembers.accountId)} = ${outer(cbeTeachers.accountId)}
    and ${outer(workspaceMembers.workspaceId)} = ${outer(cbeTeachers.workspaceId)}
    and ${outer(workspaceMembers.userId)} = ${outer(cbeTeachers.userId)}
    and ${outer(workspaceMembers.status)} = 'active'
    and ${outer(workspaceMembers.role)} not in ('customer', 'guest'))`;

const meta = (query: ListQuery, total: number) => ({ page: query.page, limit: query.limit, total });

/** Years, terms, grades, teachers, classes, learning areas, strands and sub-strands. */
export function createCbeSetupService(ctx: Ctx) {
  const { db } = ctx;
  const deletes = createCbeDeleteService(ctx);

  /**
   * A learning area, strand or sub-strand moved under another parent: refused (409, `message` on
   * `field`) while levels are recorded under it, as its delete is. Its row is locked (FOR UPDATE)
   * first; a gradebook write holds the rows its levels hang on FOR SHARE (cbe-gradebook.service.ts),
   * so a level written at the same instant is seen here, or finds the record moved. A rename passes.
   */
  async function refuseMoveInUse<
    T extends typeof cbeLearningAreas | typeof cbeStrands | typeof cbeSubStrands,
  >(
    scope: WorkspaceScope,
    move: {
      kind: CbeDeletable;
      table: T;
      id: string;
      /** The body's parent: 400 on `field` when it is not in this workspace. */
      parentTable: typeof cbeGrades | typeof cbeLearningAreas | typeof cbeStrands;
      parent: string;
      parentOf: (row: T['$inferSelect']) => string;
      field: string;
      message: string;
    },
  ) {
    const { table, id } = move;
    const [row] = await db
      .select()
      .from(table as typeof cbeStrands)
      .where(and(scope.workspace(table), eq(table.id, id)))
      .for('update');
    if (!row) throw notFound();
    await mustReference(db, scope, move.parentTable, move.parent, move.field);
    if (
      move.parentOf(row as T['$inferSelect']) !== move.parent &&
      (await deletes.isUsed(scope, move.kind, id))
    ) {
      throw conflict(move.message, { [move.field]: move.message });
    }
  }

  // ------------------------------------------------------------ years
  const toYear = (r: typeof cbeYears.$inferSelect): CbeYear => ({
    id: r.id,
    name: r.name,
    starts_on: r.startsOn,
    ends_on: r.endsOn,
    created_at: r.createdAt.toISOString(),
  });

  // ------------------------------------------------------------ terms
  const termSelect = {
    term: cbeTerms,
    yearName: cbeYears.name,
  };
  const toTerm = (r: { term: typeof cbeTerms.$inferSelect; yearName: string }): CbeTerm => ({
    id: r.term.id,
    year_id: r.term.yearId,
    year_name: r.yearName,
    name: r.term.name,
    starts_on: r.term.startsOn,
    ends_on: r.term.endsOn,
    created_at: r.term.createdAt.toISOString(),
  });
  const termJoin = and(eq(cbeYears.accountId, cbeTerms.accountId), eq(cbeYears.id, cbeTerms.yearId));

  async function termById(scope: WorkspaceScope, id: string) {
    const [row] = await db
      .select(termSelect)
      .from(cbeTerms)
      .innerJoin(cbeYears, termJoin)
      .where(and(scope.workspace(cbeTerms), eq(cbeTerms.id, id)));
    if (!row) throw notFound();
    return toTerm(row);
  }

  /**
   * A term lies within its year and overlaps none of the year's other terms (`except`: the term
   * being edited). The year's row is locked (FOR UPDATE) until the request's transaction ends, so
   * of two terms written into one year at once the second reads the first before it checks.
   */
  async function checkTerm(scope: WorkspaceScope, input: z.output<typeof cbeTermBody>, except?: string) {
    const [year] = await db
      .select()
      .from(cbeYears)
      .where(and(scope.workspace(cbeYears), eq(cbeYears.id, input.year_id)))
      .for('update');
    if (!year) throw badReference('year_id');
    if (input.starts_on < year.startsOn || input.ends_on > year.endsOn) {
      throw new AppError(400, 'VALIDATION_FAILED', cbeMessages.termOutsideYear, {
        fields: { starts_on: cbeMessages.termOutsideYear },
      });
    }
    // Days are inclusive: a term that ends on the day another begins overlaps it.
    const [overlapping] = await db
      .select({ id: cbeTerms.id })
      .from(cbeTerms)
      .where(
        and(
          scope.workspace(cbeTerms),
          eq(cbeTerms.yearId, year.id),
          lte(cbeTerms.startsOn, input.ends_on),
          gte(cbeTerms.endsOn, input.starts_on),
          except ? ne(cbeTerms.id, except) : undefined,
        ),
      )
      .limit(1);
    if (overlapping) throw conflict(cbeMessages.termOverlap, { starts_on: cbeMessages.termOverlap });
  }

  // ------------------------------------------------------------ teachers
  const teacherSelect = { teacher: cbeTeachers, name: userName, email: users.email, active: teacherActive };
  const toTeacher = (r: {
    teacher: typeof cbeTeachers.$inferSelect;
    name: string;
    email: string;
    active: boolean;
  }): CbeTeacher => ({
    id: r.teacher.id,
    user_id: r.teacher.userId,
    name: r.name,
    email: r.email,
    active: r.active,
    created_at: r.teacher.createdAt.toISOString(),
  });

  // ------------------------------------------------------------ classes
  const studentCount =
    sql<number>`(select count(*) from ${cbeStudents} where ${cbeStudents.accountId} = ${outer(cbeClasses.accountId)} and ${cbeStudents.classId} = ${outer(cbeClasses.id)} and ${cbeStudents.status} = 'active')`.mapWith(
      Number,
    );
  const classSelect = {
    klass: cbeClasses,
    gradeName: cbeGrades.name,
    gradeLevel: cbeGrades.level,
    teacherName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    teacherActive: sql<
      boolean | null
    >`case when ${outer(cbeTeachers.id)} is null then null else ${teacherActive} end`,
    studentCount,
  };
  type ClassRow = {
    klass: typeof cbeClasses.$inferSelect;
    gradeName: string;
    teacherName: string | null;
    teacherActive: boolean | null;
    studentCount: number;
  };
  const toClass = (r: ClassRow): CbeClass => ({
    id: r.klass.id,
    grade_id: r.klass.gradeId,
    grade_name: r.gradeName,
    name: r.klass.name,
    teacher_id: r.klass.teacherId,
    teacher_name: r.teacherName,
    teacher_active: r.teacherActive,
    student_count: r.studentCount,
    created_at: r.klass.createdAt.toISOString(),
  });
  function classQuery(where: SQL | undefined) {
    return db
      .select(classSelect)
      .from(cbeClasses)
      .innerJoin(
        cbeGrades,
        and(eq(cbeGrades.accountId, cbeClasses.accountId), eq(cbeGrades.id, cbeClasses.gradeId)),
      )
      .leftJoin(
        cbeTeachers,
        and(eq(cbeTeachers.accountId, cbeClasses.accountId), eq(cbeTeachers.id, cbeClasses.teacherId)),
      )
      .leftJoin(users, eq(users.id, cbeTeachers.userId))
      .where(where);
  }
  const classWhere = (scope: WorkspaceScope, query: z.output<typeof cbeClassListQuery>) =>
    and(
      scope.workspace(cbeClasses),
      named(cbeClasses.name, query.q),
      query.grade_id ? eq(cbeClasses.gradeId, query.grade_id) : undefined,
    );
  const classOrder = [
    asc(cbeGrades.level),
    asc(sql`lower(${cbeGrades.name})`),
    asc(sql`lower(${cbeClasses.name})`),
  ];
  async function classById(scope: WorkspaceScope, id: string) {
    const [row] = await classQuery(and(scope.workspace(cbeClasses), eq(cbeClasses.id, id)));
    if (!row) throw notFound();
    return toClass(row);
  }
  /**
   * A class's grade and class teacher are the workspace's; a teacher newly named (`current`: the
   * one the class has) is a current one, not a member made inactive or removed from the team (400).
   */
  async function checkClass(
    scope: WorkspaceScope,
    input: z.output<typeof cbeClassBody>,
    current: string | null = null,
  ) {
    await mustReference(db, scope, cbeGrades, input.grade_id, 'grade_id');
    if (!input.teacher_id) return;
    const [teacher] = await db
      .select({ active: teacherActive })
      .from(cbeTeachers)
      .where(and(scope.workspace(cbeTeachers), eq(cbeTeachers.id, input.teacher_id)));
    if (!teacher) throw badReference('teacher_id');
    if (!teacher.active && input.teacher_id !== current)
      throw badReference('teacher_id', cbeMessages.notAMember);
  }
  /** A class written with a teacher removed at the same instant: 400 on teacher_id, not a 500. */
  async function classWrite<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await unique('name', cbeMessages.nameTaken, write);
    } catch (err) {
      if (isForeignKeyViolation(err)) throw badReference('teacher_id');
      throw err;
    }
  }

  // ------------------------------------------------------------ learning areas, strands, sub-strands
  const areaSelect = { area: cbeLearningAreas, gradeName: cbeGrades.name };
  const toArea = (r: { area: typeof cbeLearningAreas.$inferSelect; gradeName: string }): CbeLearningArea => ({
    id: r.area.id,
    grade_id: r.area.gradeId,
    grade_name: r.gradeName,
    name: r.area.name,
    created_at: r.area.createdAt.toISOString(),
  });
  const areaJoin = and(
    eq(cbeGrades.accountId, cbeLearningAreas.accountId),
    eq(cbeGrades.id, cbeLearningAreas.gradeId),
  );
  async function areaById(scope: WorkspaceScope, id: string) {
    const [row] = await db
      .select(areaSelect)
      .from(cbeLearningAreas)
      .innerJoin(cbeGrades, areaJoin)
      .where(and(scope.workspace(cbeLearningAreas), eq(cbeLearningAreas.id, id)));
    if (!row) throw notFound();
    return toArea(row);
  }
  const toStrand = (r: typeof cbeStrands.$inferSelect): CbeStrand => ({
    id: r.id,
    learning_area_id: r.learningAreaId,
    name: r.name,
    created_at: r.createdAt.toISOString(),
  });
  const toSubStrand = (r: typeof cbeSubStrands.$inferSelect): CbeSubStrand => ({
    id: r.id,
    strand_id: r.strandId,
    name: r.name,
    created_at: r.createdAt.toISOString(),
  });

  // ------------------------------------------------------------ each list's filters and order
  // (shared by the list and its export, so the file holds what the list shows)
  const yearRows = (scope: WorkspaceScope, query: ListQuery) =>
    db
      .select()
      .from(cbeYears)
      .where(and(scope.workspace(cbeYears), named(cbeYears.name, query.q)))
      .orderBy(desc(cbeYears.startsOn), asc(cbeYears.id));
  const termWhere = (scope: WorkspaceScope, query: TermQuery) =>
    and(
      scope.workspace(cbeTerms),
      named(cbeTerms.name, query.q),
      query.year_id ? eq(cbeTerms.yearId, query.year_id) : undefined,
    );
  const termRows = (scope: WorkspaceScope, query: TermQuery) =>
    db
      .select(termSelect)
      .from(cbeTerms)
      .innerJoin(cbeYears, termJoin)
      .where(termWhere(scope, query))
      .orderBy(desc(cbeTerms.startsOn), asc(cbeTerms.id));
  const gradeRows = (scope: WorkspaceScope, query: ListQuery) =>
    db
      .select()
      .from(cbeGrades)
      .where(and(scope.workspace(cbeGrades), named(cbeGrades.name, query.q)))
      .orderBy(asc(cbeGrades.level), asc(sql`lower(${cbeGrades.name})`));
  const teacherWhere = (scope: WorkspaceScope, query: ListQuery) =>
    and(scope.workspace(cbeTeachers), query.q ? ilike(userName, containing(query.q)) : undefined);
  const teacherRows = (scope: WorkspaceScope, query: ListQuery) =>
    db
      .select(teacherSelect)
      .from(cbeTeachers)
      .innerJoin(users, eq(users.id, cbeTeachers.userId))
      .where(teacherWhere(scope, query))
      .orderBy(asc(sql`lower(${users.firstName}), lower(${users.lastName})`), asc(cbeTeachers.id));
  const areaWhere = (scope: WorkspaceScope, query: AreaQuery) =>
    and(
      scope.workspace(cbeLearningAreas),
      named(cbeLearningAreas.name, query.q),
      query.grade_id ? eq(cbeLearningAreas.gradeId, query.grade_id) : undefined,
    );
  const areaRows = (scope: WorkspaceScope, query: AreaQuery) =>
    db
      .select(areaSelect)
      .from(cbeLearningAreas)
      .innerJoin(cbeGrades, areaJoin)
      .where(areaWhere(scope, query))
      .orderBy(asc(cbeGrades.level), asc(sql`lower(${cbeLearningAreas.name})`), asc(cbeLearningAreas.id));
  const strandWhere = (scope: WorkspaceScope, query: StrandQuery) =>
    and(
      scope.workspace(cbeStrands),
      named(cbeStrands.name, query.q),
      query.learning_area_id ? eq(cbeStrands.learningAreaId, query.learning_area_id) : undefined,
    );
  const strandOrder = [asc(cbeStrands.createdAt), asc(cbeStrands.id)];
  const subStrandWhere = (scope: WorkspaceScope, query: SubStrandQuery) =>
    and(
      scope.workspace(cbeSubStrands),
      named(cbeSubStrands.name, query.q),
      query.strand_id ? eq(cbeSubStrands.strandId, query.strand_id) : undefined,
      query.learning_area_id
        ? inArray(
            cbeSubStrands.strandId,
            db
              .select({ id: cbeStrands.id })
              .from(cbeStrands)
              .where(and(scope.workspace(cbeStrands), eq(cbeStrands.learningAreaId, query.learning_area_id))),
          )
        : undefined,
    );
  const subStrandOrder = [asc(cbeSubStrands.createdAt), asc(cbeSubStrands.id)];

  async function counted(
    scope: WorkspaceScope,
    table: typeof cbeYears | typeof cbeGrades,
    where: SQL | undefined,
  ) {
    const [row] = await db
      .select({ total: count() })
      .from(table)
      .where(and(scope.workspace(table), where));
    return row?.total ?? 0;
  }

  return {
    // ---------------- years
    async listYears(scope: WorkspaceScope, query: ListQuery) {
      const rows = await yearRows(scope, query).limit(pageOf(query).limit).offset(pageOf(query).offset);
      return {
        data: rows.map(toYear),
        meta: meta(query, await counted(scope, cbeYears, named(cbeYears.name, query.q))),
      };
    },
    async exportYears(scope: WorkspaceScope, query: ListQuery) {
      const rows = await yearRows(scope, query).limit(EXPORT_FETCH);
      return schoolCsv(ctx, scope, 'years', query, rows, ['Year', 'Starts', 'Ends'], (y) => [
        y.name,
        y.startsOn,
        y.endsOn,
      ]);
    },
    async createYear(scope: WorkspaceScope, input: z.output<typeof cbeYearBody>) {
      const [row] = await unique('name', cbeMessages.nameTaken, () =>
        db
          .insert(cbeYears)
          .values({
            ...scope.workspaceValues(),
            name: input.name,
            startsOn: input.starts_on,
            endsOn: input.ends_on,
          })
          .returning(),
      );
      if (!row) throw new Error('cbe_years insert returned no row');
      return toYear(row);
    },
    /**
     * A year's new dates still hold each of its terms (as a term is refused outside its year). The
     * year's row is locked first, as checkTerm locks it: a term written into the year meanwhile is
     * seen, or waits for these dates.
     */
    async updateYear(scope: WorkspaceScope, id: string, input: z.output<typeof cbeYearBody>) {
      const [year] = await db
        .select({ id: cbeYears.id })
        .from(cbeYears)
        .where(and(scope.workspace(cbeYears), eq(cbeYears.id, id)))
        .for('update');
      if (!year) throw notFound();
      const [outside] = await db
        .select({ id: cbeTerms.id })
        .from(cbeTerms)
        .where(
          and(
            scope.workspace(cbeTerms),
            eq(cbeTerms.yearId, id),
            or(lt(cbeTerms.startsOn, input.starts_on), gt(cbeTerms.endsOn, input.ends_on)),
          ),
        )
        .limit(1);
      if (outside) throw conflict(cbeMessages.yearOffItsTerms, { starts_on: cbeMessages.yearOffItsTerms });
      const [row] = await unique('name', cbeMessages.nameTaken, () =>
        db
          .update(cbeYears)
          .set({ name: input.name, startsOn: input.starts_on, endsOn: input.ends_on })
          .where(and(scope.workspace(cbeYears), eq(cbeYears.id, id)))
          .returning(),
      );
      if (!row) throw notFound();
      return toYear(row);
    },

    // ---------------- terms
    async listTerms(scope: WorkspaceScope, query: TermQuery) {
      const rows = await termRows(scope, query).limit(query.limit).offset(pageOf(query).offset);
      const [total] = await db.select({ total: count() }).from(cbeTerms).where(termWhere(scope, query));
      return { data: rows.map(toTerm), meta: meta(query, total?.total ?? 0) };
    },
    async exportTerms(scope: WorkspaceScope, query: TermQuery) {
      const rows = await termRows(scope, query).limit(EXPORT_FETCH);
      return schoolCsv(
        ctx,
        scope,
        'terms',
        query,
        rows.map(toTerm),
        ['Year', 'Term', 'Starts', 'Ends'],
        (t) => [t.year_name, t.name, t.starts_on, t.ends_on],
      );
    },
    async createTerm(scope: WorkspaceScope, input: z.output<typeof cbeTermBody>) {
      await checkTerm(scope, input);
      const [row] = await unique('name', cbeMessages.nameTaken, () =>
        db
          .insert(cbeTerms)
          .values({
            ...scope.workspaceValues(),
            yearId: input.year_id,
            name: input.name,
            startsOn: input.starts_on,
            endsOn: input.ends_on,
          })
          .returning({ id: cbeTerms.id }),
      );
      if (!row) throw new Error('cbe_terms insert returned no row');
      return termById(scope, row.id);
    },
    async updateTerm(scope: WorkspaceScope, id: string, input: z.output<typeof cbeTermBody>) {
      await mustFind(db, scope, cbeTerms, id);
      await checkTerm(scope, input, id);
      await unique('name', cbeMessages.nameTaken, () =>
        db
          .update(cbeTerms)
          .set({ yearId: input.year_id, name: input.name, startsOn: input.starts_on, endsOn: input.ends_on })
          .where(and(scope.workspace(cbeTerms), eq(cbeTerms.id, id))),
      );
      return termById(scope, id);
    },

    // ---------------- grades
    async listGrades(scope: WorkspaceScope, query: ListQuery) {
      const rows = await gradeRows(scope, query).limit(query.limit).offset(pageOf(query).offset);
      const total = await counted(scope, cbeGrades, named(cbeGrades.name, query.q));
      return { data: rows.map(toGrade), meta: meta(query, total) };
    },
    async exportGrades(scope: WorkspaceScope, query: ListQuery) {
      const rows = await gradeRows(scope, query).limit(EXPORT_FETCH);
      return schoolCsv(ctx, scope, 'grades', query, rows, ['Grade', 'Level'], (g) => [g.name, g.level]);
    },
    async createGrade(scope: WorkspaceScope, input: z.output<typeof cbeGradeBody>) {
      const [row] = await unique('name', cbeMessages.nameTaken, () =>
        db
          .insert(cbeGrades)
          .values({ ...scope.workspaceValues(), name: input.name, level: input.level })
          .returning(),
      );
      if (!row) throw new Error('cbe_grades insert returned no row');
      return toGrade(row);
    },
    async updateGrade(scope: WorkspaceScope, id: string, input: z.output<typeof cbeGradeBody>) {
      await mustFind(db, scope, cbeGrades, id);
      const [row] = await unique('name', cbeMessages.nameTaken, () =>
        db
          .update(cbeGrades)
          .set({ name: input.name, level: input.level })
          .where(and(scope.workspace(cbeGrades), eq(cbeGrades.id, id)))
          .returning(),
      );
      if (!row) throw notFound();
      return toGrade(row);
    },

    // ---------------- teachers
    async listTeachers(scope: WorkspaceScope, query: ListQuery) {
      const where = teacherWhere(scope, query);
      const rows = await teacherRows(scope, query).limit(query.limit).offset(pageOf(query).offset);
      const [total] = await db
        .select({ total: count() })
        .from(cbeTeachers)
        .innerJoin(users, eq(users.id, cbeTeachers.userId))
        .where(where);
      return { data: rows.map(toTeacher), meta: meta(query, total?.total ?? 0) };
    },
    async exportTeachers(scope: WorkspaceScope, query: ListQuery) {
      const rows = await teacherRows(scope, query).limit(EXPORT_FETCH);
      return schoolCsv(ctx, scope, 'teachers', query, rows, ['Name', 'E-mail'], (t) => [t.name, t.email]);
    },
    /**
     * The members the school may make teachers: active, in a staff role (not customer or guest),
     * not teachers yet; `q` searches the name and e-mail in SQL, so a school whose guardians are
     * hundreds of members still finds every one of its staff.
     */
    async listTeacherCandidates(scope: WorkspaceScope, query: ListQuery) {
      const where = and(
        scope.workspace(workspaceMembers),
        eq(workspaceMembers.status, 'active'),
        notInArray(workspaceMembers.role, ['customer', 'guest']),
        notExists(
          db
            .select({ id: cbeTeachers.id })
            .from(cbeTeachers)
            .where(and(scope.workspace(cbeTeachers), eq(cbeTeachers.userId, outer(workspaceMembers.userId)))),
        ),
        query.q
          ? or(ilike(userName, containing(query.q)), ilike(users.email, containing(query.q)))
          : undefined,
      );
      const rows = await db
        .select({ userId: users.id, name: userName, email: users.email, role: workspaceMembers.role })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(where)
        .orderBy(asc(sql`lower(${users.firstName}), lower(${users.lastName})`), asc(users.id))
        .limit(query.limit)
        .offset(pageOf(query).offset);
      const [total] = await db
        .select({ total: count() })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(where);
      return {
        data: rows.map((r) => ({ user_id: r.userId, name: r.name, email: r.email, role: r.role })),
        meta: meta(query, total?.total ?? 0),
      };
    },
    /** A teacher is an active member of the workspace the school assigns as one (any role but customer). */
    async createTeacher(scope: WorkspaceScope, input: z.output<typeof cbeTeacherBody>) {
      const [member] = await db
        .select({ role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(
          and(
            scope.workspace(workspaceMembers),
            eq(workspaceMembers.userId, input.user_id),
            eq(workspaceMembers.status, 'active'),
          ),
        );
      if (!member || member.role === 'customer' || member.role === 'guest') {
        throw badReference('user_id', cbeMessages.notAMember);
      }
      const [row] = await unique('user_id', cbeMessages.teacherTaken, () =>
        db
          .insert(cbeTeachers)
          .values({ ...scope.workspaceValues(), userId: input.user_id })
          .returning({ id: cbeTeachers.id }),
      );
      if (!row) throw new Error('cbe_teachers insert returned no row');
      const [found] = await db
        .select(teacherSelect)
        .from(cbeTeachers)
        .innerJoin(users, eq(users.id, cbeTeachers.userId))
        .where(and(scope.workspace(cbeTeachers), eq(cbeTeachers.id, row.id)));
      if (!found) throw notFound();
      return toTeacher(found);
    },

    // ---------------- classes
    async listClasses(scope: WorkspaceScope, query: z.output<typeof cbeClassListQuery>) {
      const where = classWhere(scope, query);
      const rows = await classQuery(where)
        .orderBy(...classOrder)
        .limit(query.limit)
        .offset(pageOf(query).offset);
      const [total] = await db.select({ total: count() }).from(cbeClasses).where(where);
      return { data: rows.map(toClass), meta: meta(query, total?.total ?? 0) };
    },
    async exportClasses(scope: WorkspaceScope, query: z.output<typeof cbeClassListQuery>) {
      const rows = await classQuery(classWhere(scope, query))
        .orderBy(...classOrder)
        .limit(EXPORT_FETCH);
      return schoolCsv(
        ctx,
        scope,
        'classes',
        query,
        rows.map(toClass),
        ['Grade', 'Stream', 'Class teacher', 'Students'],
        (c) => [
          c.grade_name,
          c.name,
          c.teacher_name && c.teacher_active === false ? `${c.teacher_name} (inactive)` : c.teacher_name,
          c.student_count,
        ],
      );
    },
    getClass: classById,
    async createClass(scope: WorkspaceScope, input: z.output<typeof cbeClassBody>) {
      await checkClass(scope, input);
      const [row] = await classWrite(() =>
        db
          .insert(cbeClasses)
          .values({
            ...scope.workspaceValues(),
            gradeId: input.grade_id,
            name: input.name,
            teacherId: input.teacher_id,
          })
          .returning({ id: cbeClasses.id }),
      );
      if (!row) throw new Error('cbe_classes insert returned no row');
      return classById(scope, row.id);
    },
    async updateClass(scope: WorkspaceScope, id: string, input: z.output<typeof cbeClassBody>) {
      const klass = await mustFind(db, scope, cbeClasses, id);
      await checkClass(scope, input, klass.teacherId);
      await classWrite(() =>
        db
          .update(cbeClasses)
          .set({ gradeId: input.grade_id, name: input.name, teacherId: input.teacher_id })
          .where(and(scope.workspace(cbeClasses), eq(cbeClasses.id, id))),
      );
      return classById(scope, id);
    },

    // ---------------- learning areas
    async listLearningAreas(scope: WorkspaceScope, query: AreaQuery) {
      const rows = await areaRows(scope, query).limit(query.limit).offset(pageOf(query).offset);
      const [total] = await db
        .select({ total: count() })
        .from(cbeLearningAreas)
        .where(areaWhere(scope, query));
      return { data: rows.map(toArea), meta: meta(query, total?.total ?? 0) };
    },
    async exportLearningAreas(scope: WorkspaceScope, query: AreaQuery) {
      const rows = await areaRows(scope, query).limit(EXPORT_FETCH);
      return schoolCsv(
        ctx,
        scope,
        'learning-areas',
        query,
        rows.map(toArea),
        ['Grade', 'Learning area'],
        (a) => [a.grade_name, a.name],
      );
    },
    async createLearningArea(scope: WorkspaceScope, input: z.output<typeof cbeLearningAreaBody>) {
      await mustReference(db, scope, cbeGrades, input.grade_id, 'grade_id');
      const [row] = await unique('name', cbeMessages.nameTaken, () =>
        db
          .insert(cbeLearningAreas)
          .values({ ...scope.workspaceValues(), gradeId: input.grade_id, name: input.name })
          .returning({ id: cbeLearningAreas.id }),
      );
      if (!row) throw new Error('cbe_learning_areas insert returned no row');
      return areaById(scope, row.id);
    },
    async updateLearningArea(scope: WorkspaceScope, id: string, input: z.output<typeof cbeLearningAreaBody>) {
      await refuseMoveInUse(scope, {
        kind: 'learning-areas',
        table: cbeLearningAreas,
        id,
        parentTable: cbeGrades,
        parent: input.grade_id,
        parentOf: (row) => row.gradeId,
        field: 'grade_id',
        message: cbeMessages.learningAreaMoveInUse,
      });
      await unique('name', cbeMessages.nameTaken, () =>
        db
          .update(cbeLearningAreas)
          .set({ gradeId: input.grade_id, name: input.name })
          .where(and(scope.workspace(cbeLearningAreas), eq(cbeLearningAreas.id, id))),
      );
      return areaById(scope, id);
    },

    // ---------------- strands
    async listStrands(scope: WorkspaceScope, query: StrandQuery) {
      const where = strandWhere(scope, query);
      const rows = await db
        .select()
        .from(cbeStrands)
        .where(where)
        .orderBy(...strandOrder)
        .limit(query.limit)
        .offset(pageOf(query).offset);
      const [total] = await db.select({ total: count() }).from(cbeStrands).where(where);
      return { data: rows.map(toStrand), meta: meta(query, total?.total ?? 0) };
    },
    /** The list's rows in its order, each with its learning area and grade by name. */
    async exportStrands(scope: WorkspaceScope, query: StrandQuery) {
      const rows = await db
        .select({ name: cbeStrands.name, area: cbeLearningAreas.name, grade: cbeGrades.name })
        .from(cbeStrands)
        .innerJoin(
          cbeLearningAreas,
          and(
            eq(cbeLearningAreas.accountId, cbeStrands.accountId),
            eq(cbeLearningAreas.id, cbeStrands.learningAreaId),
          ),
        )
        .innerJoin(cbeGrades, areaJoin)
        .where(strandWhere(scope, query))
        .orderBy(...strandOrder)
        .limit(EXPORT_FETCH);
      return schoolCsv(ctx, scope, 'strands', query, rows, ['Grade', 'Learning area', 'Strand'], (r) => [
        r.grade,
        r.area,
        r.name,
      ]);
    },
    async createStrand(scope: WorkspaceScope, input: z.output<typeof cbeStrandBody>) {
      await mustReference(db, scope, cbeLearningAreas, input.learning_area_id, 'learning_area_id');
      const [row] = await unique('name', cbeMessages.nameTaken, () =>
        db
          .insert(cbeStrands)
          .values({ ...scope.workspaceValues(), learningAreaId: input.learning_area_id, name: input.name })
          .returning(),
      );
      if (!row) throw new Error('cbe_strands insert returned no row');
      return toStrand(row);
    },
    async updateStrand(scope: WorkspaceScope, id: string, input: z.output<typeof cbeStrandBody>) {
      await refuseMoveInUse(scope, {
        kind: 'strands',
        table: cbeStrands,
        id,
        parentTable: cbeLearningAreas,
        parent: input.learning_area_id,
        parentOf: (row) => row.learningAreaId,
        field: 'learning_area_id',
        message: cbeMessages.strandMoveInUse,
      });
      const [row] = await unique('name', cbeMessages.nameTaken, () =>
        db
          .update(cbeStrands)
          .set({ learningAreaId: input.learning_area_id, name: input.name })
          .where(and(scope.workspace(cbeStrands), eq(cbeStrands.id, id)))
          .returning(),
      );
      if (!row) throw notFound();
      return toStrand(row);
    },

    // ---------------- sub-strands
    async listSubStrands(scope: WorkspaceScope, query: SubStrandQuery) {
      const where = subStrandWhere(scope, query);
      const rows = await db
        .select()
        .from(cbeSubStrands)
        .where(where)
        .orderBy(...subStrandOrder)
        .limit(query.limit)
        .offset(pageOf(query).offset);
      const [total] = await db.select({ total: count() }).from(cbeSubStrands).where(where);
      return { data: rows.map(toSubStrand), meta: meta(query, total?.total ?? 0) };
    },
    /** The list's rows in its order, each with its strand and learning area by name. */
    async exportSubStrands(scope: WorkspaceScope, query: SubStrandQuery) {
      const rows = await db
        .select({ name: cbeSubStrands.name, strand: cbeStrands.name, area: cbeLearningAreas.name })
        .from(cbeSubStrands)
        .innerJoin(
          cbeStrands,
          and(eq(cbeStrands.accountId, cbeSubStrands.accountId), eq(cbeStrands.id, cbeSubStrands.strandId)),
        )
        .innerJoin(
          cbeLearningAreas,
          and(
            eq(cbeLearningAreas.accountId, cbeStrands.accountId),
            eq(cbeLearningAreas.id, cbeStrands.learningAreaId),
          ),
        )
        .where(subStrandWhere(scope, query))
        .orderBy(...subStrandOrder)
        .limit(EXPORT_FETCH);
      return schoolCsv(
        ctx,
        scope,
        'sub-strands',
        query,
        rows,
        ['Learning area', 'Strand', 'Sub-strand'],
        (r) => [r.area, r.strand, r.name],
      );
    },
    async createSubStrand(scope: WorkspaceScope, input: z.output<typeof cbeSubStrandBody>) {
      await mustReference(db, scope, cbeStrands, input.strand_id, 'strand_id');
      const [row] = await unique('name', cbeMessages.nameTaken, () =>
        db
          .insert(cbeSubStrands)
          .values({ ...scope.workspaceValues(), strandId: input.strand_id, name: input.name })
          .returning(),
      );
      if (!row) throw new Error('cbe_sub_strands insert returned no row');
      return toSubStrand(row);
    },
    async updateSubStrand(scope: WorkspaceScope, id: string, input: z.output<typeof cbeSubStrandBody>) {
      await refuseMoveInUse(scope, {
        kind: 'sub-strands',
        table: cbeSubStrands,
        id,
        parentTable: cbeStrands,
        parent: input.strand_id,
        parentOf: (row) => row.strandId,
        field: 'strand_id',
        message: cbeMessages.subStrandMoveInUse,
      });
      const [row] = await unique('name', cbeMessages.nameTaken, () =>
        db
          .update(cbeSubStrands)
          .set({ strandId: input.strand_id, name: input.name })
          .where(and(scope.workspace(cbeSubStrands), eq(cbeSubStrands.id, id)))
          .returning(),
      );
      if (!row) throw notFound();
      return toSubStrand(row);
    },
  };
}

const toGrade = (r: typeof cbeGrades.$inferSelect): CbeGrade => ({
  id: r.id,
  name: r.name,
  level: r.level,
  created_at: r.createdAt.toISOString(),
});

export type CbeSetupService = ReturnType<typeof createCbeSetupService>;
