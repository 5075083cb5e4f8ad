import { operationsMessages } from '@workhub/shared/operations-messages';
import { describe, expect, it } from 'vitest';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { newTenant } from '../../test/tenants.ts';
import { call } from '../../test/work.ts';
import { activeLinesBelow, BOM_TREE_LEVELS_READ } from './bom-tree.ts';
import { insertBomLine, insertProduct } from './orders-test-helpers.ts';

const t = useTestApp();

describe('GET /api/products/:id/bom/tree of a BOM deeper than the tree shows', () => {
  it('refuses it as too deep, reading no line past the deepest level the tree could show', async () => {
    const tenant = await newTenant(t, 'mrp');
    const where = tenant.workspace;
    // A chain of 80 levels: P0 needs P1, P1 needs P2, ... (an import of 10,000 lines can make one
    // 10,000 deep; reading all of it took PGlite 20 s for a 3,000-level chain, blocking every tenant).
    const chain: string[] = [];
    for (let level = 0; level < 80; level += 1) {
      chain.push(await insertProduct(t, where, { procurementType: level === 79 ? 'buy' : 'make' }));
    }
    for (let level = 0; level < 79; level += 1) {
      await insertBomLine(t, where, chain[level] as string, chain[level + 1] as string, '1');
    }
    const root = chain[0] as string;

    const refused = await call(t, 'GET', `/api/products/${root}/bom/tree`, tenant.owner.token);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorOf(refused).error.message).toBe(operationsMessages.bomTreeTooLarge);

    const read = await activeLinesBelow(
      t.db.db,
      { accountId: where.account_id, workspaceId: where.workspace_id },
      root,
    );
    expect(read.length).toBe(BOM_TREE_LEVELS_READ);
    // A chain within the limit is read whole: the 30 levels under P50.
    const shallow = await activeLinesBelow(
      t.db.db,
      { accountId: where.account_id, workspaceId: where.workspace_id },
      chain[49] as string,
    );
    expect(shallow.length).toBe(30);
  });
});
