import type { ModuleKey } from '@workhub/shared/modules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../context.ts';
import { barberRoutes } from './barber/barber.routes.ts';
import { barberPublicRoutes } from './barber/barber-public.routes.ts';
import { cbeRoutes } from './cbe/cbe.routes.ts';
import { operationsRoutes } from './operations/operations.routes.ts';
import { ticketingRoutes } from './ticketing/ticketing.routes.ts';
import { ticketingPublicRoutes } from './ticketing/ticketing-public.routes.ts';

/** What a template module's routes plugin gets: the services' context, to build its services from. */
export type ModuleRoutesOptions = { ctx: Ctx };

/**
 * A module's routes: `routes` behind the session gate (plugins/module-gate.ts, under /api), and
 * `publicRoutes`, its public pages' API (a kiosk's, a booking page's), behind the slug gate
 * (plugins/public-gate.ts, under /api/public).
 */
export type ModuleRoutes = {
  routes: FastifyPluginAsyncZod<ModuleRoutesOptions>;
  publicRoutes?: FastifyPluginAsyncZod<ModuleRoutesOptions>;
};

/**
 * The API's side of the module registry (packages/shared/src/modules.ts): each module's routes
 * plugins under its key, one line per module; the type refuses a module of the registry that has
 * no line here. app.ts registers each behind the module's gates.
 */
export const MODULE_ROUTES: { readonly [K in ModuleKey]: ModuleRoutes } = {
  operations: { routes: operationsRoutes },
  ticketing: { routes: ticketingRoutes, publicRoutes: ticketingPublicRoutes },
  cbe: { routes: cbeRoutes },
  barber: { routes: barberRoutes, publicRoutes: barberPublicRoutes },
};
