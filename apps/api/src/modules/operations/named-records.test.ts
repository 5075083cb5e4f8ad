import { randomUUID } from 'node:crypto';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { createNamed, createProduct } from '../../test/master-data.ts';
import { memberIn, newTenant, type Tenant } from '../../test/tenants.ts';
import { call } from '../../test/work.ts';

const t = useTestApp();
let tenant: Tenant;
let token: string;

beforeAll(async () => {
  tenant = await newTenant(t, 'mrp');
  token = tenant.owner.token;
});

describe.each([
  {
    kind: 'catalogs',
    created: operationsMessages.catalogCreated,
    taken: operationsMessages.catalogNameTaken,
  },
  { kind: 'uoms', created: operationsMessages.uomCreated, taken: operationsMessages.uomNameTaken },
] as const)('/api/$kind', ({ kind, created, taken }) => {
  it('creates, edits, deactivates and lists a record', async () => {
    const response = await call(t, 'POST', `/api/${kind}`, token, {
      name: `  Parts ${kind}  `,
      description: 'Bolts, nuts',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(created);
    const record = response.json().data;
    expect(record).toMatchObject({
      name: `Parts ${kind}`,
      description: 'Bolts, nuts',
      status: 'active',
      product_count: 0,
    });

    const edited = await call(t, 'PATCH', `/api/${kind}/${record.id}`, token, {
      name: `Spare parts ${kind}`,
      description: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: messages.updateDone,
      data: { name: `Spare parts ${kind}`, description: null },
    });

    const status = await call(t, 'PATCH', `/api/${kind}/${record.id}/status`, token, { status: 'inactive' });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data.status).toBe('inactive');

    const inactive = await call(t, 'GET', `/api/${kind}?status=inactive&q=spare`, token);
    expect(inactive.json().data.map((r: { id: string }) => r.id)).toEqual([record.id]);
    const active = await call(t, 'GET', `/api/${kind}?status=active&q=spare`, token);
    expect(active.json().meta.total).toBe(0);
  });

  it('sorts by name (any case) or creation, both ways, and pages', async () => {
    const owner = (await newTenant(t, 'erp')).owner.token;
    for (const name of ['beta', 'Alpha', 'gamma']) {
      await createNamed(t, owner, kind, { name });
      t.clock.advance(1);
    }
    const names = async (query: string) =>
      (await call(t, 'GET', `/api/${kind}?${query}`, owner, undefined))
        .json()
        .data.map((r: { name: string }) => r.name);
    expect(await names('sort=name')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(await names('sort=-name')).toEqual(['gamma', 'beta', 'Alpha']);
    expect(await names('sort=created_at')).toEqual(['beta', 'Alpha', 'gamma']);
    expect(await names('sort=-created_at')).toEqual(['gamma', 'Alpha', 'beta']);
    const page = await call(t, 'GET', `/api/${kind}?limit=2&page=2`, owner);
    expect(page.json()).toMatchObject({ data: [{ name: 'gamma' }], meta: { page: 2, limit: 2, total: 3 } });
    // A search with LIKE's own characters takes them literally.
    expect(await names('q=%25')).toEqual([]);
  });

  it('counts the products that name it', async () => {
    const record = await createNamed(t, token, kind);
    const field = kind === 'catalogs' ? 'catalog_id' : 'uom_id';
    await createProduct(t, token, { [field]: record.id });
    await createProduct(t, token, { [field]: record.id });
    const list = await call(t, 'GET', `/api/${kind}?q=${encodeURIComponent(record.name)}`, token);
    expect(list.json().data[0].product_count).toBe(2);
  });

  it('exports the list as CSV with the same filters', async () => {
    const owner = (await newTenant(t, 'mrp')).owner.token;
    await createNamed(t, owner, kind, { name: '=Formula', description: 'a, "quoted" one' });
    await createNamed(t, owner, kind, { name: 'Hidden', status: 'inactive' });
    const response = await call(t, 'GET', `/api/${kind}/export?status=active`, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="${kind}-`));
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      `Name,Description,Status,Products,Created at${kind === 'uoms' ? ',Whole units' : ''}`,
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^'=Formula,"a, ""quoted"" one",active,0,/);
    if (kind === 'uoms') expect(lines[1]).toMatch(/,no$/);
  });

  it('refuses a name taken in any case, also by two creates at once (409, never 500)', async () => {
    const record = await createNamed(t, token, kind, { name: `Unique ${kind}` });
    const again = await call(t, 'POST', `/api/${kind}`, token, { name: `UNIQUE ${kind}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: taken, fields: { name: taken } });

    const other = await createNamed(t, token, kind);
    const rename = await call(t, 'PATCH', `/api/${kind}/${other.id}`, token, {
      name: record.name.toLowerCase(),
    });
    expect(rename.statusCode).toBe(409);
    // Its own name in another case is no conflict.
    const recase = await call(t, 'PATCH', `/api/${kind}/${record.id}`, token, {
      name: record.name.toUpperCase(),
    });
    expect(recase.statusCode, recase.body).toBe(200);

    const name = `Race ${kind} ${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(t, 'POST', `/api/${kind}`, token, { name })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('answers 400 with a message per field', async () => {
    const empty = await call(t, 'POST', `/api/${kind}`, token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ name: messages.nameRequired });
    const hostile = await call(t, 'POST', `/api/${kind}`, token, {
      name: 'a\u0000b',
      description: 'x'.repeat(2001),
      status: 'deleted',
    });
    expect(hostile.statusCode).toBe(400);
    expect(Object.keys(hostile.json().error.fields).sort()).toEqual(['description', 'name', 'status']);
    const record = await createNamed(t, token, kind);
    const badStatus = await call(t, 'PATCH', `/api/${kind}/${record.id}/status`, token, { status: 'gone' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.fields.status).toBe('Status must be one of active, inactive');
    const noStatus = await call(t, 'PATCH', `/api/${kind}/${record.id}/status`, token, {});
    expect(noStatus.json().error.fields.status).toBe(messages.statusRequired);
    expect((await call(t, 'PATCH', `/api/${kind}/not-a-uuid`, token, { name: 'x' })).statusCode).toBe(400);
    expect((await call(t, 'GET', `/api/${kind}?sort=price`, token)).statusCode).toBe(400);
    expect((await call(t, 'GET', `/api/${kind}?limit=101`, token)).statusCode).toBe(400);
    expect((await call(t, 'GET', `/api/${kind}?q=%00`, token)).statusCode).toBe(400);
  });

  it("answers 404 for a missing record and another tenant's", async () => {
    const record = await createNamed(t, token, kind);
    const outsider = (await newTenant(t, 'mrp')).owner.token;
    for (const url of [`/api/${kind}/${record.id}`, `/api/${kind}/${randomUUID()}`]) {
      expect((await call(t, 'PATCH', url, outsider, { name: 'Mine' })).statusCode).toBe(404);
      expect((await call(t, 'PATCH', `${url}/status`, outsider, { status: 'inactive' })).statusCode).toBe(
        404,
      );
    }
    const theirs = await call(t, 'GET', `/api/${kind}`, outsider);
    expect(theirs.json().meta.total).toBe(0);
  });

  it('lets a worker read but not write, a guest nothing, and hides the module in other templates', async () => {
    const record = await createNamed(t, token, kind);
    const worker = await memberIn(t, tenant.workspace, 'worker');
    expect((await call(t, 'GET', `/api/${kind}`, worker.token)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/${kind}/export`, worker.token)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/${kind}`, worker.token, { name: 'W' })).statusCode).toBe(403);
    expect(
      (await call(t, 'PATCH', `/api/${kind}/${record.id}`, worker.token, { name: 'W' })).statusCode,
    ).toBe(403);
    const guest = await memberIn(t, tenant.workspace, 'guest');
    expect((await call(t, 'GET', `/api/${kind}`, guest.token)).statusCode).toBe(403);
    const general = (await newTenant(t, 'workspace')).owner.token;
    const hidden = await call(t, 'GET', `/api/${kind}`, general);
    expect(hidden.statusCode).toBe(404);
    expect((await call(t, 'PATCH', `/api/${kind}/${record.id}`, general, { name: 'x' })).statusCode).toBe(
      404,
    );
  });
});

describe('/api/uoms whole_units', () => {
  it('creates a unit fractional by default, sets and keeps whole_units, and exports it', async () => {
    const owner = (await newTenant(t, 'mrp')).owner.token;
    const plain = await call(t, 'POST', '/api/uoms', owner, { name: 'kg' });
    expect(plain.json().data.whole_units).toBe(false);

    const pcs = await call(t, 'POST', '/api/uoms', owner, { name: 'pcs', whole_units: true });
    expect(pcs.statusCode, pcs.body).toBe(201);
    const id = pcs.json().data.id;
    expect(pcs.json().data.whole_units).toBe(true);
    expect((await call(t, 'GET', `/api/uoms/${id}`, owner)).json().data.whole_units).toBe(true);

    // An edit that does not name it keeps it; one that does changes it.
    const renamed = await call(t, 'PATCH', `/api/uoms/${id}`, owner, { name: 'pieces' });
    expect(renamed.json().data).toMatchObject({ name: 'pieces', whole_units: true });
    const freed = await call(t, 'PATCH', `/api/uoms/${id}`, owner, { name: 'pieces', whole_units: false });
    expect(freed.json().data.whole_units).toBe(false);
    await call(t, 'PATCH', `/api/uoms/${id}`, owner, { name: 'pieces', whole_units: true });

    const list = await call(t, 'GET', '/api/uoms?sort=name', owner);
    expect(
      list.json().data.map((u: { name: string; whole_units: boolean }) => [u.name, u.whole_units]),
    ).toEqual([
      ['kg', false],
      ['pieces', true],
    ]);
    const csv = (await call(t, 'GET', '/api/uoms/export', owner)).body.trim().split('\r\n');
    expect(csv[2]).toMatch(/^pieces,.*,yes$/);
  });

  it('answers 400 for a whole_units that is not a boolean, and a catalog has none', async () => {
    const owner = (await newTenant(t, 'mrp')).owner.token;
    const bad = await call(t, 'POST', '/api/uoms', owner, { name: 'pcs', whole_units: 'yes' });
    expect(bad.statusCode).toBe(400);
    const catalog = await call(t, 'POST', '/api/catalogs', owner, { name: 'Bikes', whole_units: true });
    expect(catalog.statusCode, catalog.body).toBe(201);
    expect(catalog.json().data).not.toHaveProperty('whole_units');
  });
});
