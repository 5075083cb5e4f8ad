import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.ts';

/**
 * The operations master data (issue 13 §2, §3, §6): catalogs, units, products, BOM lines with their
 * attachments, the BOM tree with its cost roll-up, and the CSV imports. Registered from
 * operations.routes.ts, behind the module's gate.
 */
export const masterDataRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async () => {};
