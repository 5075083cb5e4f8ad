import { TRIAL_DAYS } from '@workhub/shared/constants';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../db/schema/users.ts';
import { createService } from '../modules/ticketing/ticketing-test-helpers.ts';
import { bearer, errorOf, useTestApp } from '../test/helpers.ts';
import { newTenant, type Tenant } from '../test/tenants.ts';

/*
 * The slug gate of the public routes (plugins/public-gate.ts), walked through the Queue
 * Ticketing module's public routes (the board, the kiosk's ticket, a ticket's page, the events).
 * The write limit is set low here, so that 429 comes after a few tickets.
 */
const WRITE_LIMIT = 4;
const t = useTestApp({ PUBLIC_WRITE_RATE_LIMIT: String(WRITE_LIMIT) });
const DAY_SECONDS = 24 * 60 * 60;
const MISSING = '00000000-0000-4000-8000-000000000000';

async function queue(): Promise<Tenant & { serviceId: string; slug: string }> {
  const tenant = await newTenant(t, 'ticketing');
  const service = await createService(t, tenant.owner.token, { name: 'Cashier', prefix: 'C' });
  return { ...tenant, serviceId: service.id, slug: tenant.workspace.public_slug };
}

const board = (slug: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/public/queues/${slug}`, headers });
const take = (slug: string, serviceId: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/queues/${slug}/tickets`,
    payload: { service_id: serviceId },
    headers,
  });

/** Every public route of the queue, as anybody calls it. */
const ROUTES = (slug: string, serviceId: string) => [
  () => board(slug),
  () => take(slug, serviceId),
  () => t.app.inject({ url: `/api/public/queues/${slug}/tickets/${MISSING}` }),
  () => t.app.inject({ url: `/api/public/queues/${slug}/events` }),
];

const expectMissing = (response: Awaited<ReturnType<typeof board>>) => {
  expect(response.statusCode, response.body).toBe(404);
  expect(errorOf(response).error.code).toBe('NOT_FOUND');
};

describe('the public gate, through the queue routes', () => {
  it('answers 404 for a slug that names no workspace, or is no slug at all', async () => {
    const { serviceId } = await queue();
    for (const slug of ['no-such-queue-123456', 'UPPER', '-dash', 'a'.repeat(65), '%00']) {
      for (const route of ROUTES(slug, serviceId)) expectMissing(await route());
    }
  });

  it('answers 404 for the slug of a workspace of another template', async () => {
    const other = await newTenant(t, 'barber');
    const { serviceId } = await queue();
    for (const route of ROUTES(other.workspace.public_slug, serviceId)) expectMissing(await route());
  });

  it('answers 404 once the workspace is archived, and again 200 once it is restored', async () => {
    const tenant = await queue();
    const archive = (archived: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/workspaces/${tenant.workspace.workspace_id}/status`,
        headers: bearer(tenant.home.token),
        payload: { archived },
      });
    expect((await archive(true)).statusCode).toBe(200);
    for (const route of ROUTES(tenant.slug, tenant.serviceId)) expectMissing(await route());
    expect((await archive(false)).statusCode).toBe(200);
    expect((await board(tenant.slug)).statusCode).toBe(200);
  });

  it('answers 404 while the account is inactive', async () => {
    const tenant = await queue();
    await t.db.db
      .update(accounts)
      .set({ status: 'inactive' })
      .where(eq(accounts.id, tenant.workspace.account_id));
    for (const route of ROUTES(tenant.slug, tenant.serviceId)) expectMissing(await route());
  });

  it('ignores a signed-in caller’s token: the answer is the workspace’s, whoever calls', async () => {
    const ours = await queue();
    const stranger = await queue();
    const anonymous = await board(ours.slug);
    const tokens = [bearer(stranger.owner.token), bearer(ours.owner.token), bearer('not-a-token')];
    for (const headers of tokens) {
      const seen = await board(ours.slug, headers);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toEqual(anonymous.json());
    }
    for (const headers of tokens) {
      const ticket = await take(ours.slug, ours.serviceId, headers);
      expect(ticket.statusCode, ticket.body).toBe(201);
    }
    // Their token does not let the stranger take a ticket of their own service through our slug.
    expect((await take(ours.slug, stranger.serviceId, bearer(stranger.owner.token))).statusCode).toBe(400);
  });

  it('answers nothing of another workspace', async () => {
    const ours = await queue();
    const theirs = await newTenant(t, 'ticketing');
    await createService(t, theirs.owner.token, { name: 'Their secret desk', prefix: 'Q' });
    const theirTicket = await t.app.inject({
      method: 'POST',
      url: '/api/ticketing/tickets',
      headers: bearer(theirs.owner.token),
      payload: { service_id: (await createService(t, theirs.owner.token, { prefix: 'R' })).id },
    });
    const publicId = theirTicket.json().data.public_id;
    const seen = await board(ours.slug);
    expect(seen.body).not.toContain('Their secret desk');
    expect(seen.body).not.toContain(theirs.workspace.workspace_id);
    expect(seen.body).not.toContain(theirs.workspace.account_id);
    expect(seen.body).not.toContain(ours.workspace.account_id);
    expect(seen.json().data.services.map((s: { prefix: string }) => s.prefix)).toEqual(['C']);
    // Their ticket through our slug: missing.
    expectMissing(await t.app.inject({ url: `/api/public/queues/${ours.slug}/tickets/${publicId}` }));
    // Their service through our kiosk: not one of ours.
    expect((await take(ours.slug, theirTicket.json().data.service_id)).statusCode).toBe(400);
  });

  it(`counts writes per IP and workspace: 429 past PUBLIC_WRITE_RATE_LIMIT (${WRITE_LIMIT}), reads go on`, async () => {
    const tenant = await queue();
    for (let i = 0; i < WRITE_LIMIT; i++) {
      expect((await take(tenant.slug, tenant.serviceId)).statusCode).toBe(201);
    }
    const limited = await take(tenant.slug, tenant.serviceId);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).error.code).toBe('RATE_LIMITED');
    expect((await board(tenant.slug)).statusCode).toBe(200);
    // Another workspace's kiosk has its own count.
    const other = await queue();
    expect((await take(other.slug, other.serviceId)).statusCode).toBe(201);
  });

  // Last: it moves the file's clock past the trial.
  it('refuses a read-only account’s writes (403 READ_ONLY) and keeps its reads', async () => {
    const tenant = await queue();
    t.clock.advance((TRIAL_DAYS + 1) * DAY_SECONDS);
    const refused = await take(tenant.slug, tenant.serviceId);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorOf(refused).error.code).toBe('READ_ONLY');
    expect((await board(tenant.slug)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/public/queues/${tenant.slug}/tickets/${MISSING}` })).statusCode,
    ).toBe(404);
  });
});
