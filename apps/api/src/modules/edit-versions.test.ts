import { messages } from '@workhub/shared/messages';
import type { Appointment, BarberService, BarberStaff } from '@workhub/shared/schemas/barber';
import type { CbeFeeStructure, CbeStudent } from '@workhub/shared/schemas/cbe';
import type { BomLine, Catalog, Product } from '@workhub/shared/schemas/operations';
import type { AdminPlan } from '@workhub/shared/schemas/plans';
import type { Tag } from '@workhub/shared/schemas/tags';
import type { TeamMember } from '@workhub/shared/schemas/team';
import type { Task } from '@workhub/shared/schemas/work';
import type { Workspace } from '@workhub/shared/schemas/workspaces';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bearer, errorOf, useTestApp } from '../test/helpers.ts';
import { addBomLine, createNamed, createProduct } from '../test/master-data.ts';
import { staffMember } from '../test/staff.ts';
import { createTag } from '../test/tags.ts';
import { newTenant } from '../test/tenants.ts';
import {
  call,
  createMilestone,
  createProject,
  createTask,
  milestoneBody,
  projectBody,
  taskBody,
  tenantWithWorker,
} from '../test/work.ts';
import { barberAppointments } from './barber/barber.schema.ts';
import {
  addService,
  addStaff,
  barberShop,
  booked,
  bookedOnline,
  shopTimeAt,
} from './barber/barber-test-helpers.ts';
import { makeSchool } from './cbe/cbe-test-helpers.ts';
import {
  createOrder,
  customerBody,
  opsTenant,
  purchaseBody,
  stepOrder,
} from './operations/orders-test-helpers.ts';
import {
  createCounter,
  createService as createTicketingService,
} from './ticketing/ticketing-test-helpers.ts';

// An edit made against a version (If-Match: the record's updated_at as the API answered it,
// decision 039): refused with 412 once someone has saved the record since, and nothing changes.
// The test clock stands still: two writes in one millisecond must still give two versions. It
// also keeps the per-IP request limit's minute from ending, and the file makes more than its 1,000.

const t = useTestApp({ RATE_LIMIT_PER_IP: '1000000' });

const send = (method: 'PATCH' | 'PUT', url: string, token: string, body: object, ifMatch?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    payload: body,
  });

const tag = (updatedAt: string) => `"${updatedAt}"`;

/** Reads the record at `url` (it must answer 200): the record as an edit form opens it. */
const reader =
  <T>(url: string, token: string) =>
  async (): Promise<T> => {
    const answer = await call(t, 'GET', url, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as T;
  };

/** Edits made against one version at the same instant: exactly one applied (200), every other 412; the one's data. */
function oneApplied<T>(answers: { statusCode: number; json: () => { data: unknown } }[]): T {
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
    200,
    ...answers.slice(1).map(() => 412),
  ]);
  return answers.find((answer) => answer.statusCode === 200)?.json().data as T;
}

/**
 * An edit that changes only the rows a record holds (`after`), within the millisecond of the edit
 * before (`before`): a new version, so an edit made against the one before is refused.
 */
async function expectOwnRowsMoveTheVersion(
  edit: (
    value: string,
    ifMatch?: string,
  ) => Promise<{ statusCode: number; body: string; json: () => { data: unknown } }>,
  before: string,
  after: string,
): Promise<void> {
  const first = (await edit(before)).json().data as { updated_at: string };
  const second = await edit(after, tag(first.updated_at));
  expect(second.statusCode, second.body).toBe(200);
  expect((second.json().data as { updated_at: string }).updated_at).not.toBe(first.updated_at);
  expect((await edit(before, tag(first.updated_at))).statusCode).toBe(412);
}

/** A task body for an edit: every field but the project. */
const taskEdit = (body: ReturnType<typeof taskBody>, name: string) => {
  const { project_id: _project, ...rest } = body;
  return { ...rest, name };
};

async function aTask() {
  const tenant = await tenantWithWorker(t);
  const task = await createTask(t, tenant.owner.token, tenant.toWorker);
  const url = `/api/tasks/${task.task_id}`;
  const read = async () => (await call(t, 'GET', url, tenant.owner.token)).json().data as Task;
  const edit = (name: string, ifMatch?: string) =>
    send('PATCH', url, tenant.owner.token, taskEdit(taskBody(t, tenant.toWorker), name), ifMatch);
  return { ...tenant, task, url, read, edit };
}

describe('PATCH /api/tasks/:id with If-Match', () => {
  it('applies an edit made against the stored version, and answers the new one', async () => {
    const { task, edit, read } = await aTask();
    const first = await edit('First', tag(task.updated_at));
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().data as Task;
    expect(saved.name).toBe('First');
    // The clock did not move: the version moved anyway.
    expect(saved.updated_at).not.toBe(task.updated_at);
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(task.updated_at));
    expect((await read()).updated_at).toBe(saved.updated_at);
    // The version as the API answered it, bare or as a weak tag, also matches.
    expect((await edit('Second', saved.updated_at)).statusCode).toBe(200);
    const now = await read();
    expect((await edit('Third', `W/"${now.updated_at}"`)).statusCode).toBe(200);
  });

  it('refuses (412) an edit made against a version saved over since, and keeps what was saved', async () => {
    const { task, edit, read } = await aTask();
    expect((await edit('Saved in another tab', tag(task.updated_at))).statusCode).toBe(200);
    const stale = await edit('Made from the old page', tag(task.updated_at));
    expect(stale.statusCode).toBe(412);
    expect(errorOf(stale).error).toEqual({ code: 'EDIT_CONFLICT', message: messages.editConflict });
    expect((await read()).name).toBe('Saved in another tab');
  });

  it("refuses an edit made before someone changed the task's status (it would undo it)", async () => {
    const { task, edit, read, url, worker } = await aTask();
    const done = await call(t, 'PATCH', `${url}/status`, worker.token, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await edit('Renamed', tag(task.updated_at))).statusCode).toBe(412);
    expect((await read()).stored_status).toBe('completed');
  });

  it('sets no condition without the header or with *; a tag that is no version never matches', async () => {
    const { task, edit } = await aTask();
    expect((await edit('No header')).statusCode).toBe(200);
    expect((await edit('Any version', '*')).statusCode).toBe(200);
    for (const wrong of [
      '"yesterday"',
      '"1"',
      '""',
      '"2026-13-45T99:99:99Z"',
      `"${task.task_id}"`,
      '\u0000',
    ]) {
      const answer = await edit('Never', wrong);
      expect(answer.statusCode, wrong).toBe(412);
    }
  });

  it('gives exactly one of several edits made against one version at the same instant', async () => {
    const { task, edit, read } = await aTask();
    const names = 'ABCDEFGHIJKL'.split('');
    const answers = await Promise.all(names.map((name) => edit(name, tag(task.updated_at))));
    const winner = oneApplied<Task>(answers);
    expect((await read()).name).toBe(winner.name);
  });

  it("answers 404, not 412, for another tenant's task whatever version it names", async () => {
    const { task, url } = await aTask();
    const stranger = await newTenant(t);
    const answer = await send(
      'PATCH',
      url,
      stranger.owner.token,
      { ...taskEdit(taskBody(t, { assigned_to: task.assigned_to ?? '', project_id: task.project_id }), 'X') },
      tag(task.updated_at),
    );
    expect(answer.statusCode).toBe(404);
  });
});

