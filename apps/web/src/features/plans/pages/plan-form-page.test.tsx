import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { AdminPlan } from '@workhub/shared/schemas/plans';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { ifMatchOf, readTwice, routeFetch } from '../../../test/route-fetch.ts';
import { PlanFormPage } from './plan-form-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const staff = () =>
  fakeAuthSession(
    { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
    { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
  );

const pro: AdminPlan = {
  subscription_id: 2,
  title: 'Pro',
  subscription: 'Monthly',
  subheader: 'For growing teams',
  price: 29,
  description: 'Everything a growing team needs.',
  button_text: 'Start free trial',
  button_variant: 'outlined',
  month: 1,
  status: 'active',
  max_workspaces: 1,
  max_members: null,
  updated_at: '2026-05-01T08:00:00.125Z',
};

const renderForm = (path: string) =>
  renderWithData(
    <Routes>
      <Route path="/subscription/new" element={<PlanFormPage />} />
      <Route path="/subscription/:id" element={<PlanFormPage />} />
      <Route path="/subscription_type" element={<h1>Plan list</h1>} />
    </Routes>,
    path,
  );

const sentBody = (method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method);
  return JSON.parse(String(call?.[1]?.body));
};

describe('PlanFormPage', { timeout: 15_000 }, () => {
  it('shows every message of spec section 5 on an empty plan', async () => {
    const user = userEvent.setup();
    signIn(staff());
    renderForm('/subscription/new');
    expect(screen.getByRole('heading', { name: 'New plan' })).toBeTruthy();
    for (const label of ['Title', 'Subscription', 'Subheader', 'Price', 'Month', 'Description'])
      expect(field(label)).toBeTruthy();
    for (const label of ['Button text', 'Button variant', 'Status']) expect(field(label)).toBeTruthy();
    expect(field(messages.maxWorkspacesLabel).value).toBe('');
    expect(field(messages.maxMembersLabel).value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    for (const message of [
      messages.planTitleRequired,
      messages.planPriceRequired,
      messages.planDescriptionRequired,
      messages.planButtonTextRequired,
      messages.planButtonVariantRequired,
      messages.planMonthRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(field('Description'), 'Too short');
    await user.tab();
    expect(await screen.findByText(messages.planDescriptionMin)).toBeTruthy();
  });

  it('says a month of 0 is too short rather than missing', async () => {
    const user = userEvent.setup();
    signIn(staff());
    renderForm('/subscription/new');
    await user.type(field('Month'), '0');
    await user.tab();
    expect(await screen.findByText(messages.planMonthMin)).toBeTruthy();
    expect(screen.queryByText(messages.planMonthRequired)).toBeNull();
  });

  it('says nothing of an empty field the user only passed through, until a submit', async () => {
    const user = userEvent.setup();
    signIn(staff());
    renderForm('/subscription/new');
    await user.click(field('Title'));
    await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(messages.planTitleRequired)).toBeNull();
    expect(screen.queryByText(messages.planPriceRequired)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText(messages.planTitleRequired)).toBeTruthy();
  });

  it("edits every field of a plan, says 'Update done !!!' and goes back to the plans", async () => {
    const user = userEvent.setup();
    signIn(staff());
    routeFetch(fetchMock, {
      'GET /api/admin/plans/2': () => jsonResponse(200, { data: pro }),
      'PATCH /api/admin/plans/2': () =>
        jsonResponse(200, { message: messages.updateDone, data: { ...pro, price: 39 } }),
    });
    renderForm('/subscription/2');
    expect(screen.getByRole('heading', { name: 'Edit plan' })).toBeTruthy();
    await waitFor(() => expect(field('Title').value).toBe('Pro'));
    expect(field('Subscription').value).toBe('Monthly');
    expect(field('Subheader').value).toBe('For growing teams');
    expect(field('Price').value).toBe('29');
    expect(field('Month').value).toBe('1');
    expect(field('Button text').value).toBe('Start free trial');
    expect(field('Button variant').value).toBe('outline');
    expect(field('Status').value).toBe('active');
    expect(field(messages.maxWorkspacesLabel).value).toBe('1');
    expect(field(messages.maxMembersLabel).value).toBe('');

    await user.clear(field('Price'));
    await user.type(field('Price'), '39');
    await user.selectOptions(field('Button variant'), 'light');
    await user.selectOptions(field('Status'), 'inactive');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('heading', { name: 'Plan list' })).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(messages.updateDone);
    expect(sentBody('PATCH')).toEqual({
      title: 'Pro',
      subscription: 'Monthly',
      subheader: 'For growing teams',
      price: 39,
      description: 'Everything a growing team needs.',
      button_text: 'Start free trial',
      button_variant: 'light',
      month: 1,
      status: 'inactive',
      max_workspaces: 1,
      max_members: null,
    });
  });

  it('edits the limits: a whole number from 1, empty for unlimited', async () => {
    const user = userEvent.setup();
    signIn(staff());
    routeFetch(fetchMock, {
      'GET /api/admin/plans/2': () => jsonResponse(200, { data: pro }),
      'PATCH /api/admin/plans/2': () => jsonResponse(200, { message: messages.updateDone, data: pro }),
    });
    renderForm('/subscription/2');
    await waitFor(() => expect(field(messages.maxWorkspacesLabel).value).toBe('1'));
    await user.type(field(messages.maxMembersLabel), '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(messages.planLimitInvalid)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await user.clear(field(messages.maxMembersLabel));
    await user.type(field(messages.maxMembersLabel), '5');
    await user.clear(field(messages.maxWorkspacesLabel));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Plan list' })).toBeTruthy();
    expect(sentBody('PATCH')).toMatchObject({ max_workspaces: null, max_members: 5 });
  });

  it("adds a plan and says 'Plan created'", async () => {
    const user = userEvent.setup();
    signIn(staff());
    routeFetch(fetchMock, {
      'POST /api/admin/plans': () =>
        jsonResponse(201, { message: messages.planCreated, data: { ...pro, subscription_id: 4 } }),
    });
    renderForm('/subscription/new');
    const fill = async (label: string, text: string) => {
      await user.click(field(label));
      await user.paste(text);
    };
    await fill('Title', 'Team');
    await fill('Price', '99');
    await fill('Month', '12');
    await fill('Description', 'For whole companies, billed yearly.');
    await fill('Button text', 'Buy');
    await user.selectOptions(field('Button variant'), 'filled');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));

    expect(await screen.findByRole('heading', { name: 'Plan list' })).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(messages.planCreated);
    expect(sentBody('POST')).toMatchObject({
      title: 'Team',
      price: 99,
      month: 12,
      status: 'active',
      max_workspaces: null,
      max_members: null,
    });
  });

  it("puts the server's field messages under the fields and the message in a toast", async () => {
    const user = userEvent.setup();
    signIn(staff());
    routeFetch(fetchMock, {
      'GET /api/admin/plans/2': () => jsonResponse(200, { data: pro }),
      'PATCH /api/admin/plans/2': () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: messages.validationFailed,
            fields: { title: 'This title is taken' },
          },
        }),
    });
    renderForm('/subscription/2');
    await waitFor(() => expect(field('Title').value).toBe('Pro'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This title is taken')).toBeTruthy();
    expect(notify.error).toHaveBeenCalledWith(messages.validationFailed);
    expect(screen.queryByRole('heading', { name: 'Plan list' })).toBeNull();
  });

  it('saves against the version it opened; on a 412 names what they changed and loads theirs', async () => {
    const user = userEvent.setup();
    signIn(staff());
    const theirs: AdminPlan = {
      ...pro,
      price: 35,
      status: 'inactive',
      updated_at: '2026-05-01T08:05:00.000Z',
    };
    const ifMatches: string[] = [];
    routeFetch(fetchMock, {
      'GET /api/admin/plans/2': readTwice(pro, theirs),
      'PATCH /api/admin/plans/2': (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
      },
    });
    renderForm('/subscription/2');
    await waitFor(() => expect(field('Title').value).toBe('Pro'));
    await user.clear(field('Title'));
    await user.type(field('Title'), 'Pro plus');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('They changed: Price, Status.'));
    expect(ifMatches).toEqual([`"${pro.updated_at}"`]);
    expect(field('Title').value).toBe('Pro plus');
    expect(notify.success).not.toHaveBeenCalled();
    // A second Save is made against their version, knowingly.
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(ifMatches).toEqual([`"${pro.updated_at}"`, `"${theirs.updated_at}"`]));
    await user.click(await screen.findByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(field('Price').value).toBe('35'));
    expect(field('Title').value).toBe('Pro');
  });

  it('shows the error of a plan that cannot be loaded', async () => {
    signIn(staff());
    routeFetch(fetchMock, {
      'GET /api/admin/plans/9': () =>
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: messages.notFound } }),
    });
    renderForm('/subscription/9');
    expect(await screen.findByText('This plan could not be loaded')).toBeTruthy();
    expect(screen.getByText(messages.notFound)).toBeTruthy();
  });
});
