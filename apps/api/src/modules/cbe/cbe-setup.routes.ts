import {
  cbeClass,
  cbeClassBody,
  cbeClassListQuery,
  cbeGrade,
  cbeGradeBody,
  cbeIdParam,
  cbeLearningArea,
  cbeLearningAreaBody,
  cbeLearningAreaQuery,
  cbeListQuery,
  cbeMessages,
  cbeStrand,
  cbeStrandBody,
  cbeStrandQuery,
  cbeSubStrand,
  cbeSubStrandBody,
  cbeSubStrandQuery,
  cbeTeacher,
  cbeTeacherBody,
  cbeTeacherCandidate,
  cbeTerm,
  cbeTermBody,
  cbeTermQuery,
  cbeYear,
  cbeYearBody,
} from '@workhub/shared/schemas/cbe';
import { dataEnvelope, idField, listEnvelope } from '@workhub/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import { readErrors, security, tags } from './cbe-common.ts';
import { csvRoute } from './cbe-export.routes.ts';
import type { CbeSetupService } from './cbe-setup.service.ts';

type Kind<Q extends z.ZodType, B extends z.ZodType, I extends z.ZodType> = {
  path: string;
  one: string;
  query: Q;
  body: B;
  item: I;
  list: (scope: WorkspaceScope, query: z.output<Q>) => Promise<{ data: z.output<I>[]; meta: object }>;
  create: (scope: WorkspaceScope, body: z.output<B>) => Promise<z.output<I>>;
  update?: (scope: WorkspaceScope, id: string, body: z.output<B>) => Promise<z.output<I>>;
};

/** GET (cbe:read), POST and PATCH /:id (cbe:manage) of one kind of the school's set-up. */
function records<Q extends z.ZodType, B extends z.ZodType, I extends z.ZodType>(
  app: FastifyInstance,
  kind: Kind<Q, B, I>,
) {
  // The plain instance: the generic kinds defeat the zod type provider's inference; the schemas
  // still validate the input (the app's validator compiler) and serialize the answer.
  const typed = app;
  typed.get(
    `/cbe/${kind.path}`,
    {
      config: { action: 'cbe:read' },
      schema: {
        tags,
        security,
        summary: `The ${kind.one} list (q: name contains; pages)`,
        querystring: kind.query,
        response: { 200: listEnvelope(kind.item), ...readErrors },
      },
    },
    async (request) => kind.list(moduleScope(request), request.query as z.output<Q>),
  );
  typed.post(
    `/cbe/${kind.path}`,
    {
      config: { action: 'cbe:manage' },
      schema: {
        tags,
        security,
        summary: `Create a ${kind.one}`,
        body: kind.body,
        response: { 201: dataEnvelope(kind.item), ...readErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: cbeMessages.created,
        data: await kind.create(moduleScope(request), request.body as z.output<B>),
      }),
  );
  const update = kind.update;
  if (!update) return;
  typed.patch(
    `/cbe/${kind.path}/:id`,
    {
      config: { action: 'cbe:manage' },
      schema: {
        tags,
        security,
        summary: `Edit a ${kind.one} (the whole record)`,
        params: cbeIdParam,
        body: kind.body,
        response: { 200: dataEnvelope(kind.item), ...readErrors },
      },
    },
    async (request) => ({
      message: cbeMessages.saved,
      data: await update(
        moduleScope(request),
        (request.params as { id: string }).id,
        request.body as z.output<B>,
      ),
    }),
  );
}

/** Years, terms, grades, teachers, classes, learning areas, strands, sub-strands. */
export const cbeSetupRoutes: FastifyPluginAsyncZod<{ service: CbeSetupService }> = async (
  app,
  { service: s },
) => {
  records(app, {
    path: 'years',
    one: 'academic year',
    query: cbeListQuery,
    body: cbeYearBody,
    item: cbeYear,
    list: s.listYears,
    create: s.createYear,
    update: s.updateYear,
  });
  csvRoute(app, 'years', 'academic years', cbeListQuery, s.exportYears);
  records(app, {
    path: 'terms',
    one: 'term',
    query: cbeTermQuery,
    body: cbeTermBody,
    item: cbeTerm,
    list: s.listTerms,
    create: s.createTerm,
    update: s.updateTerm,
  });
  csvRoute(app, 'terms', 'terms', cbeTermQuery, s.exportTerms);
  records(app, {
    path: 'grades',
    one: 'grade',
    query: cbeListQuery,
    body: cbeGradeBody,
    item: cbeGrade,
    list: s.listGrades,
    create: s.createGrade,
    update: s.updateGrade,
  });
  csvRoute(app, 'grades', 'grades', cbeListQuery, s.exportGrades);
  records(app, {
    path: 'teachers',
    one: 'teacher (an active member of the workspace the school assigns as one)',
    query: cbeListQuery,
    body: cbeTeacherBody,
    item: cbeTeacher,
    list: s.listTeachers,
    create: s.createTeacher,
  });
  csvRoute(app, 'teachers', 'teachers', cbeListQuery, s.exportTeachers);
  app.get(
    '/cbe/teachers/candidates',
    {
      config: { action: 'cbe:manage' },
      schema: {
        tags,
        security,
        summary:
          'The members who may be made teachers: active, in a staff role, not teachers yet (q: name or e-mail contains; pages)',
        querystring: cbeListQuery,
        response: { 200: listEnvelope(cbeTeacherCandidate), ...readErrors },
      },
    },
    async (request) => s.listTeacherCandidates(moduleScope(request), request.query),
  );
  records(app, {
    path: 'classes',
    one: 'class (a stream of a grade, with its class teacher)',
    query: cbeClassListQuery,
    body: cbeClassBody,
    item: cbeClass,
    list: s.listClasses,
    create: s.createClass,
    update: s.updateClass,
  });
  csvRoute(app, 'classes', 'class list', cbeClassListQuery, s.exportClasses);
  records(app, {
    path: 'learning-areas',
    one: 'learning area of a grade',
    query: cbeLearningAreaQuery,
    body: cbeLearningAreaBody,
    item: cbeLearningArea,
    list: s.listLearningAreas,
    create: s.createLearningArea,
    update: s.updateLearningArea,
  });
  csvRoute(app, 'learning-areas', 'learning areas', cbeLearningAreaQuery, s.exportLearningAreas);
  records(app, {
    path: 'strands',
    one: 'strand of a learning area',
    query: cbeStrandQuery,
    body: cbeStrandBody,
    item: cbeStrand,
    list: s.listStrands,
    create: s.createStrand,
    update: s.updateStrand,
  });
  csvRoute(app, 'strands', 'strands', cbeStrandQuery, s.exportStrands);
  records(app, {
    path: 'sub-strands',
    one: 'sub-strand of a strand',
    query: cbeSubStrandQuery,
    body: cbeSubStrandBody,
    item: cbeSubStrand,
    list: s.listSubStrands,
    create: s.createSubStrand,
    update: s.updateSubStrand,
  });
  csvRoute(app, 'sub-strands', 'sub-strands', cbeSubStrandQuery, s.exportSubStrands);
};

export const cbeClassParam = z.object({ id: idField() });