describe('PATCH /api/projects/:id and /api/milestones/:id with If-Match', () => {
  const records = [
    {
      kind: 'project',
      make: async () => {
        const { owner } = await newTenant(t);
        const project = await createProject(t, owner.token);
        const url = `/api/projects/${project.project_id}`;
        return { token: owner.token, url, version: project.updated_at, body: projectBody(t) };
      },
    },
    {
      kind: 'milestone',
      make: async () => {
        const { owner } = await newTenant(t);
        const project = await createProject(t, owner.token);
        const milestone = await createMilestone(t, owner.token, project.project_id);
        const url = `/api/milestones/${milestone.milestone_id}`;
        return { token: owner.token, url, version: milestone.updated_at, body: milestoneBody(t) };
      },
    },
  ];

  for (const record of records) {
    it(`a ${record.kind}: applies an edit of the stored version, refuses (412) one saved over since`, async () => {
      const { token, url, version, body } = await record.make();
      const first = await send('PATCH', url, token, { ...body, name: 'First' }, tag(version));
      expect(first.statusCode, first.body).toBe(200);
      const saved = first.json().data as { name: string; updated_at: string };
      expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(version));
      const stale = await send('PATCH', url, token, { ...body, name: 'Stale' }, tag(version));
      expect(stale.statusCode).toBe(412);
      expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
      expect((await call(t, 'GET', url, token)).json().data).toMatchObject({ name: 'First' });
      const next = await send('PATCH', url, token, { ...body, name: 'Next' }, tag(saved.updated_at));
      expect(next.statusCode).toBe(200);
      expect((await send('PATCH', url, token, { ...body, name: 'Free' })).statusCode).toBe(200);
    });

    it(`a ${record.kind}: of several edits of one version at the same instant, one is applied`, async () => {
      const { token, url, version, body } = await record.make();
      const names = 'ABCDEFGHIJKL'.split('');
      const answers = await Promise.all(
        names.map((name) => send('PATCH', url, token, { ...body, name }, tag(version))),
      );
      const winner = oneApplied<{ name: string }>(answers);
      expect((await call(t, 'GET', url, token)).json().data).toMatchObject({ name: winner.name });
    });
  }
});

describe('PATCH /api/workspaces/:id with If-Match (its version is time_updated)', () => {
  it('applies an edit of the stored version, refuses (412) one saved over since; one of several at once', async () => {
    const { owner, workspace } = await newTenant(t);
    const url = `/api/workspaces/${workspace.workspace_id}`;
    const read = async () => (await call(t, 'GET', url, owner.token)).json().data as Workspace;
    const opened = await read();
    const body = (workspace_name: string) => ({
      workspace_name,
      template: opened.template,
      description: opened.description,
    });
    const first = await send('PATCH', url, owner.token, body('First'), tag(opened.time_updated));
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().data as Workspace;
    expect(Date.parse(saved.time_updated)).toBeGreaterThan(Date.parse(opened.time_updated));
    const stale = await send('PATCH', url, owner.token, body('Stale'), tag(opened.time_updated));
    expect(stale.statusCode).toBe(412);
    expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
    expect((await read()).workspace_name).toBe('First');

    const names = 'ABCDEFGH'.split('');
    const answers = await Promise.all(
      names.map((name) => send('PATCH', url, owner.token, body(name), tag(saved.time_updated))),
    );
    const winner = oneApplied<Workspace>(answers);
    expect((await read()).workspace_name).toBe(winner.workspace_name);
    expect((await send('PATCH', url, owner.token, body('Free'))).statusCode).toBe(200);
  });
});

describe('PATCH /api/team/:userId with If-Match (the later of the membership’s and the person’s updated_at)', () => {
  async function aMember() {
    const tenant = await tenantWithWorker(t);
    // The helper inserts the person and their membership with the database's clock, which may be
    // ahead of the test's (it started with the app and moves only when told): the edits below come
    // a second after they joined, as people's do. A person's change within one millisecond after
    // their membership's may share its version (migration 0028).
    t.clock.advance(Math.max(0, (Date.now() - t.clock.now().getTime()) / 1000) + 1);
    const url = `/api/team/${tenant.worker.userId}`;
    const read = async () => (await call(t, 'GET', url, tenant.owner.token)).json().data as TeamMember;
    const edit = (first_name: string, role: 'worker' | 'member', ifMatch?: string) =>
      send('PATCH', url, tenant.owner.token, { first_name, last_name: 'Person', role }, ifMatch);
    return { ...tenant, url, read, edit };
  }

  it('applies an edit of the stored version and answers the new one; refuses (412) one saved over since', async () => {
    const { read, edit } = await aMember();
    const opened = await read();
    const first = await edit('First', 'member', tag(opened.updated_at));
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().data as TeamMember;
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(opened.updated_at));
    expect((await read()).updated_at).toBe(saved.updated_at);
    const stale = await edit('Stale', 'worker', tag(opened.updated_at));
    expect(stale.statusCode).toBe(412);
    expect(errorOf(stale).error).toEqual({ code: 'EDIT_CONFLICT', message: messages.editConflict });
    expect(await read()).toMatchObject({ first_name: 'First', role: 'member' });
    // Without the header the edit applies to what is stored, as before.
    expect((await edit('Free', 'worker')).statusCode).toBe(200);
  });

  it('refuses an edit opened before the person changed their own details, or an admin their status', async () => {
    const { read, edit, worker, url, owner } = await aMember();
    const opened = await read();
    const own = await call(t, 'PATCH', '/api/me/profile', worker.token, {
      first_name: 'Mine',
      phone: '555-0199',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await edit('Overwrite', 'worker', tag(opened.updated_at))).statusCode).toBe(412);
    expect(await read()).toMatchObject({ first_name: 'Mine', phone: '555-0199' });

    const before = await read();
    const off = await call(t, 'PATCH', `${url}/status`, owner.token, { status: '0' });
    expect(off.statusCode, off.body).toBe(200);
    expect((await edit('Overwrite', 'member', tag(before.updated_at))).statusCode).toBe(412);
    expect((await read()).role).toBe('worker');
  });

  it('of several edits of one version at the same instant, one is applied', async () => {
    const { read, edit } = await aMember();
    const opened = await read();
    const names = 'ABCDEFGH'.split('');
    const answers = await Promise.all(names.map((name) => edit(name, 'member', tag(opened.updated_at))));
    const winner = oneApplied<TeamMember>(answers);
    expect((await read()).first_name).toBe(winner.first_name);
  });
});

