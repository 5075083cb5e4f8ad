import { billingMessages } from '@workhub/shared/billing-messages';
import { messages } from '@workhub/shared/messages';
import type { AdminPlan, Plan, PlanBody } from '@workhub/shared/schemas/plans';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_PLANS } from '../../db/seed.ts';
import { bearer, errorOf, signUp, useTestApp } from '../../test/helpers.ts';
import { staffMember } from '../../test/staff.ts';
import { memberIn, newTenant } from '../../test/tenants.ts';
import { auditRowsOf } from '../audit/audit-test-helpers.ts';

const t = useTestApp();

let superAdmin: string;
let platformAdmin: string;
beforeAll(async () => {
  superAdmin = (await staffMember(t, 'super_admin')).token;
  platformAdmin = (await staffMember(t, 'admin')).token;
});

const planForm = (overrides: Partial<Record<keyof PlanBody, unknown>> = {}) => ({
  title: 'Team',
  subscription: 'per month',
  subheader: 'For growing teams',
  price: 19.5,
  description: 'Everything a team of ten needs.',
  button_text: 'Get started',
  button_variant: 'contained',
  month: 1,
  ...overrides,
});

type Call = { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object };
const call = ({ method, url, payload }: Call, token?: string) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });

async function createPlan(token = superAdmin, overrides = {}): Promise<AdminPlan> {
  const response = await call(
    { method: 'POST', url: '/api/admin/plans', payload: planForm(overrides) },
    token,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const publicPlanIds = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/plans?limit=100' }))
    .json()
    .data.map((p: Plan) => p.subscription_id);

describe('GET /api/admin/plans', () => {
  it('lists every plan, inactive ones too, in the list envelope', async () => {
    const hidden = await createPlan(superAdmin, { status: 'inactive' });
    const response = await call({ method: 'GET', url: '/api/admin/plans?limit=100' }, platformAdmin);
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toMatchObject({ page: 1, limit: 100, total: data.length });
    expect(data[0]).toMatchObject({ subscription_id: 1, status: 'active' });
    expect(data).toContainEqual(hidden);
  });

  it('pages 14 by default', async () => {
    const response = await call({ method: 'GET', url: '/api/admin/plans?page=2&limit=1' }, superAdmin);
    expect(response.json().meta).toMatchObject({ page: 2, limit: 1 });
    expect(response.json().data).toHaveLength(1);
    expect((await call({ method: 'GET', url: '/api/admin/plans' }, superAdmin)).json().meta.limit).toBe(14);
  });
});

describe('POST /api/admin/plans', () => {
  it("adds a plan ('Plan created'), on sale at once", async () => {
    const response = await call(
      { method: 'POST', url: '/api/admin/plans', payload: planForm() },
      platformAdmin,
    );
    expect(response.statusCode).toBe(201);
    const { message, data } = response.json();
    expect(message).toBe(messages.planCreated);
    expect(data).toEqual({
      subscription_id: expect.any(Number),
      ...planForm(),
      status: 'active',
      max_workspaces: null,
      max_members: null,
      updated_at: expect.any(String),
    });
    expect(await publicPlanIds()).toContain(data.subscription_id);
  });

  it('takes the price and month as the form sends them (strings), and no subheader', async () => {
    const plan = await createPlan(superAdmin, { price: '49.99', month: '12', subheader: '' });
    expect(plan).toMatchObject({ price: 49.99, month: 12, subheader: null });
  });
});

describe('GET /api/admin/plans/:id', () => {
  it('answers one plan', async () => {
    const plan = await createPlan();
    const response = await call(
      { method: 'GET', url: `/api/admin/plans/${plan.subscription_id}` },
      superAdmin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(plan);
  });
});

describe('PATCH /api/admin/plans/:id', () => {
  it("saves every field ('Update done !!!') and /api/plans shows the change", async () => {
    const plan = await createPlan();
    const edit = planForm({ title: 'Team Plus', price: 29, description: 'Now with more of everything.' });
    const response = await call(
      { method: 'PATCH', url: `/api/admin/plans/${plan.subscription_id}`, payload: edit },
      platformAdmin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: messages.updateDone,
      data: {
        subscription_id: plan.subscription_id,
        ...edit,
        status: 'active',
        max_workspaces: null,
        max_members: null,
        updated_at: expect.any(String),
      },
    });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/plans?limit=100' }))
      .json()
      .data.find((p: Plan) => p.subscription_id === plan.subscription_id);
    expect(listed).toMatchObject({
      title: 'Team Plus',
      price: 29,
      description: 'Now with more of everything.',
    });
  });

  it('takes back what GET answers, for every seeded plan: 200 and nothing changes', async () => {
    const list = await call({ method: 'GET', url: '/api/admin/plans?limit=100' }, superAdmin);
    const seeded = (list.json().data as Plan[]).filter((p) => p.subscription_id <= SEED_PLANS.length);
    expect(seeded).toHaveLength(SEED_PLANS.length);
    // Plan 2 has no subheader: GET answers null, which PATCH used to refuse.
    expect(seeded.some((p) => p.subheader === null)).toBe(true);
    for (const { subscription_id: id } of seeded) {
      const url = `/api/admin/plans/${id}`;
      const read = (await call({ method: 'GET', url }, superAdmin)).json().data;
      const written = await call({ method: 'PATCH', url, payload: read }, superAdmin);
      expect(written.statusCode, written.body).toBe(200);
      expect(written.json().data).toEqual(read);
      expect((await call({ method: 'GET', url }, superAdmin)).json().data).toEqual(read);
    }
  });

  it('takes any subset of the fields and keeps the others', async () => {
    const plan = await createPlan(superAdmin, { subheader: 'Kept?' });
    const url = `/api/admin/plans/${plan.subscription_id}`;
    const partial = async (payload: object) => {
      const response = await call({ method: 'PATCH', url, payload }, superAdmin);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as AdminPlan;
    };
    // Nothing sent, nothing changed: not even the version.
    expect(await partial({})).toEqual(plan);
    const priced = await partial({ price: '25' });
    expect(priced).toEqual({ ...plan, price: 25, updated_at: priced.updated_at });
    expect(priced.updated_at).not.toBe(plan.updated_at);
    expect(await partial({ title: 'Renamed', subheader: null })).toEqual({
      ...plan,
      price: 25,
      title: 'Renamed',
      subheader: null,
      updated_at: expect.any(String),
    });
    expect(await partial({ max_members: 5 })).toMatchObject({ title: 'Renamed', max_members: 5 });
  });

  it('saves the limits: a whole number from 1, or empty/null for unlimited', async () => {
    const plan = await createPlan(superAdmin, { max_workspaces: '2', max_members: '' });
    expect(plan).toMatchObject({ max_workspaces: 2, max_members: null });
    const url = `/api/admin/plans/${plan.subscription_id}`;
    const set = await call(
      { method: 'PATCH', url, payload: { max_workspaces: null, max_members: 10 } },
      superAdmin,
    );
    expect(set.json().data).toMatchObject({ max_workspaces: null, max_members: 10 });
    for (const bad of [0, -1, 1.5, 'many']) {
      const refused = await call({ method: 'PATCH', url, payload: { max_members: bad } }, superAdmin);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(errorOf(refused).error.fields?.max_members).toBe(messages.planLimitInvalid);
    }
    expect((await call({ method: 'GET', url }, superAdmin)).json().data.max_members).toBe(10);
  });

  it('keeps the status when the form leaves it out, and sets it when sent', async () => {
    const plan = await createPlan(superAdmin, { status: 'inactive' });
    const url = `/api/admin/plans/${plan.subscription_id}`;
    const kept = await call({ method: 'PATCH', url, payload: planForm() }, superAdmin);
    expect(kept.json().data.status).toBe('inactive');
    const set = await call({ method: 'PATCH', url, payload: planForm({ status: 'active' }) }, superAdmin);
    expect(set.json().data.status).toBe('active');
  });

  it('answers 409 when plan 1 (the free trial) would be made inactive', async () => {
    const response = await call(
      { method: 'PATCH', url: '/api/admin/plans/1', payload: planForm({ status: 'inactive' }) },
      superAdmin,
    );
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).error).toEqual({ code: 'CONFLICT', message: messages.freePlanStaysActive });
  });
});

