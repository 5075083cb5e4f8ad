import { messages } from '@workhub/shared/messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema/workspaces.ts';
import { bearer, errorOf, useTestApp } from '../../test/helpers.ts';
import { createWorkspace, enter, login, newTenant } from '../../test/tenants.ts';

const t = useTestApp();

const get = async (url: string, token: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const patch = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url, headers: bearer(token), payload });
const FORM = { workspace_name: 'Kinyozi', template: 'barber', description: 'Cuts and shaves' } as const;

describe("a workspace's currency: what its amounts are shown in", () => {
  it('is none unless chosen, kept as chosen, and listed in the picker', async () => {
    const { home, holder, workspace } = await newTenant(t);
    expect(workspace.currency).toBeNull();
    const salon = await createWorkspace(t, home.token, { ...FORM, currency: 'KES' });
    expect(salon.currency).toBe('KES');
    expect((await get(`/api/workspaces/${salon.workspace_id}`, home.token)).currency).toBe('KES');
    // A member's picker (here the holder's own) gives each workspace's currency.
    const picker = await get('/api/me/workspaces', (await login(t, holder.email)).token);
    const listed = (id: string) => picker.find((w: { workspace_id: string }) => w.workspace_id === id);
    expect(listed(salon.workspace_id).currency).toBe('KES');
    expect(listed(workspace.workspace_id).currency).toBeNull();
  });

  it("an edit that leaves it out keeps it; null or '' clears it; another code changes it", async () => {
    const { home } = await newTenant(t);
    const salon = await createWorkspace(t, home.token, { ...FORM, currency: 'KES' });
    const url = `/api/workspaces/${salon.workspace_id}`;
    expect(
      (await patch(url, home.token, { ...FORM, workspace_name: 'Kinyozi Spa' })).json().data,
    ).toMatchObject({
      workspace_name: 'Kinyozi Spa',
      currency: 'KES',
    });
    expect((await patch(url, home.token, { ...FORM, currency: 'USD' })).json().data.currency).toBe('USD');
    expect((await patch(url, home.token, { ...FORM, currency: null })).json().data.currency).toBeNull();
    await patch(url, home.token, { ...FORM, currency: 'EUR' });
    expect((await patch(url, home.token, { ...FORM, currency: '' })).json().data.currency).toBeNull();
  });

  it('refuses a code that is not a known currency with a 400 on the field, and changes nothing', async () => {
    const { home } = await newTenant(t);
    const salon = await createWorkspace(t, home.token, { ...FORM, currency: 'KES' });
    const url = `/api/workspaces/${salon.workspace_id}`;
    for (const currency of ['kes', 'KSH', 'XYZ', 'KES\u0000', 'KESS', ' KES', 7, ['KES'], { code: 'KES' }]) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/workspaces',
        headers: bearer(home.token),
        payload: { ...FORM, currency },
      });
      expect(created.statusCode, JSON.stringify(currency)).toBe(400);
      expect(errorOf(created).error.fields?.currency, JSON.stringify(currency)).toBe(
        messages.currencyInvalid,
      );
      const edited = await patch(url, home.token, { ...FORM, workspace_name: 'Renamed', currency });
      expect(edited.statusCode, JSON.stringify(currency)).toBe(400);
    }
    expect(await get(url, home.token)).toMatchObject({ workspace_name: 'Kinyozi', currency: 'KES' });
  });

  it('the database refuses anything but three capitals, whatever the API lets through', async () => {
    const { workspace } = await newTenant(t);
    await expect(
      t.db.db
        .update(workspaces)
        .set({ currency: 'kes' })
        .where(
          and(eq(workspaces.accountId, workspace.account_id), eq(workspaces.id, workspace.workspace_id)),
        ),
    ).rejects.toThrow();
  });

  it("the salon's public booking page gives its currency", async () => {
    const { home, holder } = await newTenant(t);
    const salon = await createWorkspace(t, home.token, { ...FORM, currency: 'TZS' });
    const slug = (await get(`/api/workspaces/${salon.workspace_id}`, home.token)).public_slug;
    const page = await t.app.inject({ method: 'GET', url: `/api/public/booking/${slug}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.currency).toBe('TZS');

    const owner = await enter(t, await login(t, holder.email), salon.workspace_id);
    await patch(`/api/workspaces/${salon.workspace_id}`, owner.token, { ...FORM, currency: null });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/booking/${slug}` })).json().data.currency,
    ).toBeNull();
  });
});
