import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { newTenant } from '../../test/tenants.ts';
import { publicSlugOf } from './workspaces.service.ts';

const t = useTestApp();

describe('publicSlugOf', () => {
  it("reads as the name: its ASCII letters and digits, lower-case, joined by '-', then 6 random hex", () => {
    expect(publicSlugOf('Acme Clinic')).toMatch(/^acme-clinic-[0-9a-f]{6}$/);
    expect(publicSlugOf('  Café Crème & Co. ')).toMatch(/^cafe-creme-co-[0-9a-f]{6}$/);
    expect(publicSlugOf('Jo\u0000e')).toMatch(/^jo-e-[0-9a-f]{6}$/);
  });

  it('keeps at most 32 characters of the name and never ends them with a dash', () => {
    const slug = publicSlugOf(`${'a'.repeat(31)} b c`);
    expect(slug).toMatch(/^a{31}-[0-9a-f]{6}$/);
  });

  it('is the random tail alone for a name with no letter or digit', () => {
    expect(publicSlugOf('!!! ***')).toMatch(/^[0-9a-f]{6}$/);
  });

  it('differs between two workspaces of the same name', () => {
    const slugs = new Set(Array.from({ length: 50 }, () => publicSlugOf('Same name')));
    expect(slugs.size).toBe(50);
  });
});

describe('workspaces.public_slug', () => {
  it('is set from the name at creation, answered with the workspace, and kept when it is renamed', async () => {
    const { home } = await newTenant(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: bearer(home.token),
      payload: { workspace_name: 'North Branch', template: 'ticketing', description: 'The queue' },
    });
    expect(created.statusCode).toBe(201);
    const { workspace_id: id, public_slug: slug } = created.json().data;
    expect(slug).toMatch(/^north-branch-[0-9a-f]{6}$/);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspaces/${id}`,
      headers: bearer(home.token),
      payload: { workspace_name: 'South Branch', template: 'ticketing', description: 'The queue' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.public_slug).toBe(slug);
  });
});