describe('PATCH /api/admin/plans/:id/status', () => {
  it("takes a plan off sale with '0' ('Cool !!!'): gone from /api/plans; '1' brings it back", async () => {
    const plan = await createPlan();
    const url = `/api/admin/plans/${plan.subscription_id}/status`;
    const off = await call({ method: 'PATCH', url, payload: { status: '0' } }, platformAdmin);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      message: messages.statusToggled,
      data: { ...plan, status: 'inactive', updated_at: expect.any(String) },
    });
    expect(off.json().data.updated_at).not.toBe(plan.updated_at);
    expect(await publicPlanIds()).not.toContain(plan.subscription_id);

    const on = await call({ method: 'PATCH', url, payload: { status: '1' } }, platformAdmin);
    expect(on.json().data.status).toBe('active');
    expect(await publicPlanIds()).toContain(plan.subscription_id);
  });

  it('takes a plan off sale once when asked twice at the same instant: one audit entry, its before on sale', async () => {
    const plan = await createPlan();
    const url = `/api/admin/plans/${plan.subscription_id}/status`;
    const answers = await Promise.all(
      [superAdmin, platformAdmin].map((token) =>
        call({ method: 'PATCH', url, payload: { status: '0' } }, token),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().data.status)).toEqual(['inactive', 'inactive']);
    const rows = await auditRowsOf(t, null, 'plan.status_changed', String(plan.subscription_id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'inactive' } });
    // Asked again later: nothing changes, so nothing is written.
    await call({ method: 'PATCH', url, payload: { status: 'inactive' } }, superAdmin);
    expect(await auditRowsOf(t, null, 'plan.status_changed', String(plan.subscription_id))).toHaveLength(1);
  });

  it('answers 409 for plan 1 (sign-up defaults to it), which stays on sale', async () => {
    const response = await call(
      { method: 'PATCH', url: '/api/admin/plans/1/status', payload: { status: '0' } },
      superAdmin,
    );
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).error.message).toBe(messages.freePlanStaysActive);
    expect(await publicPlanIds()).toContain(1);
  });

  it('answers 400 for a status other than 1/0/active/inactive', async () => {
    const response = await call(
      { method: 'PATCH', url: '/api/admin/plans/1/status', payload: { status: 'maybe' } },
      superAdmin,
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields).toHaveProperty('status');
  });
});

