import { messages } from '@workhub/shared/messages';
import { dataEnvelope, listEnvelope, messageEnvelope } from '@workhub/shared/schemas/common';
import {
  task,
  taskBody,
  taskExportQuery,
  taskListQuery,
  taskStatusBody,
  taskUpdateBody,
} from '@workhub/shared/schemas/work';
import { idParam } from '@workhub/shared/schemas/workspaces';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { editVersionOf } from '../../lib/edit-version.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { readAheadOf, requireAuth } from '../../plugins/auth.ts';
import type { TaskService } from './tasks.service.ts';

const tags = ['tasks'];
const security = [{ bearerAuth: [] }];
const taskResponse = dataEnvelope(task);

export const taskRoutes: FastifyPluginAsyncZod<{ tasks: TaskService }> = async (app, { tasks }) => {
  app.get(
    '/tasks',
    {
      // Sent with the session check, answered once it holds (db/tenant-scope.ts workspaceRead).
      config: { readAhead: true },
      schema: {
        tags,
        security,
        summary: 'Tasks of the current workspace (members and workers: only those assigned to them)',
        querystring: taskListQuery,
        response: { 200: listEnvelope(task), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => tasks.list(readAheadOf(request), request.query),
  );

  app.get(
    '/tasks/export',
    {
      schema: {
        tags,
        security,
        summary: 'The task list (same filters, sort and visibility) as a CSV download, up to 10,000 rows',
        querystring: taskExportQuery,
        response: { 200: csvText, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await tasks.exportCsv(requireAuth(request), request.query);
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.post(
    '/tasks',
    {
      // The usual create is one statement: sent as a message of its own (tasks.service.ts create).
      config: { writeBatch: true },
      schema: {
        tags,
        security,
        summary: 'Create a task in a project; the assignee is e-mailed',
        body: taskBody,
        response: { 201: taskResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.taskCreated,
        data: await tasks.create(requireAuth(request), request.body),
      }),
  );

  app.get(
    '/tasks/:id',
    {
      // Sent with the session check, answered once it holds (db/tenant-scope.ts workspaceRead).
      config: { readAhead: true },
      schema: {
        tags,
        security,
        summary: 'One task (members and workers: one assigned to them)',
        params: idParam,
        response: { 200: taskResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await tasks.get(readAheadOf(request), request.params.id) }),
  );

  app.patch(
    '/tasks/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a task; a new assignee is e-mailed',
        description: EDIT_VERSION_NOTE,
        params: idParam,
        headers: ifMatchHeader,
        body: taskUpdateBody,
        response: { 200: taskResponse, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await tasks.update(
        requireAuth(request),
        request.params.id,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  app.patch(
    '/tasks/:id/status',
    {
      // The task is read, then the change and the task as it now is go as one message that writes
      // (tasks.service.ts setStatus).
      config: { writeBatch: true },
      schema: {
        tags,
        security,
        summary: "Change a task's status (members and workers: of a task assigned to them)",
        params: idParam,
        body: taskStatusBody,
        response: { 200: taskResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await tasks.setStatus(requireAuth(request), request.params.id, request.body.status),
    }),
  );

  app.delete(
    '/tasks/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a task',
        params: idParam,
        response: { 200: messageEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await tasks.remove(requireAuth(request), request.params.id);
      return { message: messages.taskDeleted };
    },
  );
};