describe('PATCH /api/products/:id with If-Match (a stock move is not a change of the product’s version)', () => {
  async function aProduct() {
    const { token, wheel } = await opsTenant(t);
    const url = `/api/products/${wheel}`;
    const read = async () => (await call(t, 'GET', url, token)).json().data as Product;
    const edit = (product_name: string, price: string, ifMatch?: string) =>
      send('PATCH', url, token, { product_name, price }, ifMatch);
    return { token, wheel, url, read, edit };
  }

  it('applies an edit of the stored version, refuses (412) one saved over since and keeps what was saved', async () => {
    const { read, edit } = await aProduct();
    const opened = await read();
    const first = await edit('Wheel, front', '12.5', tag(opened.updated_at));
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().data as Product;
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(opened.updated_at));
    const stale = await edit('Wheel, rear', '9', tag(opened.updated_at));
    expect(stale.statusCode).toBe(412);
    expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
    expect(await read()).toMatchObject({ product_name: 'Wheel, front', price: '12.5000' });
    expect((await edit('Wheel', '10')).statusCode).toBe(200);
  });

  it('takes an edit opened before a stock move: the form does not send the stock, the move stays', async () => {
    const { read, edit, token, wheel } = await aProduct();
    const opened = await read();
    const counted = await call(t, 'POST', '/api/stock-adjustments', token, {
      product_id: wheel,
      quantity: '7',
      reason: 'Cycle count',
    });
    expect(counted.statusCode, counted.body).toBe(201);
    expect((await read()).updated_at).toBe(opened.updated_at);
    const saved = await edit('Wheel, renamed', '11', tag(opened.updated_at));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ product_name: 'Wheel, renamed', product_qty: '7.0000' });
  });

  it('of several edits of one version at the same instant, one is applied', async () => {
    const { read, edit } = await aProduct();
    const opened = await read();
    const names = 'ABCDEFGH'.split('');
    const answers = await Promise.all(
      names.map((name) => edit(`Wheel ${name}`, '10', tag(opened.updated_at))),
    );
    const winner = oneApplied<Product>(answers);
    expect((await read()).product_name).toBe(winner.product_name);
  });
});

describe('PATCH /api/catalogs/:id and /api/uoms/:id with If-Match', () => {
  for (const kind of ['catalogs', 'uoms'] as const) {
    async function aRecord() {
      const tenant = await newTenant(t, 'mrp');
      const token = tenant.owner.token;
      const { id } = await createNamed(t, token, kind);
      const url = `/api/${kind}/${id}`;
      const read = reader<Catalog>(url, token);
      const edit = (name: string, ifMatch?: string) =>
        send('PATCH', url, token, { name, description: `${name}, described` }, ifMatch);
      return { ...tenant, token, url, read, edit };
    }

    it(`${kind}: applies an edit of the stored version, refuses (412) one saved over since and keeps what was saved`, async () => {
      const { read, edit } = await aRecord();
      const opened = await read();
      const first = await edit('Front', tag(opened.updated_at));
      expect(first.statusCode, first.body).toBe(200);
      const saved = first.json().data as Catalog;
      expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(opened.updated_at));
      expect((await read()).updated_at).toBe(saved.updated_at);
      const stale = await edit('Rear', tag(opened.updated_at));
      expect(stale.statusCode).toBe(412);
      expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
      expect(await read()).toMatchObject({ name: 'Front', description: 'Front, described' });
      expect((await edit('Free')).statusCode).toBe(200);
    });

    it(`${kind}: refuses an edit opened before someone deactivated the record (it would undo it)`, async () => {
      const { read, edit, url, token } = await aRecord();
      const opened = await read();
      const off = await call(t, 'PATCH', `${url}/status`, token, { status: 'inactive' });
      expect(off.statusCode, off.body).toBe(200);
      expect((await edit('Renamed', tag(opened.updated_at))).statusCode).toBe(412);
      expect((await read()).status).toBe('inactive');
    });

    it(`${kind}: of several edits of one version at the same instant, one is applied`, async () => {
      const { read, edit } = await aRecord();
      const opened = await read();
      const names = 'ABCDEFGH'.split('');
      const answers = await Promise.all(names.map((name) => edit(`Name ${name}`, tag(opened.updated_at))));
      const winner = oneApplied<Catalog>(answers);
      expect((await read()).name).toBe(winner.name);
    });

    it(`${kind}: another tenant's record is 404 to read and to edit, whatever version it names`, async () => {
      const { url, read } = await aRecord();
      const opened = await read();
      const other = await newTenant(t, 'mrp');
      expect((await call(t, 'GET', url, other.owner.token)).statusCode).toBe(404);
      const answer = await send('PATCH', url, other.owner.token, { name: 'Taken' }, tag(opened.updated_at));
      expect(answer.statusCode).toBe(404);
      expect((await read()).name).toBe(opened.name);
    });
  }
});

