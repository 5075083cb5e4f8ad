import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { ifMatchOf, readTwice, routeFetch } from '../../../test/route-fetch.ts';
import { fakeProduct, listOf, opsIds } from '../testing/fixtures.ts';
import { ProductFormPage } from './product-form-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
afterEach(() => vi.mocked(notify.success).mockReset());

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const url = `/api/products/${opsIds.bicycle}`;

const renderEdit = () =>
  renderWithData(
    <Routes>
      <Route path="/operations/products/:id/edit" element={<ProductFormPage />} />
      <Route path="/operations/products/:id" element={<h1>Product page</h1>} />
    </Routes>,
    `/operations/products/${opsIds.bicycle}/edit`,
  );

describe('ProductFormPage, editing', { timeout: 15_000 }, () => {
  it('saves against the version it opened (If-Match), without the stock, and opens the product', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const opened = fakeProduct({ updated_at: '2026-03-01T08:00:00.250Z' });
    const sent: { ifMatch: string; body: Record<string, unknown> }[] = [];
    routeFetch(fetchMock, {
      [`GET ${url}`]: () => jsonResponse(200, { data: opened }),
      'GET /api/catalogs': () => jsonResponse(200, listOf([])),
      'GET /api/uoms': () => jsonResponse(200, listOf([])),
      [`PATCH ${url}`]: (init) => {
        sent.push({ ifMatch: ifMatchOf(init), body: JSON.parse(String(init?.body)) });
        return jsonResponse(200, { message: messages.updateDone, data: { ...opened, price: '420.0000' } });
      },
    });
    renderEdit();
    await waitFor(() => expect(field('Product name').value).toBe('Bicycle'));
    await user.clear(field('Price'));
    await user.type(field('Price'), '420');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Product page' })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.ifMatch).toBe(`"${opened.updated_at}"`);
    expect(sent[0]?.body).toMatchObject({ product_name: 'Bicycle', price: '420' });
    expect(sent[0]?.body).not.toHaveProperty('product_qty');
    expect(notify.success).toHaveBeenCalledWith(messages.updateDone);
  });

  it('keeps the unit of a product with stock or BOM lines: disabled, saying why, and still sent', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const kg = { id: opsIds.spoke, name: 'kg', description: null, status: 'active' };
    const opened = fakeProduct({ uom_id: kg.id, uom_name: 'kg', unit_locked: true });
    const sent: Record<string, unknown>[] = [];
    routeFetch(fetchMock, {
      [`GET ${url}`]: () => jsonResponse(200, { data: opened }),
      'GET /api/catalogs': () => jsonResponse(200, listOf([])),
      'GET /api/uoms': () => jsonResponse(200, listOf([kg])),
      [`PATCH ${url}`]: (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { message: messages.updateDone, data: opened });
      },
    });
    renderEdit();
    await waitFor(() => expect(field('Product name').value).toBe('Bicycle'));
    const unit = screen.getByRole('combobox', { name: 'Unit' }) as HTMLSelectElement;
    expect(unit.disabled).toBe(true);
    expect(unit.value).toBe(kg.id);
    expect(screen.getByText(operationsMessages.productUnitLockedHint)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Product page' })).toBeTruthy();
    expect(sent[0]).toMatchObject({ uom_id: kg.id });
  });

  it('shows the unit and catalog the product has once their lists arrive after it (the lists sort others first)', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const pcs = { id: opsIds.spoke, name: 'pcs', description: null, status: 'active' };
    const kg = { id: opsIds.wheel, name: 'kg', description: null, status: 'active' };
    const parts = { id: opsIds.order, name: 'Parts', description: null, status: 'active' };
    const alpha = { id: opsIds.bicycle, name: 'Alpha', description: null, status: 'active' };
    let arrive: () => void = () => {};
    const lists = new Promise<void>((resolve) => (arrive = resolve));
    routeFetch(fetchMock, {
      [`GET ${url}`]: () =>
        jsonResponse(200, {
          data: fakeProduct({ uom_id: pcs.id, uom_name: 'pcs', catalog_id: parts.id, catalog_name: 'Parts' }),
        }),
      'GET /api/catalogs': async () => {
        await lists;
        return jsonResponse(200, listOf([alpha, parts]));
      },
      'GET /api/uoms': async () => {
        await lists;
        return jsonResponse(200, listOf([kg, pcs]));
      },
    });
    renderEdit();
    await waitFor(() => expect(field('Product name').value).toBe('Bicycle'));
    const unit = screen.getByRole('combobox', { name: 'Unit' }) as HTMLSelectElement;
    const catalog = screen.getByRole('combobox', { name: 'Catalog' }) as HTMLSelectElement;
    expect(unit.value).toBe(pcs.id);
    arrive();
    await waitFor(() => expect(unit.options).toHaveLength(3));
    await waitFor(() => expect(catalog.options).toHaveLength(3));
    expect(unit.value).toBe(pcs.id);
    expect(unit.selectedOptions[0]?.textContent).toBe('pcs');
    expect(catalog.value).toBe(parts.id);
    expect(catalog.selectedOptions[0]?.textContent).toBe('Parts');
  });

  it('offers the unit of a product nothing records in it', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      [`GET ${url}`]: () => jsonResponse(200, { data: fakeProduct({ unit_locked: false }) }),
      'GET /api/catalogs': () => jsonResponse(200, listOf([])),
      'GET /api/uoms': () => jsonResponse(200, listOf([])),
    });
    renderEdit();
    await waitFor(() => expect(field('Product name').value).toBe('Bicycle'));
    expect((screen.getByRole('combobox', { name: 'Unit' }) as HTMLSelectElement).disabled).toBe(false);
    expect(screen.queryByText(operationsMessages.productUnitLockedHint)).toBeNull();
  });

  it('on a 412 keeps what was typed, names what they changed, and loads their version on request', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const opened = fakeProduct({ updated_at: '2026-03-01T08:00:00.250Z' });
    // Their save changed the price; a stock move meanwhile (on hand) is not named: the form does not edit it.
    const theirs = fakeProduct({
      price: '450.0000',
      product_qty: '9.0000',
      updated_at: '2026-03-01T08:05:00.000Z',
    });
    const ifMatches: string[] = [];
    routeFetch(fetchMock, {
      [`GET ${url}`]: readTwice(opened, theirs),
      'GET /api/catalogs': () => jsonResponse(200, listOf([])),
      'GET /api/uoms': () => jsonResponse(200, listOf([])),
      [`PATCH ${url}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
      },
    });
    renderEdit();
    await waitFor(() => expect(field('Product name').value).toBe('Bicycle'));
    await user.clear(field('Color'));
    await user.type(field('Color'), 'Red');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    await within(alert).findByText(/They changed: Price\./);
    expect(field('Color').value).toBe('Red');
    expect(ifMatches).toEqual([`"${opened.updated_at}"`]);
    await user.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect(field('Price').value).toBe('450');
    expect(field('Color').value).toBe('');
    expect(notify.success).not.toHaveBeenCalled();
  });
});
