import type { ModuleKey } from '@workhub/shared/modules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../context.ts';
import { operationsRoutes } from './operations/operations.routes.ts';

/** What a template module's routes plugin gets: the services' context, to build its services from. */
export type ModuleRoutesOptions = { ctx: Ctx };

/**
 * The API's side of the module registry (packages/shared/src/modules.ts): each module's routes
 * plugin under its key, one line per module; the type refuses a module of the registry that has no
 * line here. app.ts registers each behind the module's gate (plugins/module-gate.ts).
 */
export const MODULE_ROUTES: { readonly [K in ModuleKey]: FastifyPluginAsyncZod<ModuleRoutesOptions> } = {
  operations: operationsRoutes,
};