describe('plan form validation (POST and PATCH)', () => {
  const cases: [string, object, string, string][] = [
    ['no title', { title: undefined }, 'title', messages.planTitleRequired],
    ['a blank title', { title: '  ' }, 'title', messages.planTitleRequired],
    ['no price', { price: undefined }, 'price', messages.planPriceRequired],
    ['a price that is not a number', { price: 'abc' }, 'price', messages.planPriceRequired],
    // numeric(12,2) would round them: 9.999 saved and shown as 10.00, 12.345 as 12.35.
    ['a price of 3 decimals', { price: 9.999 }, 'price', billingMessages.planPriceCents],
    ['a price of 3 decimals typed', { price: '12.345' }, 'price', billingMessages.planPriceCents],
    ['no description', { description: undefined }, 'description', messages.planDescriptionRequired],
    ['an empty description', { description: '' }, 'description', messages.planDescriptionRequired],
    ['a short description', { description: 'Too short' }, 'description', messages.planDescriptionMin],
    ['no button text', { button_text: '' }, 'button_text', messages.planButtonTextRequired],
    [
      'no button variant',
      { button_variant: undefined },
      'button_variant',
      messages.planButtonVariantRequired,
    ],
    ['no month', { month: undefined }, 'month', messages.planMonthRequired],
    ['an empty month', { month: '' }, 'month', messages.planMonthRequired],
    ['month 0', { month: 0 }, 'month', messages.planMonthMin],
    ['month 1.5', { month: 1.5 }, 'month', messages.planMonthWhole],
  ];

  it.each(cases)('POST answers 400 for %s', async (_label, overrides, field, message) => {
    const response = await call(
      { method: 'POST', url: '/api/admin/plans', payload: planForm(overrides) },
      superAdmin,
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields?.[field]).toBe(message);
  });

  // PATCH takes a partial body, so a field left out is kept: there, "no title" is a title cleared (null).
  const cleared = (overrides: object) =>
    Object.fromEntries(Object.entries(overrides).map(([k, v]) => [k, v === undefined ? null : v]));

  it.each(cases)('PATCH answers 400 for %s', async (_label, overrides, field, message) => {
    const response = await call(
      { method: 'PATCH', url: '/api/admin/plans/1', payload: planForm(cleared(overrides)) },
      superAdmin,
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields?.[field]).toBe(message);
  });

  it('gives one message per required field for an empty body', async () => {
    const response = await call({ method: 'POST', url: '/api/admin/plans', payload: {} }, superAdmin);
    expect(errorOf(response).error.fields).toEqual({
      title: messages.planTitleRequired,
      price: messages.planPriceRequired,
      description: messages.planDescriptionRequired,
      button_text: messages.planButtonTextRequired,
      button_variant: messages.planButtonVariantRequired,
      month: messages.planMonthRequired,
    });
  });
});

