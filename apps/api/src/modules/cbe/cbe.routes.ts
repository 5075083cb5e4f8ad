import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.ts';
import { cbeDashboardRoutes } from './cbe-dashboard.routes.ts';
import { createCbeDashboardService } from './cbe-dashboard.service.ts';
import { cbeDeleteRoutes } from './cbe-delete.routes.ts';
import { createCbeDeleteService } from './cbe-delete.service.ts';
import { cbeFeeRoutes } from './cbe-fees.routes.ts';
import { createCbeFeeService } from './cbe-fees.service.ts';
import { createCbeGradebookService } from './cbe-gradebook.service.ts';
import { createCbeRegisterService } from './cbe-register.service.ts';
import { createCbeSampleService } from './cbe-sample.service.ts';
import { cbeSettingsRoutes } from './cbe-settings.routes.ts';
import { cbeSetupRoutes } from './cbe-setup.routes.ts';
import { createCbeSetupService } from './cbe-setup.service.ts';
import { cbeStudentRoutes } from './cbe-students.routes.ts';
import { createCbeStudentService } from './cbe-students.service.ts';
import { cbeTeachingRoutes } from './cbe-teaching.routes.ts';

/**
 * The CBE School module's routes (manifest: packages/shared/src/modules.ts), under /api/cbe behind
 * the module's gate (plugins/module-gate.ts): only in a workspace of the CBE template (else 404),
 * each route with its can() action in `config.action` (403). docs/api.md 'CBE School' lists them.
 */
export const cbeRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  await app.register(cbeSetupRoutes, { service: createCbeSetupService(ctx) });
  await app.register(cbeDeleteRoutes, { service: createCbeDeleteService(ctx) });
  await app.register(cbeStudentRoutes, { service: createCbeStudentService(ctx) });
  await app.register(cbeTeachingRoutes, {
    ctx,
    register: createCbeRegisterService(ctx),
    gradebook: createCbeGradebookService(ctx),
  });
  await app.register(cbeFeeRoutes, { ctx, service: createCbeFeeService(ctx) });
  await app.register(cbeSettingsRoutes, { ctx });
  await app.register(cbeDashboardRoutes, {
    dashboard: createCbeDashboardService(ctx),
    sample: createCbeSampleService(ctx),
  });
};
