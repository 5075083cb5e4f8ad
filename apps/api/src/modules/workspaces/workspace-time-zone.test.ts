import type { Template } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema/workspaces.ts';
import { bearer, errorOf, useTestApp } from '../../test/helpers.ts';
import { createWorkspace, enter, login, newTenant } from '../../test/tenants.ts';

const t = useTestApp();

/** A workspace of `template` made with `time_zone` (or none), and its owner's token in it. */
async function workspaceIn(template: Template, time_zone?: string) {
  const { holder, home } = await newTenant(t);
  const workspace = await createWorkspace(t, home.token, { template, ...(time_zone ? { time_zone } : {}) });
  const owner = await enter(t, await login(t, holder.email), workspace.workspace_id);
  return owner.token;
}

const get = async (url: string, token: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const put = async (url: string, token: string, payload: object) => {
  const response = await t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBe(200);
};

describe("a workspace's time zone: its modules' day until they set their own", () => {
  it('a salon, a school and a queue keep the zone their workspace was created in', async () => {
    expect((await get('/api/barber/settings', await workspaceIn('barber', 'America/Lima'))).timezone).toBe(
      'America/Lima',
    );
    expect((await get('/api/cbe/settings', await workspaceIn('cbe', 'Asia/Tokyo'))).time_zone).toBe(
      'Asia/Tokyo',
    );
    const queue = await get('/api/ticketing/settings', await workspaceIn('ticketing', 'Europe/London'));
    expect(queue).toMatchObject({ time_zone: 'Europe/London', no_show_after_recalls: 3 });
  });

  it("the salon's public booking page gives the workspace's zone too (read under the slug's tenant)", async () => {
    const { home } = await newTenant(t);
    const salon = await createWorkspace(t, home.token, { template: 'barber', time_zone: 'America/Lima' });
    const slug = (await get(`/api/workspaces/${salon.workspace_id}`, home.token)).public_slug;
    const page = await t.app.inject({ method: 'GET', url: `/api/public/booking/${slug}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.timezone).toBe('America/Lima');
  });

  it("a module's own setting wins over the workspace's", async () => {
    const salon = await workspaceIn('barber', 'America/Lima');
    await put('/api/barber/settings', salon, { timezone: 'Europe/Paris' });
    expect((await get('/api/barber/settings', salon)).timezone).toBe('Europe/Paris');

    const queue = await workspaceIn('ticketing', 'Europe/London');
    await put('/api/ticketing/settings', queue, {
      time_zone: 'Asia/Dubai',
      no_show_after_recalls: 2,
      opening_hours: [],
    });
    expect(await get('/api/ticketing/settings', queue)).toMatchObject({
      time_zone: 'Asia/Dubai',
      no_show_after_recalls: 2,
    });

    const school = await workspaceIn('cbe', 'Asia/Tokyo');
    await put('/api/cbe/settings', school, { time_zone: 'Africa/Lagos' });
    expect((await get('/api/cbe/settings', school)).time_zone).toBe('Africa/Lagos');
  });

  it("a workspace made without one keeps each module's own default", async () => {
    expect((await get('/api/barber/settings', await workspaceIn('barber'))).timezone).toBe('Africa/Nairobi');
    expect((await get('/api/cbe/settings', await workspaceIn('cbe'))).time_zone).toBe('Africa/Nairobi');
    expect((await get('/api/ticketing/settings', await workspaceIn('ticketing'))).time_zone).toBe('UTC');
  });

  it('refuses a zone the server does not know with a 400 on the field, and makes no workspace', async () => {
    const { home } = await newTenant(t);
    const accountId = String(home.session.user.account_id);
    const countOf = async () =>
      (await t.db.db.select({ n: count() }).from(workspaces).where(eq(workspaces.accountId, accountId)))[0]
        ?.n;
    const before = await countOf();
    for (const time_zone of ['Mars/Olympus', 'UTC\u0000', 'A'.repeat(65), '', 'Europe/../etc/passwd']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/workspaces',
        headers: bearer(home.token),
        payload: { workspace_name: 'Shop', template: 'barber', description: 'Cuts', time_zone },
      });
      expect(response.statusCode, time_zone).toBe(400);
      expect(errorOf(response).error.fields?.time_zone, time_zone).toBeTruthy();
    }
    expect(await countOf()).toBe(before);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: bearer(home.token),
      payload: { workspace_name: 'Shop', template: 'barber', description: 'Cuts', time_zone: 'Mars/Olympus' },
    });
    expect(errorOf(refused).error.fields?.time_zone).toBe(messages.timeZoneInvalid);
  });
});
