import type { MrpRun } from '@workhub/shared/schemas/operations-mrp';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { dayFromToday, mrpWorld } from '../operations/mrp-test-helpers.ts';
import { auditRowsOf, theAuditRow } from './audit-test-helpers.ts';

/* The operations module's audited events: MRP confirmations and its CSV exports. */

const t = useTestApp();

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('operations events', () => {
  it('writes mrp.confirmed with the proposals and the orders made; a refused confirm writes nothing', async () => {
    const world = await mrpWorld(t);
    const widget = await world.product('Widget', { leadTime: 2, price: '3' });
    await world.customerOrder([{ product: widget, quantity: '4', due: dayFromToday(10) }]);
    const ran = await t.app.inject({
      method: 'POST',
      url: '/api/mrp/runs',
      headers: bearer(world.token),
      payload: {},
    });
    expect(ran.statusCode, ran.body).toBe(201);
    const run: MrpRun = ran.json().data;
    const ids = run.proposals.map((p) => p.id);
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/mrp/runs/${run.id}/confirm`,
        headers: bearer(world.token),
        payload: { proposal_ids: ids },
      });
    expect((await confirm()).statusCode).toBe(201);
    const row = await theAuditRow(t, world.where.accountId, 'mrp.confirmed', run.id);
    expect(row).toMatchObject({
      workspaceId: world.where.workspaceId,
      actorEmail: world.tenant.holder.email,
      entityType: 'mrp_run',
      after: { proposal_ids: ids, purchase_orders: ['PO-00001'], work_orders: [] },
      ip: '127.0.0.1',
    });
    // Confirmed already: 409, and the log still holds the one row.
    expect((await confirm()).statusCode).toBe(409);
    expect(await auditRowsOf(t, world.where.accountId, 'mrp.confirmed')).toHaveLength(1);
  });

  it('writes export.products, export.orders, export.stock_moves and export.master_data', async () => {
    const world = await mrpWorld(t);
    for (const url of [
      '/api/products/export',
      '/api/purchase-orders/export',
      '/api/work-orders/export',
      '/api/stock-moves/export',
      '/api/catalogs/export',
    ]) {
      expect((await get(world.token, url)).statusCode, url).toBe(200);
    }
    const account = world.where.accountId;
    await theAuditRow(t, account, 'export.products');
    const orders = await auditRowsOf(t, account, 'export.orders');
    expect(orders.map((r) => (r.after as { kind: string }).kind).sort()).toEqual(['purchase', 'work']);
    await theAuditRow(t, account, 'export.stock_moves');
    expect((await theAuditRow(t, account, 'export.master_data')).after).toMatchObject({ kind: 'catalogs' });
  });
});
