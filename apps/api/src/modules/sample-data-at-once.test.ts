import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { useTestApp } from '../test/helpers.ts';
import { newTenant } from '../test/tenants.ts';
import { call } from '../test/work.ts';

// "Load sample data" pressed in two tabs at the same instant (on PostgreSQL both run at once, on two
// connections): one set is written, and the other answer is the 409 a second press gets later, the
// module's own 'only into an empty …' message, not a general 'This already exists or was just
// changed by someone else'.

const t = useTestApp();

/** Each module's loader, and a table whose sample rows count one set. */
const MODULES = [
  { module: 'cbe', table: 'cbe_students' },
  { module: 'barber', table: 'barber_staff' },
  { module: 'ticketing', table: 'ticketing_services' },
] as const;

const sampleRows = async (table: string, workspaceId: string) => {
  const result = await t.db.db.execute(
    sql.raw(`select count(*)::int as n from ${table} where workspace_id = '${workspaceId}' and sample`),
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
};

describe('loading the sample data twice at once', () => {
  it.each(MODULES)('$module: one 201, and the other the 409 of a second load', async ({ module, table }) => {
    const url = `/api/${module}/sample-data`;
    const single = await newTenant(t, module);
    expect((await call(t, 'POST', url, single.owner.token)).statusCode).toBe(201);
    const second = await call(t, 'POST', url, single.owner.token);
    expect(second.statusCode).toBe(409);
    const oneSet = await sampleRows(table, single.workspace.workspace_id);

    const { owner, workspace } = await newTenant(t, module);
    const answers = await Promise.all([call(t, 'POST', url, owner.token), call(t, 'POST', url, owner.token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const loser = answers.find((a) => a.statusCode === 409);
    expect(loser?.json().error).toEqual(second.json().error);
    expect(await sampleRows(table, workspace.workspace_id)).toBe(oneSet);
  });
});
