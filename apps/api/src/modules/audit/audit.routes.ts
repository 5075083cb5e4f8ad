import { adminAuditListQuery, auditEntry, auditListQuery } from '@workhub/shared/schemas/audit';
import { listEnvelope } from '@workhub/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { AuditService } from './audit.service.ts';

const tags = ['audit'];
const security = [{ bearerAuth: [] }];

/** The audit log: the account holder's (/settings/audit) and the platform's (staff). Read-only. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/audit',
    {
      schema: {
        tags,
        security,
        summary:
          "The account's audit log, newest first (account owner); filters: action, actor, entity_type, from, to",
        querystring: auditListQuery,
        response: { 200: listEnvelope(auditEntry), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => audit.list(requireAuth(request), request.query),
  );

  app.get(
    '/audit/export',
    {
      schema: {
        tags,
        security,
        summary:
          "The account's audit log (same filters) as a CSV download, up to 10,000 rows (account owner)",
        querystring: auditListQuery,
        response: { 200: csvText, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await audit.exportCsv(requireAuth(request), request.query);
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        security,
        summary:
          "The platform's audit log (rows of no account), or one account's with account_id (platform staff)",
        querystring: adminAuditListQuery,
        response: { 200: listEnvelope(auditEntry), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => audit.listPlatform(requireAuth(request), request.query),
  );
};