describe('who may administer plans', () => {
  const endpoints = (id: number): Call[] => [
    { method: 'GET', url: '/api/admin/plans' },
    { method: 'POST', url: '/api/admin/plans', payload: planForm() },
    { method: 'GET', url: `/api/admin/plans/${id}` },
    { method: 'PATCH', url: `/api/admin/plans/${id}`, payload: planForm() },
    { method: 'PATCH', url: `/api/admin/plans/${id}/status`, payload: { status: '0' } },
  ];

  it('answers 401 without a token', async () => {
    for (const endpoint of endpoints(1)) {
      expect((await call(endpoint)).statusCode, endpoint.url).toBe(401);
    }
  });

  it('answers 403 to an account holder at home and to every workspace role, and changes nothing', async () => {
    const plan = await createPlan();
    const holder = await signUp(t);
    const { workspace, owner } = await newTenant(t);
    const callers = [holder.session.access_token, owner.token];
    for (const role of ['admin', 'member', 'worker', 'guest', 'customer'] as const) {
      callers.push((await memberIn(t, workspace, role)).token);
    }
    for (const token of callers) {
      for (const endpoint of endpoints(plan.subscription_id)) {
        const response = await call(endpoint, token);
        expect(response.statusCode, endpoint.url).toBe(403);
        expect(errorOf(response).error.code).toBe('FORBIDDEN');
      }
    }
    const after = await call({ method: 'GET', url: `/api/admin/plans/${plan.subscription_id}` }, superAdmin);
    expect(after.json().data).toEqual(plan);
  });

  it('answers 404 to staff for a plan that does not exist, 400 for an id that is not one', async () => {
    for (const endpoint of endpoints(999_999).slice(2)) {
      const response = await call(endpoint, superAdmin);
      expect(response.statusCode, endpoint.url).toBe(404);
      expect(errorOf(response).error.code).toBe('NOT_FOUND');
    }
    expect((await call({ method: 'GET', url: '/api/admin/plans/abc' }, superAdmin)).statusCode).toBe(400);
  });
});
