import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.ts';
import { bomRoutes } from './bom.routes.ts';
import { createBomAttachmentService } from './bom-attachment.service.ts';
import { attachmentStorage } from './bom-attachments.ts';
import { createBomLineService } from './bom-lines.service.ts';
import { createBomTreeService } from './bom-tree.ts';
import { importRoutes } from './imports.routes.ts';
import { createImportService } from './imports.service.ts';
import { namedRecordRoutes } from './named-records.routes.ts';
import { createNamedRecordService } from './named-records.service.ts';
import { productRoutes } from './products.routes.ts';
import { createProductService } from './products.service.ts';

/**
 * The operations master data (issue 13 §2, §3, §6): catalogs, units, products, BOM lines with their
 * attachments, the BOM tree with its cost roll-up, and the CSV imports. Registered from
 * operations.routes.ts, behind the module's gate.
 */
export const masterDataRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  for (const kind of ['catalogs', 'uoms'] as const) {
    await app.register(namedRecordRoutes, { kind, service: createNamedRecordService(ctx, kind) });
  }
  await app.register(productRoutes, { products: createProductService(ctx) });
  const storage = attachmentStorage(ctx.config.dataDir);
  const lines = createBomLineService(ctx, (key) => storage.remove(key));
  await app.register(bomRoutes, {
    lines,
    tree: createBomTreeService(ctx),
    attachments: createBomAttachmentService(ctx, lines, storage),
  });
  await app.register(importRoutes, { imports: createImportService(ctx) });
};
