import { EXPORT_ROWS_MAX } from '@workhub/shared/constants';
import type { Action } from '@workhub/shared/permissions';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import { readErrors, security, tags } from './cbe-common.ts';
import type { CbeCsv } from './cbe-export.ts';

/**
 * GET /api/cbe/{path}/export: the list with the same filters, as a CSV download, under the action
 * of the list it exports (cbe:read; the fee lists' cbe:fees).
 */
export function csvRoute<Q extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  what: string,
  querystring: Q,
  exportCsv: (scope: WorkspaceScope, query: z.output<Q>) => Promise<CbeCsv>,
  action: Extract<Action, 'cbe:read' | 'cbe:fees'> = 'cbe:read',
) {
  app.get(
    `/cbe/${path}/export`,
    {
      config: { action },
      schema: {
        tags,
        security,
        summary: `The ${what} (same filters) as a CSV download, up to ${EXPORT_ROWS_MAX} rows; audited (export.cbe)`,
        querystring,
        response: { 200: csvText, ...readErrors },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await exportCsv(
        moduleScope(request),
        request.query as z.output<Q>,
      );
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );
}
