import { operationsMessages } from '@workhub/shared/operations-messages';
import { dataEnvelope } from '@workhub/shared/schemas/common';
import {
  IMPORT_BODY_MAX_BYTES,
  IMPORT_ROWS_MAX,
  importBody,
  importResult,
} from '@workhub/shared/schemas/operations-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import type { ImportService } from './imports.service.ts';

const tags = ['operations'];
const security = [{ bearerAuth: [] }];

/** What an import answers: the counts and the rows' errors, and a message when it wrote them. */
const importResponse = dataEnvelope(importResult);

/** POST /api/products/import and POST /api/bom-lines/import (CSV rows keyed by column, all or none). */
export const importRoutes: FastifyPluginAsyncZod<{ imports: ImportService }> = async (app, { imports }) => {
  const routes = [
    { url: '/products/import', run: imports.importProducts, what: 'products (a new product per row)' },
    { url: '/bom-lines/import', run: imports.importBomLines, what: 'BOM lines (products named by name)' },
  ] as const;
  for (const { url, run, what } of routes) {
    app.post(
      url,
      {
        config: { action: 'operations:write' },
        // These two routes alone take more than the app's 100 KB (IMPORT_BODY_MAX_BYTES says why).
        bodyLimit: IMPORT_BODY_MAX_BYTES,
        schema: {
          tags,
          security,
          summary: `Import up to ${IMPORT_ROWS_MAX.toLocaleString('en-US')} ${what}: dry_run checks only; with any row error nothing is written`,
          body: importBody,
          response: { 200: importResponse, ...errorResponses(400, 401, 403, 404, 409, 413) },
        },
      },
      async (request) => {
        const data = await run(moduleScope(request), request.body);
        if (data.errors.length > 0) return { message: operationsMessages.importHasErrors, data };
        return data.dry_run ? { data } : { message: operationsMessages.importDone(data.imported), data };
      },
    );
  }
};