describe('PATCH /api/bom-lines/:id with If-Match (its attachment is not a change of its version)', () => {
  async function aLine() {
    const tenant = await newTenant(t, 'mrp');
    const token = tenant.owner.token;
    const parent = await createProduct(t, token, { procurement_type: 'make' });
    const component = await createProduct(t, token);
    const line = await addBomLine(t, token, parent.id, component.id, { bom_qty: '2' });
    const url = `/api/bom-lines/${line.id}`;
    const read = reader<BomLine>(url, token);
    const edit = (bom_qty: string, ifMatch?: string, status: 'active' | 'inactive' = 'active') =>
      send('PATCH', url, token, { product_needed: component.id, bom_qty, status }, ifMatch);
    return { token, line, url, read, edit };
  }

  it('applies an edit of the stored version, refuses (412) one saved over since and keeps what was saved', async () => {
    const { read, edit } = await aLine();
    const opened = await read();
    const first = await edit('3', tag(opened.updated_at));
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().data as BomLine;
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(opened.updated_at));
    const stale = await edit('5', tag(opened.updated_at), 'inactive');
    expect(stale.statusCode).toBe(412);
    expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
    expect(await read()).toMatchObject({ bom_qty: '3.0000', status: 'active' });
    expect((await edit('4')).statusCode).toBe(200);
  });

  it('takes an edit opened before an attachment was added or removed: the file stays', async () => {
    const { read, edit, url, token } = await aLine();
    const opened = await read();
    const boundary = 'edit-version-boundary';
    const attached = await t.app.inject({
      method: 'PUT',
      url: `${url}/attachment`,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\nTorque 12 Nm\r\n--${boundary}--\r\n`,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect((await read()).updated_at).toBe(opened.updated_at);
    const saved = await edit('6', tag(opened.updated_at));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json().data as BomLine).attachment?.file_name).toBe('notes.txt');
    const afterEdit = await read();
    expect((await call(t, 'DELETE', `${url}/attachment`, token)).statusCode).toBe(200);
    expect((await edit('7', tag(afterEdit.updated_at))).statusCode).toBe(200);
  });

  it('of several edits of one version at the same instant, one is applied', async () => {
    const { read, edit } = await aLine();
    const opened = await read();
    const quantities = ['11', '12', '13', '14', '15', '16'];
    const answers = await Promise.all(quantities.map((qty) => edit(qty, tag(opened.updated_at))));
    const winner = oneApplied<BomLine>(answers);
    expect((await read()).bom_qty).toBe(winner.bom_qty);
  });

  it("another tenant's line is 404 to read and to edit, whatever version it names", async () => {
    const { url, read } = await aLine();
    const opened = await read();
    const other = await newTenant(t, 'mrp');
    expect((await call(t, 'GET', url, other.owner.token)).statusCode).toBe(404);
    const answer = await send(
      'PATCH',
      url,
      other.owner.token,
      { product_needed: opened.product_needed, bom_qty: '9' },
      tag(opened.updated_at),
    );
    expect(answer.statusCode).toBe(404);
    expect((await read()).bom_qty).toBe(opened.bom_qty);
  });
});

describe('PATCH /api/barber/services/:id with If-Match', () => {
  async function aService() {
    const tenant = await newTenant(t, 'barber');
    const token = tenant.owner.token;
    const { id } = await addService(t, token);
    const url = `/api/barber/services/${id}`;
    const read = reader<BarberService>(url, token);
    const edit = (name: string, ifMatch?: string, active = true) =>
      send('PATCH', url, token, { name, duration_minutes: 45, price: '900', active }, ifMatch);
    return { token, url, read, edit };
  }

  it('applies an edit of the stored version, refuses (412) one saved over since and keeps what was saved', async () => {
    const { read, edit } = await aService();
    const opened = await read();
    const first = await edit('Skin fade', tag(opened.updated_at));
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().data as BarberService;
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(opened.updated_at));
    expect((await read()).updated_at).toBe(saved.updated_at);
    // Made from the old dialog: it would put the service back on the booking page.
    const stale = await edit('Taper', tag(opened.updated_at), false);
    expect(stale.statusCode).toBe(412);
    expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
    expect(await read()).toMatchObject({ name: 'Skin fade', active: true });
    expect((await edit('Free')).statusCode).toBe(200);
  });

  it('of several edits of one version at the same instant, one is applied', async () => {
    const { read, edit } = await aService();
    const opened = await read();
    const names = 'ABCDEF'.split('');
    const answers = await Promise.all(names.map((name) => edit(`Cut ${name}`, tag(opened.updated_at))));
    const winner = oneApplied<BarberService>(answers);
    expect((await read()).name).toBe(winner.name);
  });

  it("another shop's service is 404 to read and to edit, whatever version it names", async () => {
    const { url, read } = await aService();
    const opened = await read();
    const other = await newTenant(t, 'barber');
    expect((await call(t, 'GET', url, other.owner.token)).statusCode).toBe(404);
    const answer = await send(
      'PATCH',
      url,
      other.owner.token,
      { name: 'Taken', duration_minutes: 30, price: '1' },
      tag(opened.updated_at),
    );
    expect(answer.statusCode).toBe(404);
    expect((await read()).name).toBe(opened.name);
  });
});

describe('PATCH /api/ticketing/services/:id and /api/ticketing/counters/:id with If-Match', () => {
  async function aQueue() {
    const tenant = await newTenant(t, 'ticketing');
    const token = tenant.owner.token;
    const service = await createTicketingService(t, token, { prefix: 'A' });
    const counter = await createCounter(t, token, { service_ids: [service.id] });
    return { token, service, counter };
  }
  const kinds = [
    {
      kind: 'services',
      url: (q: Awaited<ReturnType<typeof aQueue>>) => `/api/ticketing/services/${q.service.id}`,
      body: (_q: Awaited<ReturnType<typeof aQueue>>, name: string) => ({
        name,
        prefix: 'A',
        avg_service_minutes: 7,
      }),
    },
    {
      kind: 'counters',
      url: (q: Awaited<ReturnType<typeof aQueue>>) => `/api/ticketing/counters/${q.counter.id}`,
      body: (q: Awaited<ReturnType<typeof aQueue>>, name: string) => ({ name, service_ids: [q.service.id] }),
    },
  ] as const;

  for (const record of kinds) {
    it(`${record.kind}: applies an edit of the stored version, refuses (412) one saved over since; one of several at once`, async () => {
      const queue = await aQueue();
      const url = record.url(queue);
      const read = reader<{ name: string; updated_at: string }>(url, queue.token);
      const edit = (name: string, ifMatch?: string) =>
        send('PATCH', url, queue.token, record.body(queue, name), ifMatch);
      const opened = await read();
      const first = await edit('Front desk', tag(opened.updated_at));
      expect(first.statusCode, first.body).toBe(200);
      const saved = first.json().data as { updated_at: string };
      expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(opened.updated_at));
      const stale = await edit('Back desk', tag(opened.updated_at));
      expect(stale.statusCode).toBe(412);
      expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
      expect((await read()).name).toBe('Front desk');

      const now = await read();
      const names = 'ABCDEF'.split('').map((letter) => `Desk ${letter}`);
      const answers = await Promise.all(names.map((name) => edit(name, tag(now.updated_at))));
      const winner = oneApplied<{ name: string }>(answers);
      expect((await read()).name).toBe(winner.name);

      const other = await newTenant(t, 'ticketing');
      expect((await call(t, 'GET', url, other.owner.token)).statusCode).toBe(404);
      const foreign = await send(
        'PATCH',
        url,
        other.owner.token,
        record.body(queue, 'Taken'),
        tag(now.updated_at),
      );
      expect(foreign.statusCode).toBe(404);
    });
  }
});

describe('PATCH /api/cbe/students/:id with If-Match (its guardians are part of its version)', () => {
  async function aStudent() {
    const tenant = await newTenant(t, 'cbe');
    const token = tenant.owner.token;
    const school = await makeSchool(t, token, { students: 1 });
    const url = `/api/cbe/students/${school.studentIds[0]}`;
    const read = reader<CbeStudent>(url, token);
    const edit = (lastName: string, ifMatch?: string, guardians = [{ name: 'Grace Wanjiru' }]) =>
      send(
        'PATCH',
        url,
        token,
        {
          admission_no: 'ADM-1',
          first_name: 'Amani',
          last_name: lastName,
          class_id: school.classId,
          guardians,
        },
        ifMatch,
      );
    return { token, url, read, edit };
  }

  it('applies an edit of the stored version, refuses (412) one saved over since and keeps what was saved', async () => {
    const { read, edit } = await aStudent();
    const opened = await read();
    const first = await edit('Otieno', tag(opened.updated_at));
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().data as CbeStudent;
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(opened.updated_at));
    expect((await read()).updated_at).toBe(saved.updated_at);
    // Made from the old dialog, with the guardians as they were: neither the name nor them change.
    const stale = await edit('Kamau', tag(opened.updated_at), [{ name: 'Peter Otieno' }, { name: 'Ann' }]);
    expect(stale.statusCode).toBe(412);
    expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
    const now = await read();
    expect(now.last_name).toBe('Otieno');
    expect(now.guardians.map((g) => g.name)).toEqual(['Grace Wanjiru']);
    expect((await edit('Free')).statusCode).toBe(200);
  });

  it('a change of the guardians alone is a new version', async () => {
    const { read, edit } = await aStudent();
    const opened = await read();
    const first = await edit(opened.last_name, tag(opened.updated_at), [{ name: 'Ann Njeri' }]);
    expect(first.statusCode, first.body).toBe(200);
    expect((await edit(opened.last_name, tag(opened.updated_at))).statusCode).toBe(412);
    expect((await read()).guardians.map((g) => g.name)).toEqual(['Ann Njeri']);
  });

  it('of several edits of one version at the same instant, one is applied, with its own guardians', async () => {
    const { read, edit } = await aStudent();
    const opened = await read();
    const names = 'ABCDEF'.split('').map((letter) => `Name ${letter}`);
    const answers = await Promise.all(
      names.map((name) => edit(name, tag(opened.updated_at), [{ name: `Guardian of ${name}` }])),
    );
    const winner = oneApplied<CbeStudent>(answers);
    const now = await read();
    expect(now.last_name).toBe(winner.last_name);
    expect(now.guardians.map((g) => g.name)).toEqual([`Guardian of ${winner.last_name}`]);
  });

  it("another school's student is 404 to read and to edit, whatever version it names", async () => {
    const { url, read } = await aStudent();
    const opened = await read();
    const other = await newTenant(t, 'cbe');
    const school = await makeSchool(t, other.owner.token, { students: 0 });
    expect((await call(t, 'GET', url, other.owner.token)).statusCode).toBe(404);
    const answer = await send(
      'PATCH',
      url,
      other.owner.token,
      { admission_no: 'X-1', first_name: 'X', last_name: 'Y', class_id: school.classId, guardians: [] },
      tag(opened.updated_at),
    );
    expect(answer.statusCode).toBe(404);
    expect((await read()).last_name).toBe(opened.last_name);
  });
});

describe('PATCH /api/admin/plans/:id with If-Match (taking it off sale is a change of it)', () => {
  async function aPlan() {
    const { token } = await staffMember(t, 'super_admin');
    const body = (title: string) => ({
      title,
      subscription: 'per month',
      subheader: null,
      price: 19.5,
      description: 'Everything a team of ten needs.',
      button_text: 'Get started',
      button_variant: 'filled',
      month: 1,
      status: 'active',
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/plans',
      headers: bearer(token),
      payload: body('Team'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/admin/plans/${(created.json().data as AdminPlan).subscription_id}`;
    const read = reader<AdminPlan>(url, token);
    const edit = (title: string, ifMatch?: string) => send('PATCH', url, token, body(title), ifMatch);
    return { token, url, read, edit };
  }

  it('applies an edit of the stored version, refuses (412) one saved over since and keeps what was saved', async () => {
    const { read, edit } = await aPlan();
    const opened = await read();
    const first = await edit('Team plus', tag(opened.updated_at));
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().data as AdminPlan;
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(opened.updated_at));
    expect((await read()).updated_at).toBe(saved.updated_at);
    const stale = await edit('Team', tag(opened.updated_at));
    expect(stale.statusCode).toBe(412);
    expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
    expect((await read()).title).toBe('Team plus');
    expect((await edit('Free')).statusCode).toBe(200);
  });

  it('refuses an edit opened before someone took the plan off sale (it would put it back)', async () => {
    const { url, token, read, edit } = await aPlan();
    const opened = await read();
    const off = await send('PATCH', `${url}/status`, token, { status: '0' });
    expect(off.statusCode, off.body).toBe(200);
    expect((await edit('Renamed', tag(opened.updated_at))).statusCode).toBe(412);
    expect(await read()).toMatchObject({ title: 'Team', status: 'inactive' });
  });

  it('of several edits of one version at the same instant, one is applied', async () => {
    const { read, edit } = await aPlan();
    const opened = await read();
    const titles = 'ABCDEF'.split('').map((letter) => `Plan ${letter}`);
    const answers = await Promise.all(titles.map((title) => edit(title, tag(opened.updated_at))));
    const winner = oneApplied<AdminPlan>(answers);
    expect((await read()).title).toBe(winner.title);
  });
});

describe('PATCH /api/barber/staff/:id with If-Match (services, hours, breaks and days off are part of it)', () => {
  async function aBarber() {
    const tenant = await newTenant(t, 'barber');
    const token = tenant.owner.token;
    const service = await addService(t, token);
    const staff = await addStaff(t, token, [service.id]);
    const url = `/api/barber/staff/${staff.id}`;
    const read = reader<BarberStaff>(url, token);
    const edit = (name: string, ifMatch?: string, daysOff: string[] = []) =>
      send(
        'PATCH',
        url,
        token,
        {
          name,
          service_ids: [service.id],
          hours: [{ weekday: 1, start_minute: 540, end_minute: 1020 }],
          breaks: [],
          days_off: daysOff,
          active: true,
        },
        ifMatch,
      );
    return { token, url, read, edit };
  }

  it('applies an edit of the stored version, refuses (412) one saved over since and keeps what was saved', async () => {
    const { read, edit } = await aBarber();
    const opened = await read();
    const first = await edit('Juma', tag(opened.updated_at), ['2030-01-02']);
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().data as BarberStaff;
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(opened.updated_at));
    expect((await read()).updated_at).toBe(saved.updated_at);
    // Made from the old dialog: it would drop the day off and the new hours.
    const stale = await edit('Juma K', tag(opened.updated_at));
    expect(stale.statusCode).toBe(412);
    expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
    expect(await read()).toMatchObject({ name: 'Juma', days_off: ['2030-01-02'] });
    expect((await edit('Free')).statusCode).toBe(200);
  });

  it('of several edits of one version at the same instant, one is applied, with its own schedule', async () => {
    const { read, edit } = await aBarber();
    const opened = await read();
    const days = ['2030-01-02', '2030-01-03', '2030-01-04', '2030-01-05'];
    const answers = await Promise.all(days.map((day) => edit(`Off ${day}`, tag(opened.updated_at), [day])));
    const winner = oneApplied<BarberStaff>(answers);
    expect(await read()).toMatchObject({ name: winner.name, days_off: winner.days_off });
  });

  it("another shop's staff member is 404 to read and to edit, whatever version it names", async () => {
    const { read, url } = await aBarber();
    const opened = await read();
    const other = await newTenant(t, 'barber');
    expect((await call(t, 'GET', url, other.owner.token)).statusCode).toBe(404);
    const answer = await send(
      'PATCH',
      url,
      other.owner.token,
      { name: 'Taken', service_ids: [], hours: [], breaks: [], days_off: [], active: true },
      tag(opened.updated_at),
    );
    expect(answer.statusCode).toBe(404);
    expect((await read()).name).toBe(opened.name);
  });
});

