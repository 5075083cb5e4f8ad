import { ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { describe, expect, it } from 'vitest';
import { bearer, errorOf, useTestApp } from '../../test/helpers.ts';
import { addMember, newTenant, type Tenant } from '../../test/tenants.ts';
import { act, createCounter, createService, takeTicket } from './ticketing-test-helpers.ts';

const t = useTestApp();

async function queue(): Promise<Tenant> {
  return newTenant(t, 'ticketing');
}
const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe('services', () => {
  it('creates, lists and edits a service; the prefix is one letter, upper-cased', async () => {
    const { owner } = await queue();
    const created = await createService(t, owner.token, {
      name: 'Deposits',
      prefix: 'd',
      avg_service_minutes: 7,
    });
    expect(created).toMatchObject({
      name: 'Deposits',
      prefix: 'D',
      avg_service_minutes: 7,
      status: 'active',
      waiting: 0,
    });
    const list = await t.app.inject({ url: '/api/ticketing/services?q=depo', headers: bearer(owner.token) });
    expect(list.json().data.map((s: { id: string }) => s.id)).toEqual([created.id]);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/ticketing/services/${created.id}`,
      headers: bearer(owner.token),
      payload: { name: 'Deposits and withdrawals', prefix: 'W', avg_service_minutes: 9, status: 'inactive' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ prefix: 'W', status: 'inactive' });
  });

  it("counts each service's own waiting tickets", async () => {
    const { owner } = await queue();
    const busy = await createService(t, owner.token);
    const quiet = await createService(t, owner.token);
    await takeTicket(t, owner.token, busy.id);
    await takeTicket(t, owner.token, busy.id, true);
    const list = await t.app.inject({ url: '/api/ticketing/services', headers: bearer(owner.token) });
    expect(list.statusCode, list.body).toBe(200);
    const waiting = Object.fromEntries(
      (list.json().data as { id: string; waiting: number }[]).map((s) => [s.id, s.waiting]),
    );
    expect(waiting).toEqual({ [busy.id]: 2, [quiet.id]: 0 });
    // One service read alone, or answered by its edit, counts them as the list does.
    const one = await t.app.inject({
      url: `/api/ticketing/services/${busy.id}`,
      headers: bearer(owner.token),
    });
    expect(one.json().data.waiting).toBe(2);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/ticketing/services/${busy.id}`,
      headers: bearer(owner.token),
      payload: { name: busy.name, prefix: busy.prefix, avg_service_minutes: 9, status: 'active' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ avg_service_minutes: 9, waiting: 2 });
  });

  it("refuses a new prefix letter while the service's tickets are in line: they would be renumbered (409)", async () => {
    const { owner } = await queue();
    const service = await createService(t, owner.token, { name: 'Deposits', prefix: 'D' });
    const counter = await createCounter(t, owner.token, { service_ids: [service.id] });
    const ticket = await takeTicket(t, owner.token, service.id);
    const edit = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/ticketing/services/${service.id}`,
        headers: bearer(owner.token),
        payload: { name: 'Deposits', prefix: 'D', avg_service_minutes: 5, status: 'active', ...payload },
      });
    const relettered = await edit({ prefix: 'E' });
    expect(relettered.statusCode, relettered.body).toBe(409);
    expect(errorOf(relettered).error.fields).toEqual({ prefix: ticketingMessages.prefixInUse });
    const shown = await t.app.inject({
      url: `/api/ticketing/tickets/${ticket.id}`,
      headers: bearer(owner.token),
    });
    expect(shown.json().data.number).toBe('D-001');
    // Anything else may change meanwhile, the letter kept.
    expect((await edit({ name: 'Deposits and cheques' })).statusCode).toBe(200);
    // Called, then served: still in line with its number.
    expect((await act(t, owner.token, `counters/${counter.id}/call-next`)).statusCode).toBe(200);
    expect((await edit({ prefix: 'E' })).statusCode).toBe(409);
    expect((await act(t, owner.token, `tickets/${ticket.id}/start`)).statusCode).toBe(200);
    expect((await edit({ prefix: 'E' })).statusCode).toBe(409);
    expect((await act(t, owner.token, `tickets/${ticket.id}/done`)).statusCode).toBe(200);
    const done = await edit({ prefix: 'E' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.prefix).toBe('E');
  });

  it('refuses a second service with the same name or prefix letter (409)', async () => {
    const { owner } = await queue();
    await createService(t, owner.token, { name: 'Loans', prefix: 'L' });
    const sameName = await post(owner.token, '/api/ticketing/services', {
      name: 'LOANS',
      prefix: 'K',
      avg_service_minutes: 5,
    });
    expect(sameName.statusCode).toBe(409);
    expect(errorOf(sameName).error.fields).toHaveProperty('name');
    const samePrefix = await post(owner.token, '/api/ticketing/services', {
      name: 'Leasing',
      prefix: 'L',
      avg_service_minutes: 5,
    });
    expect(samePrefix.statusCode).toBe(409);
    expect(errorOf(samePrefix).error.fields).toHaveProperty('prefix');
  });

  it.each([
    ['a NUL byte in the name', { name: 'Bad\u0000name', prefix: 'A', avg_service_minutes: 5 }],
    ['two letters', { name: 'Two', prefix: 'AB', avg_service_minutes: 5 }],
    ['a digit', { name: 'Digit', prefix: '1', avg_service_minutes: 5 }],
    ['a huge number of minutes', { name: 'Huge', prefix: 'H', avg_service_minutes: 1e20 }],
    ['zero minutes', { name: 'Zero', prefix: 'Z', avg_service_minutes: 0 }],
    ['no name', { prefix: 'N', avg_service_minutes: 5 }],
  ])('refuses %s (400)', async (_label, payload) => {
    const { owner } = await queue();
    const response = await post(owner.token, '/api/ticketing/services', payload);
    expect(response.statusCode, response.body).toBe(400);
  });

  it('answers 404 for a forged or foreign service id, 400 for a malformed one', async () => {
    const ours = await queue();
    const theirs = await queue();
    const foreign = await createService(t, theirs.owner.token);
    const body = { name: 'X', prefix: 'X', avg_service_minutes: 5 };
    for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/ticketing/services/${id}`,
        headers: bearer(ours.owner.token),
        payload: body,
      });
      expect(response.statusCode).toBe(404);
    }
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: '/api/ticketing/services/not-an-id',
      headers: bearer(ours.owner.token),
      payload: body,
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('counters', () => {
  it('creates a counter with its services and an operator, and edits them', async () => {
    const tenant = await queue();
    const a = await createService(t, tenant.owner.token, { prefix: 'A' });
    const b = await createService(t, tenant.owner.token, { prefix: 'B' });
    const worker = await addMember(t, tenant.workspace, 'worker');
    const created = await createCounter(t, tenant.owner.token, {
      name: 'Window 1',
      service_ids: [b.id, a.id],
      operator_user_id: worker.userId,
    });
    expect(created.services.map((s) => s.prefix)).toEqual(['A', 'B']);
    expect(created.operator_user_id).toBe(worker.userId);
    expect(created.operator_name).toBe('Worker Tester');
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/ticketing/counters/${created.id}`,
      headers: bearer(tenant.owner.token),
      payload: { name: 'Window 1', service_ids: [b.id], operator_user_id: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.services.map((s: { prefix: string }) => s.prefix)).toEqual(['B']);
    expect(edited.json().data.operator_user_id).toBeNull();
  });

  it('refuses no services, a service or operator of another workspace (400), a taken name (409)', async () => {
    const tenant = await queue();
    const other = await queue();
    const ours = await createService(t, tenant.owner.token);
    const theirs = await createService(t, other.owner.token);
    const none = await post(tenant.owner.token, '/api/ticketing/counters', { name: 'C', service_ids: [] });
    expect(none.statusCode).toBe(400);
    const foreign = await post(tenant.owner.token, '/api/ticketing/counters', {
      name: 'C',
      service_ids: [theirs.id],
    });
    expect(foreign.statusCode).toBe(400);
    const stranger = await post(tenant.owner.token, '/api/ticketing/counters', {
      name: 'C',
      service_ids: [ours.id],
      operator_user_id: other.holder.session.user.user_id,
    });
    expect(stranger.statusCode).toBe(400);
    await createCounter(t, tenant.owner.token, { name: 'Desk', service_ids: [ours.id] });
    const taken = await post(tenant.owner.token, '/api/ticketing/counters', {
      name: 'desk',
      service_ids: [ours.id],
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe('settings', () => {
  it('defaults to UTC and 3 recalls, and keeps a time zone and opening hours', async () => {
    const { owner } = await queue();
    const before = await t.app.inject({ url: '/api/ticketing/settings', headers: bearer(owner.token) });
    expect(before.json().data).toEqual({
      time_zone: 'UTC',
      no_show_after_recalls: 3,
      opening_hours: [],
      updated_at: expect.any(String),
    });
    const hours = [{ weekday: 1, opens_at: '08:00', closes_at: '17:00' }];
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/ticketing/settings',
      headers: bearer(owner.token),
      payload: { time_zone: 'Africa/Nairobi', no_show_after_recalls: 2, opening_hours: hours },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual({
      time_zone: 'Africa/Nairobi',
      no_show_after_recalls: 2,
      opening_hours: hours,
      updated_at: expect.any(String),
    });
  });

  it.each([
    ['an unknown time zone', { time_zone: 'Mars/Olympus', no_show_after_recalls: 3, opening_hours: [] }],
    ['a NUL byte', { time_zone: 'UTC\u0000', no_show_after_recalls: 3, opening_hours: [] }],
    [
      'closing before opening',
      {
        time_zone: 'UTC',
        no_show_after_recalls: 3,
        opening_hours: [{ weekday: 2, opens_at: '17:00', closes_at: '08:00' }],
      },
    ],
    [
      'weekday 8',
      {
        time_zone: 'UTC',
        no_show_after_recalls: 3,
        opening_hours: [{ weekday: 8, opens_at: '08:00', closes_at: '09:00' }],
      },
    ],
    [
      'a weekday twice',
      {
        time_zone: 'UTC',
        no_show_after_recalls: 3,
        opening_hours: [
          { weekday: 2, opens_at: '08:00', closes_at: '09:00' },
          { weekday: 2, opens_at: '10:00', closes_at: '11:00' },
        ],
      },
    ],
    ['a huge recall count', { time_zone: 'UTC', no_show_after_recalls: 99999999999, opening_hours: [] }],
  ])('refuses %s (400)', async (_label, payload) => {
    const { owner } = await queue();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/ticketing/settings',
      headers: bearer(owner.token),
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});
