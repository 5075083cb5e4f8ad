import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { memberIn, newTenant } from '../../test/tenants.ts';

const t = useTestApp();

const accessAs = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/operations/access', headers: bearer(token) });

describe('GET /api/operations/access', () => {
  it("lists the operations actions of the caller's role (docs/permissions.md)", async () => {
    const tenant = await newTenant(t, 'mrp');
    const owner = await accessAs(tenant.owner.token);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json()).toEqual({
      data: { module: 'operations', actions: ['operations:read', 'operations:write', 'operations:plan'] },
    });
    const member = await memberIn(t, tenant.workspace, 'member');
    expect((await accessAs(member.token)).json().data.actions).toEqual([
      'operations:read',
      'operations:write',
    ]);
    const worker = await memberIn(t, tenant.workspace, 'worker');
    expect((await accessAs(worker.token)).json().data.actions).toEqual(['operations:read']);
  });

  it('answers in every template that includes operations, and 404 in the others', async () => {
    for (const template of ['erp', 'srm', 'crm'] as const) {
      const tenant = await newTenant(t, template);
      expect((await accessAs(tenant.owner.token)).statusCode, template).toBe(200);
    }
    const general = await newTenant(t, 'workspace');
    const refused = await accessAs(general.owner.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('NOT_FOUND');
  });
});