describe('a change of the rows a record holds, alone and within the millisecond of its last edit, is a new version', () => {
  // The clock put ahead of the records' creation, and held: the first edit sets updated_at to the
  // clock's time exactly, and the second, which changes only the other rows, is made in the same
  // millisecond. Its version must still move (db/edit-lock.ts, nextVersion).
  const heldAhead = () => {
    const seconds = (Date.now() - t.clock.now().getTime()) / 1000 + 60;
    t.clock.advance(seconds);
    onTestFinished(() => t.clock.advance(-seconds));
  };

  it("a student's guardians", async () => {
    const tenant = await newTenant(t, 'cbe');
    const school = await makeSchool(t, tenant.owner.token, { students: 1 });
    heldAhead();
    const url = `/api/cbe/students/${school.studentIds[0]}`;
    const edit = (guardian: string, ifMatch?: string) =>
      send(
        'PATCH',
        url,
        tenant.owner.token,
        {
          admission_no: 'ADM-9',
          first_name: 'Amani',
          last_name: 'Kamau',
          class_id: school.classId,
          guardians: [{ name: guardian }],
        },
        ifMatch,
      );
    await expectOwnRowsMoveTheVersion(edit, 'Grace', 'Ann');
  });

  it("a staff member's days off", async () => {
    const tenant = await newTenant(t, 'barber');
    const service = await addService(t, tenant.owner.token);
    const staff = await addStaff(t, tenant.owner.token, [service.id]);
    heldAhead();
    const url = `/api/barber/staff/${staff.id}`;
    const edit = (day: string, ifMatch?: string) =>
      send(
        'PATCH',
        url,
        tenant.owner.token,
        { name: 'Juma', service_ids: [service.id], hours: [], breaks: [], days_off: [day], active: true },
        ifMatch,
      );
    await expectOwnRowsMoveTheVersion(edit, '2030-01-02', '2030-01-03');
  });

  it("a queue counter's services", async () => {
    const tenant = await newTenant(t, 'ticketing');
    const a = await createTicketingService(t, tenant.owner.token, { prefix: 'A' });
    const b = await createTicketingService(t, tenant.owner.token, { prefix: 'B' });
    const counter = await createCounter(t, tenant.owner.token, { service_ids: [a.id] });
    heldAhead();
    const url = `/api/ticketing/counters/${counter.id}`;
    const edit = (serviceId: string, ifMatch?: string) =>
      send('PATCH', url, tenant.owner.token, { name: 'Desk 1', service_ids: [serviceId] }, ifMatch);
    await expectOwnRowsMoveTheVersion(edit, a.id, b.id);
  });
});

