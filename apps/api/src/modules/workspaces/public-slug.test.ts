import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema/workspaces.ts';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { newTenant } from '../../test/tenants.ts';
import { publicSlugOf, SLUG_DRAWS, withFreshSlug } from './workspaces.service.ts';

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

describe('a clash of public slugs', () => {
  /** The service's insert, as the owner: a slug already taken inserts nothing. */
  const insertWith = (accountId: string) => async (publicSlug: string) => {
    const [row] = await t.db.db
      .insert(workspaces)
      .values({ accountId, name: 'Acme', template: 'workspace', description: '', publicSlug })
      .onConflictDoNothing({ target: workspaces.publicSlug })
      .returning({ publicSlug: workspaces.publicSlug });
    return row;
  };

  it("draws again when the slug drawn is another workspace's, and the workspace is made", async () => {
    const { workspace } = await newTenant(t);
    const fresh = `acme-${randomBytes(6).toString('hex')}`;
    const drawn = [workspace.public_slug, fresh];
    const row = await withFreshSlug('Acme', insertWith(workspace.account_id), () => drawn.shift() ?? '');
    expect(row.publicSlug).toBe(fresh);
    expect(drawn).toEqual([]);
  });

  it(`gives up after ${SLUG_DRAWS} clashes in a row instead of trying for ever`, async () => {
    const { workspace } = await newTenant(t);
    let draws = 0;
    const taken = () => {
      draws += 1;
      return workspace.public_slug;
    };
    await expect(withFreshSlug('Acme', insertWith(workspace.account_id), taken)).rejects.toThrow(
      /no free public slug/,
    );
    expect(draws).toBe(SLUG_DRAWS);
  });
});
