import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.ts';
import { createCustomerOrderService, createPurchaseOrderService } from './orders.service.ts';
import { orderRecordRoutes } from './orders-record.routes.ts';
import { stockRoutes } from './stock.routes.ts';
import { createStockService } from './stock.service.ts';
import { workOrderRoutes } from './work-orders.routes.ts';
import { createWorkOrderService } from './work-orders.service.ts';

/**
 * Purchase orders, customer orders, work orders and stock (moves and adjustments): the operations
 * routes of the orders' files, registered from operations.routes.ts behind the module's gate.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  await app.register(orderRecordRoutes, { kind: 'purchase', orders: createPurchaseOrderService(ctx) });
  await app.register(orderRecordRoutes, { kind: 'customer', orders: createCustomerOrderService(ctx) });
  await app.register(workOrderRoutes, { workOrders: createWorkOrderService(ctx) });
  await app.register(stockRoutes, { stock: createStockService(ctx) });
};