describe('PATCH /api/{purchase,customer}-orders/:id with If-Match (a draft’s lines are part of it)', () => {
  const kinds = [
    { path: '/api/purchase-orders', body: purchaseBody },
    { path: '/api/customer-orders', body: customerBody },
  ] as const;

  for (const kind of kinds) {
    it(`${kind.path}: applies an edit of the stored version, refuses (412) one saved over since; one of several at once`, async () => {
      const tenant = await opsTenant(t);
      const lines = (qty: string) => [{ product_id: tenant.wheel, quantity: qty, unit_price: '40' }];
      const order = await createOrder(t, tenant.token, kind.path, kind.body(t, lines('1')));
      const url = `${kind.path}/${order.id}`;
      type Detail = { updated_at: string; notes: string | null; lines: { quantity: string }[] };
      const read = reader<Detail>(url, tenant.token);
      const edit = (qty: string, ifMatch?: string) =>
        send('PATCH', url, tenant.token, kind.body(t, lines(qty), { notes: `qty ${qty}` }), ifMatch);

      const opened = await read();
      const first = await edit('2', tag(opened.updated_at));
      expect(first.statusCode, first.body).toBe(200);
      const saved = first.json().data as Detail;
      expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(opened.updated_at));
      // Made from the page as first opened: it would put the old lines back.
      const stale = await edit('9', tag(opened.updated_at));
      expect(stale.statusCode).toBe(412);
      expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
      expect((await read()).lines.map((line) => Number(line.quantity))).toEqual([2]);

      const now = await read();
      const quantities = ['3', '4', '5', '6'];
      const answers = await Promise.all(quantities.map((qty) => edit(qty, tag(now.updated_at))));
      const winner = oneApplied<Detail>(answers);
      expect(await read()).toMatchObject({ notes: winner.notes });
      expect((await read()).lines.map((line) => line.quantity)).toEqual(
        winner.lines.map((line) => line.quantity),
      );
      // Without the header the edit applies to what is stored.
      expect((await edit('7')).statusCode).toBe(200);
    });
  }

  it('says an order confirmed since is no draft (409), not a version conflict', async () => {
    const tenant = await opsTenant(t);
    const order = await createOrder(
      t,
      tenant.token,
      '/api/purchase-orders',
      purchaseBody(t, [{ product_id: tenant.spoke, quantity: '10', unit_price: '0.25' }]),
    );
    const url = `/api/purchase-orders/${order.id}`;
    const opened = (await call(t, 'GET', url, tenant.token)).json().data as { updated_at: string };
    expect((await stepOrder(t, tenant.token, '/api/purchase-orders', order.id, 'confirm')).statusCode).toBe(
      200,
    );
    const answer = await send(
      'PATCH',
      url,
      tenant.token,
      purchaseBody(t, [{ product_id: tenant.spoke, quantity: '1', unit_price: '0.25' }]),
      tag(opened.updated_at),
    );
    expect(answer.statusCode).toBe(409);
  });

  it("another tenant's order is 404 to edit, whatever version it names", async () => {
    const tenant = await opsTenant(t);
    const order = await createOrder(
      t,
      tenant.token,
      '/api/customer-orders',
      customerBody(t, [{ product_id: tenant.wheel, quantity: '1', unit_price: '40' }]),
    );
    const url = `/api/customer-orders/${order.id}`;
    const opened = (await call(t, 'GET', url, tenant.token)).json().data as { updated_at: string };
    const other = await opsTenant(t);
    const answer = await send(
      'PATCH',
      url,
      other.token,
      customerBody(t, [{ product_id: other.wheel, quantity: '5', unit_price: '40' }]),
      tag(opened.updated_at),
    );
    expect(answer.statusCode).toBe(404);
    expect((await call(t, 'GET', url, tenant.token)).json().data.updated_at).toBe(opened.updated_at);
  });
});

