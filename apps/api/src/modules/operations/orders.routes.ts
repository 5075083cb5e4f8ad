import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.ts';

/**
 * Purchase orders, customer orders, work orders and stock (moves and adjustments): the operations
 * routes of the orders' files, registered from operations.routes.ts behind the module's gate.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (_app, _options) => {};
