import { operationsMessages } from '@workhub/shared/operations-messages';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import {
  stockAdjustmentBody,
  stockMove,
  stockMoveExportQuery,
  stockMoveListQuery,
} from '@workhub/shared/schemas/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import type { StockService } from './stock.service.ts';

const tags = ['operations'];
const security = [{ bearerAuth: [] }];

/** GET /api/stock-moves (+ export) and POST /api/stock-adjustments. */
export const stockRoutes: FastifyPluginAsyncZod<{ stock: StockService }> = async (app, { stock }) => {
  app.get(
    '/stock-moves',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary:
          "Stock moves, newest first: a product's history (product_id), by kind, searched by product or reason",
        querystring: stockMoveListQuery,
        response: { 200: listEnvelope(stockMove), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => stock.list(moduleScope(request), request.query),
  );

  app.get(
    '/stock-moves/export',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: 'The stock move list (same filters and sort) as CSV, up to 10,000 rows',
        querystring: stockMoveExportQuery,
        response: { 200: csvText, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await stock.exportCsv(moduleScope(request), request.query);
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.post(
    '/stock-adjustments',
    {
      config: { action: 'operations:write' },
      schema: {
        tags,
        security,
        summary: 'Record a stock count: quantity is the new on-hand figure, the move the difference',
        body: stockAdjustmentBody,
        response: { 201: dataEnvelope(stockMove), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: operationsMessages.stockAdjusted,
        data: await stock.adjust(moduleScope(request), request.body),
      }),
  );
};