describe('PATCH /api/cbe/fee-structures/:id with If-Match', () => {
  it('applies an edit of the stored version, refuses (412) one saved over since; one of several at once; 404 to another school', async () => {
    const tenant = await newTenant(t, 'cbe');
    const token = tenant.owner.token;
    const school = await makeSchool(t, token, { students: 0 });
    const created = await call(t, 'POST', '/api/cbe/fee-structures', token, {
      grade_id: school.gradeId,
      term_id: school.termId,
      amount: '15000',
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/cbe/fee-structures/${(created.json().data as CbeFeeStructure).id}`;
    const read = reader<CbeFeeStructure>(url, token);
    const edit = (amount: string, ifMatch?: string) =>
      send('PATCH', url, token, { grade_id: school.gradeId, term_id: school.termId, amount }, ifMatch);

    const opened = await read();
    const first = await edit('16000', tag(opened.updated_at));
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().data as CbeFeeStructure;
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(opened.updated_at));
    const stale = await edit('9000', tag(opened.updated_at));
    expect(stale.statusCode).toBe(412);
    expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
    expect(Number((await read()).amount)).toBe(16000);

    const now = await read();
    const amounts = ['17000', '18000', '19000', '20000'];
    const answers = await Promise.all(amounts.map((amount) => edit(amount, tag(now.updated_at))));
    const winner = oneApplied<CbeFeeStructure>(answers);
    expect((await read()).amount).toBe(winner.amount);
    expect((await edit('21000')).statusCode).toBe(200);

    const other = await newTenant(t, 'cbe');
    expect((await call(t, 'GET', url, other.owner.token)).statusCode).toBe(404);
    const otherSchool = await makeSchool(t, other.owner.token, { students: 0 });
    const foreign = await send(
      'PATCH',
      url,
      other.owner.token,
      { grade_id: otherSchool.gradeId, term_id: otherSchool.termId, amount: '1' },
      tag((await read()).updated_at),
    );
    expect(foreign.statusCode).toBe(404);
    expect(Number((await read()).amount)).toBe(21000);
  });
});

describe('PATCH /api/tags/:id with If-Match', () => {
  it('applies an edit of the stored version, refuses (412) one saved over since; one of several at once; 404 to another workspace', async () => {
    const tenant = await tenantWithWorker(t);
    const token = tenant.owner.token;
    const created = await createTag(t, token, { name: 'Urgent' });
    const url = `/api/tags/${created.id}`;
    const read = reader<Tag>(url, token);
    const edit = (name: string, ifMatch?: string, color = '#1e90ff') =>
      send('PATCH', url, token, { name, color }, ifMatch);

    const opened = await read();
    const first = await edit('Blocker', tag(opened.updated_at));
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().data as Tag;
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(opened.updated_at));
    const stale = await edit('Urgent', tag(opened.updated_at), '#e03131');
    expect(stale.statusCode).toBe(412);
    expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
    expect(await read()).toMatchObject({ name: 'Blocker', color: '#1e90ff' });

    const now = await read();
    const names = ['Soon', 'Later', 'Never', 'Maybe'];
    const answers = await Promise.all(names.map((name) => edit(name, tag(now.updated_at))));
    const winner = oneApplied<Tag>(answers);
    expect((await read()).name).toBe(winner.name);
    expect((await edit('Free')).statusCode).toBe(200);

    const other = await tenantWithWorker(t);
    expect((await call(t, 'GET', url, other.owner.token)).statusCode).toBe(404);
    const foreign = await send('PATCH', url, other.owner.token, { name: 'Taken', color: '#000000' }, '*');
    expect(foreign.statusCode).toBe(404);
    expect((await read()).name).toBe('Free');
  });
});

describe("PUT of a module's settings with If-Match (a queue's, a salon's, a school's)", () => {
  type Settings = { updated_at: string } & Record<string, unknown>;
  const modules = [
    {
      template: 'ticketing',
      url: '/api/ticketing/settings',
      body: (zone: string, hours = [{ weekday: 1, opens_at: '08:00', closes_at: '17:00' }]) => ({
        time_zone: zone,
        no_show_after_recalls: 2,
        opening_hours: hours,
      }),
      zoneOf: (settings: Settings) => settings.time_zone,
    },
    {
      template: 'barber',
      url: '/api/barber/settings',
      body: (zone: string) => ({ timezone: zone }),
      zoneOf: (settings: Settings) => settings.timezone,
    },
    {
      template: 'cbe',
      url: '/api/cbe/settings',
      body: (zone: string) => ({ time_zone: zone }),
      zoneOf: (settings: Settings) => settings.time_zone,
    },
  ] as const;

  for (const module of modules) {
    it(`${module.template}: the defaults are a version; a stale edit is refused (412), one of several at once applies`, async () => {
      const tenant = await newTenant(t, module.template);
      const token = tenant.owner.token;
      const read = reader<Settings>(module.url, token);
      const edit = (zone: string, ifMatch?: string) =>
        send('PUT', module.url, token, module.body(zone), ifMatch);

      // Never saved: their version is the workspace's creation, and edits made from it race.
      const defaults = await read();
      expect(Date.parse(defaults.updated_at)).not.toBeNaN();
      const racing = ['Africa/Nairobi', 'Europe/Paris', 'Asia/Tokyo', 'America/Lima'];
      const first = oneApplied<Settings>(
        await Promise.all(racing.map((zone) => edit(zone, tag(defaults.updated_at)))),
      );
      // The clock stands still: the first save is a version of its own all the same.
      expect(Date.parse(first.updated_at)).toBeGreaterThan(Date.parse(defaults.updated_at));
      expect(module.zoneOf(await read())).toBe(module.zoneOf(first));

      const stale = await edit('Pacific/Auckland', tag(defaults.updated_at));
      expect(stale.statusCode).toBe(412);
      expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
      expect((await edit('Pacific/Auckland', '"not a version"')).statusCode).toBe(412);
      expect(await read()).toEqual(first);

      const second = await edit('Pacific/Auckland', tag(first.updated_at));
      expect(second.statusCode, second.body).toBe(200);
      const saved = second.json().data as Settings;
      expect(module.zoneOf(saved)).toBe('Pacific/Auckland');
      expect(saved.updated_at).not.toBe(first.updated_at);
      expect((await edit('Europe/Paris', tag(first.updated_at))).statusCode).toBe(412);
      // Without the header (or with *) the edit applies to what is stored.
      expect((await edit('Europe/Oslo')).statusCode).toBe(200);
      expect((await edit('Europe/Rome', '*')).statusCode).toBe(200);
      expect(module.zoneOf(await read())).toBe('Europe/Rome');

      // Another workspace's settings are a version of their own: ours do not match them.
      const other = await newTenant(t, module.template);
      const theirs = await send(
        'PUT',
        module.url,
        other.owner.token,
        module.body('Asia/Dubai'),
        tag(saved.updated_at),
      );
      expect(theirs.statusCode).toBe(412);
      expect(module.zoneOf(await read())).toBe('Europe/Rome');
    });
  }

  it('ticketing: the opening hours are part of the version; a stale edit replaces none of them', async () => {
    const tenant = await newTenant(t, 'ticketing');
    const token = tenant.owner.token;
    const url = '/api/ticketing/settings';
    const read = reader<Settings & { opening_hours: unknown[] }>(url, token);
    const put = (hours: { weekday: number; opens_at: string; closes_at: string }[], ifMatch?: string) =>
      send(
        'PUT',
        url,
        token,
        { time_zone: 'Africa/Nairobi', no_show_after_recalls: 2, opening_hours: hours },
        ifMatch,
      );
    const monday = [{ weekday: 1, opens_at: '08:00', closes_at: '17:00' }];
    const week = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens_at: '09:00', closes_at: '18:00' }));
    await expectOwnRowsMoveTheVersion(
      (value, ifMatch) => put(value === 'monday' ? monday : week, ifMatch),
      'monday',
      'week',
    );
    expect((await read()).opening_hours).toHaveLength(5);
  });
});

describe('PATCH /api/barber/appointments/:id with If-Match (its services are part of it, its reminder not)', () => {
  async function anAppointment() {
    const shop = await barberShop(t);
    // As long as the first: a change from one to the other changes the service lines alone.
    const other = await addService(t, shop.token, { duration_minutes: 30 });
    // A staff member performing both (08:00-20:00, a break at 13:00).
    const staff = await addStaff(t, shop.token, [shop.service.id, other.id]);
    const made = await booked(t, shop.token, {
      service_ids: [shop.service.id],
      staff_id: staff.id,
      start_at: shopTimeAt(t, shop.timezone, 1, 9),
    });
    const url = `/api/barber/appointments/${made.id}`;
    const read = reader<Appointment>(url, shop.token);
    const at = (hour: number, minute = 0) => shopTimeAt(t, shop.timezone, 1, hour, minute);
    const edit = (body: Record<string, unknown>, ifMatch?: string) =>
      send('PATCH', url, shop.token, body, ifMatch);
    return { shop, other, id: made.id, read, at, edit };
  }

  it('applies a move of the stored version, refuses (412) one moved since and keeps where it was moved', async () => {
    const { read, at, edit } = await anAppointment();
    const opened = await read();
    const first = await edit({ start_at: at(10) }, tag(opened.updated_at));
    expect(first.statusCode, first.body).toBe(200);
    const moved = first.json().data as Appointment;
    expect(Date.parse(moved.updated_at)).toBeGreaterThan(Date.parse(opened.updated_at));
    expect((await read()).updated_at).toBe(moved.updated_at);
    // Made from the dialog opened before: it would move it back over the first move unseen.
    const stale = await edit({ start_at: at(11) }, tag(opened.updated_at));
    expect(stale.statusCode).toBe(412);
    expect(errorOf(stale).error.code).toBe('EDIT_CONFLICT');
    expect((await read()).start_at).toBe(at(10));
    // Without the header, as before the versions: the move applies.
    expect((await edit({ start_at: at(11) })).statusCode).toBe(200);
  });

  it('a change of the services alone, within the millisecond of the edit before, is a new version', async () => {
    const { shop, other, read, edit } = await anAppointment();
    const opened = await read();
    // Same start, staff member and end (the two services last as long): only the lines change.
    await expectOwnRowsMoveTheVersion(
      (value, ifMatch) => edit({ service_ids: [value === 'first' ? shop.service.id : other.id] }, ifMatch),
      'first',
      'other',
    );
    const now = await read();
    expect(now.services.map((s) => s.service_id)).toEqual([other.id]);
    expect([now.start_at, now.end_at]).toEqual([opened.start_at, opened.end_at]);
  });

  it('takes a move opened before the reminder was mailed; refuses one opened before a check-in (409)', async () => {
    const { shop, id, read, at, edit } = await anAppointment();
    const opened = await read();
    // The reminder job sets reminder_sent_at alone (reminders.ts): not a change of the appointment.
    await t.db.db
      .update(barberAppointments)
      .set({ reminderSentAt: t.clock.now() })
      .where(eq(barberAppointments.id, id));
    expect((await read()).updated_at).toBe(opened.updated_at);
    const moved = await edit({ start_at: at(10) }, tag(opened.updated_at));
    expect(moved.statusCode, moved.body).toBe(200);
    const movedVersion = (moved.json().data as Appointment).updated_at;
    // Checked in since the dialog opened: the status says more than 'changed since'.
    const step = await call(t, 'POST', `/api/barber/appointments/${id}/check-in`, shop.token);
    expect(step.statusCode, step.body).toBe(200);
    expect((step.json().data as Appointment).updated_at).not.toBe(movedVersion);
    const stale = await edit({ start_at: at(11) }, tag(movedVersion));
    expect(stale.statusCode).toBe(409);
    expect((await read()).start_at).toBe(at(10));
  });

  it("refuses the desk's move opened before the customer rescheduled from their mail's link", async () => {
    const shop = await barberShop(t);
    const email = `versions-${Date.now()}@example.com`;
    const { link } = await bookedOnline(t, shop, email, 9);
    const list = await call(t, 'GET', `/api/barber/appointments?q=${encodeURIComponent(email)}`, shop.token);
    const [opened] = list.json().data as Appointment[];
    if (!opened) throw new Error('the online booking is not listed');
    const token = link.split('/').pop() ?? '';
    const later = shopTimeAt(t, shop.timezone, 1, 15);
    const rescheduled = await t.app.inject({
      method: 'POST',
      url: `/api/public/booking/${shop.slug}/manage/${token}/reschedule`,
      payload: { start_at: later },
    });
    expect(rescheduled.statusCode, rescheduled.body).toBe(200);
    const stale = await send(
      'PATCH',
      `/api/barber/appointments/${opened.id}`,
      shop.token,
      { start_at: shopTimeAt(t, shop.timezone, 1, 11) },
      tag(opened.updated_at),
    );
    expect(stale.statusCode).toBe(412);
    const now = reader<Appointment>(`/api/barber/appointments/${opened.id}`, shop.token);
    expect((await now()).start_at).toBe(later);
  });

  it('of several moves of one version at the same instant, one is applied', async () => {
    const { read, at, edit } = await anAppointment();
    const opened = await read();
    const starts = [10, 11, 12, 15, 16, 17].map((hour) => at(hour));
    const answers = await Promise.all(
      starts.map((start) => edit({ start_at: start }, tag(opened.updated_at))),
    );
    const applied = oneApplied<Appointment>(answers);
    expect((await read()).start_at).toBe(applied.start_at);
  });

  it("another tenant's appointment is 404 to edit, whatever version it names", async () => {
    const { read, edit, at } = await anAppointment();
    const opened = await read();
    const other = await barberShop(t);
    const theirs = await send(
      'PATCH',
      `/api/barber/appointments/${opened.id}`,
      other.token,
      { start_at: at(12) },
      tag(opened.updated_at),
    );
    expect(theirs.statusCode).toBe(404);
    expect((await read()).start_at).toBe(opened.start_at);
    // Their own appointment's version names nothing of ours either.
    expect((await edit({ start_at: at(12) }, tag(new Date(0).toISOString()))).statusCode).toBe(412);
  });
});
