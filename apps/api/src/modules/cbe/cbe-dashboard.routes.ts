import { cbeDashboard, cbeMessages } from '@workhub/shared/schemas/cbe';
import { dataEnvelope } from '@workhub/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moduleScope } from '../../plugins/module-gate.ts';
import { readErrors, security, tags } from './cbe-common.ts';
import type { CbeDashboardService } from './cbe-dashboard.service.ts';
import type { CbeSampleService } from './cbe-sample.service.ts';

/** The module's dashboard (/dashboard_cbe) and its sample data. */
export const cbeDashboardRoutes: FastifyPluginAsyncZod<{
  dashboard: CbeDashboardService;
  sample: CbeSampleService;
}> = async (app, { dashboard, sample }) => {
  app.get(
    '/cbe/dashboard',
    {
      config: { action: 'cbe:read' },
      schema: {
        tags,
        security,
        summary:
          'Attendance per class today and this term, levels per learning area, students below expectation in 2+ areas, fee collection against expected, arrears (the fee figures: null without cbe:fees)',
        response: { 200: dataEnvelope(cbeDashboard), ...readErrors },
      },
    },
    async (request) => ({ data: await dashboard.figures(moduleScope(request)) }),
  );

  app.post(
    '/cbe/sample-data',
    {
      config: { action: 'cbe:manage' },
      schema: {
        tags,
        security,
        summary:
          'Fill an empty school with a realistic month of sample data (409 when the school has records)',
        response: {
          201: dataEnvelope(
            z.object({
              students: z.number(),
              attendance: z.number(),
              assessments: z.number(),
              payments: z.number(),
            }),
          ),
          ...readErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ message: cbeMessages.sampleLoaded, data: await sample.load(moduleScope(request)) }),
  );

  app.delete(
    '/cbe/sample-data',
    {
      config: { action: 'cbe:manage' },
      schema: {
        tags,
        security,
        summary: 'Remove exactly the rows the sample data wrote (and what was recorded against them)',
        response: { 200: dataEnvelope(z.object({ removed: z.number() })), ...readErrors },
      },
    },
    async (request) => ({
      message: cbeMessages.sampleCleared,
      data: await sample.clear(moduleScope(request)),
    }),
  );
};
