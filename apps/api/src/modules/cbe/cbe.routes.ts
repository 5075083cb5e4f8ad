import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.ts';
import { cbeSetupRoutes } from './cbe-setup.routes.ts';
import { createCbeSetupService } from './cbe-setup.service.ts';

/**
 * The CBE School module's routes (manifest: packages/shared/src/modules.ts), under /api/cbe behind
 * the module's gate (plugins/module-gate.ts): only in a workspace of the CBE template (else 404),
 * each route with its can() action in `config.action` (403). docs/api.md 'CBE School' lists them.
 */
export const cbeRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  await app.register(cbeSetupRoutes, { service: createCbeSetupService(ctx) });
};
