import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { ifMatchOf, routeFetch } from '../../../test/route-fetch.ts';
import { fakeBomLine, fakeProduct, listOf, opsIds } from '../testing/fixtures.ts';
import { BomLineForm } from './bom-line-form.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

// Choosing again in a box that holds a choice scrolls its list to it: jsdom has no scrollIntoView.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});
afterAll(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

/** What the Component box finds: the parent (Wheel) too, which it must not offer. */
const products = () => [
  fakeProduct({ id: opsIds.wheel, product_name: 'Wheel' }),
  fakeProduct({ id: opsIds.spoke, product_name: 'Spoke', procurement_type: 'buy' }),
  fakeProduct({ id: opsIds.rim, product_name: 'Rim', procurement_type: 'buy' }),
];

const sent = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST' || init?.method === 'PATCH')
    .map(([url, init]) => ({ method: init?.method, url: String(url), body: JSON.parse(String(init?.body)) }));

const renderForm = (line?: ReturnType<typeof fakeBomLine>) => {
  const onDone = vi.fn();
  renderWithData(
    <BomLineForm productId={opsIds.wheel} productName="Wheel" onDone={onDone} {...(line ? { line } : {})} />,
  );
  return { onDone };
};

/** A field by its whole label, the required ones' asterisk aside. */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input, select, textarea' }) as
    | HTMLInputElement
    | HTMLSelectElement;

const pickComponent = async (user: ReturnType<typeof userEvent.setup>, typed: string, name: string) => {
  await user.type(field('Component'), typed);
  // jsdom never finishes the dropdown's transition: its options stay "hidden".
  await user.click(await screen.findByRole('option', { name, hidden: true }));
};

describe('BomLineForm', { timeout: 30_000 }, () => {
  it('refuses a line without a component or quantity, focusing Component, sending nothing', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, { 'GET /api/products': () => jsonResponse(200, listOf(products())) });
    const { onDone } = renderForm();
    await user.clear(field('Quantity per Wheel'));
    await user.clear(field('Lead time offset'));
    await user.click(screen.getByRole('button', { name: 'Add line' }));

    expect(await screen.findByText(operationsMessages.bomComponentRequired)).toBeTruthy();
    expect(screen.getByText(operationsMessages.quantityRequired)).toBeTruthy();
    // An empty lead time is 0 days, as a new line starts.
    expect(screen.queryByText(operationsMessages.leadTimeInvalid)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field('Component')));
    expect(field('Component').getAttribute('aria-expanded')).toBe('false');
    expect(sent()).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('never offers the product itself as its own component', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, { 'GET /api/products': () => jsonResponse(200, listOf(products())) });
    renderForm();
    await user.type(field('Component'), 'e');
    expect(await screen.findByRole('option', { name: 'Spoke', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Wheel', hidden: true })).toBeNull();
  });

  it('says what is wrong with a field once left after typing', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, { 'GET /api/products': () => jsonResponse(200, listOf(products())) });
    renderForm();
    const cases: [string, string, string][] = [
      ['Quantity per Wheel', '0', messages.decimalNotPositive],
      ['Quantity per Wheel', '-2', messages.decimalNotPositive],
      ['Quantity per Wheel', 'two', messages.decimalInvalid],
      ['Quantity per Wheel', '0.00001', messages.decimalScale],
      ['Cost per unit', '-0.5', messages.decimalNegative],
      ['Cost per unit', '99999999999', messages.decimalTooLarge],
      ['Lead time offset', '1000', operationsMessages.leadTimeInvalid],
      ['Lead time offset', '1.5', operationsMessages.leadTimeInvalid],
      ['Lead time offset', '-1', operationsMessages.leadTimeInvalid],
    ];
    for (const [label, typed, message] of cases) {
      const input = field(label);
      await user.clear(input);
      await user.type(input, typed);
      await user.tab();
      expect(await screen.findByText(message), `${label} ${typed}`).toBeTruthy();
      expect(input.getAttribute('aria-invalid')).toBe('true');
    }
    // A right value takes the message back as it is typed.
    await user.clear(field('Lead time offset'));
    await user.type(field('Lead time offset'), '3');
    await waitFor(() => expect(screen.queryByText(operationsMessages.leadTimeInvalid)).toBeNull());
    expect(sent()).toEqual([]);
  });

  it('posts the exact new line, an empty cost as null, and closes', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      [`POST /api/products/${opsIds.wheel}/bom`]: () =>
        jsonResponse(201, { message: operationsMessages.bomLineCreated, data: fakeBomLine() }),
    });
    const { onDone } = renderForm();
    await pickComponent(user, 'Spo', 'Spoke');
    await user.clear(field('Quantity per Wheel'));
    await user.type(field('Quantity per Wheel'), '36');
    await user.clear(field('Lead time offset'));
    await user.type(field('Lead time offset'), '2');
    await user.selectOptions(field('Lead time unit'), 'weeks');
    await user.type(field('Notes'), 'Stainless');
    await user.click(screen.getByRole('button', { name: 'Add line' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(notify.success).toHaveBeenCalledWith(operationsMessages.bomLineCreated);
    expect(sent()).toEqual([
      {
        method: 'POST',
        url: `/api/products/${opsIds.wheel}/bom`,
        body: {
          product_needed: opsIds.spoke,
          bom_qty: '36',
          lead_time: 2,
          lead_time_unit: 'weeks',
          cost_per_unit: null,
          notes: 'Stainless',
          status: 'active',
        },
      },
    ]);
  });

  it('edits a line with PATCH, starting from what it holds', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      [`PATCH /api/bom-lines/${opsIds.spokeLine}`]: () =>
        jsonResponse(200, { message: messages.updateDone, data: fakeBomLine() }),
    });
    const { onDone } = renderForm(fakeBomLine());
    await waitFor(() => expect(field('Component').value).toBe('Spoke'));
    expect(field('Quantity per Wheel').value).toBe('36');
    expect(field('Cost per unit').value).toBe('0.5');
    await user.clear(field('Cost per unit'));
    await user.type(field('Cost per unit'), '0.45');
    await user.selectOptions(field('Status'), 'inactive');
    await user.click(screen.getByRole('button', { name: 'Save line' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(notify.success).toHaveBeenCalledWith(messages.updateDone);
    expect(sent()).toEqual([
      {
        method: 'PATCH',
        url: `/api/bom-lines/${opsIds.spokeLine}`,
        body: {
          product_needed: opsIds.spoke,
          bom_qty: '36',
          lead_time: 1,
          lead_time_unit: 'days',
          cost_per_unit: '0.45',
          notes: 'Stainless',
          status: 'inactive',
        },
      },
    ]);
  });

  it('saves against the version it opened; on a 412 keeps what was typed, names their change, loads theirs', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const opened = fakeBomLine({ updated_at: '2026-03-02T09:00:00.500Z' });
    // Someone deactivated the line and changed its notes meanwhile.
    const theirs = fakeBomLine({
      status: 'inactive',
      notes: 'Out of stock',
      updated_at: '2026-03-02T09:03:00.000Z',
    });
    const ifMatches: string[] = [];
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      [`GET /api/bom-lines/${opsIds.spokeLine}`]: () => jsonResponse(200, { data: theirs }),
      [`PATCH /api/bom-lines/${opsIds.spokeLine}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
      },
    });
    const { onDone } = renderForm(opened);
    await waitFor(() => expect(field('Component').value).toBe('Spoke'));
    await user.clear(field('Quantity per Wheel'));
    await user.type(field('Quantity per Wheel'), '40');
    await user.click(screen.getByRole('button', { name: 'Save line' }));

    const alert = await screen.findByRole('alert');
    await within(alert).findByText(/They changed: Notes, Status\./);
    expect(field('Quantity per Wheel').value).toBe('40');
    expect(ifMatches).toEqual([`"${opened.updated_at}"`]);
    expect(onDone).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect(field('Status').value).toBe('inactive');
    expect(field('Notes').value).toBe('Out of stock');
    expect(field('Quantity per Wheel').value).toBe('36');
  });

  it('shows a cycle’s path in an alert, gone once another component is chosen', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const cycle = operationsMessages.bomCycle('Wheel → Rim → Wheel');
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      [`POST /api/products/${opsIds.wheel}/bom`]: () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: cycle } }),
    });
    const { onDone } = renderForm();
    await pickComponent(user, 'Ri', 'Rim');
    await user.click(screen.getByRole('button', { name: 'Add line' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(cycle)).toBeTruthy();
    expect(within(alert).getByText('A product cannot need itself')).toBeTruthy();
    // Shown once, on the form: no toast repeating it, nothing lost.
    expect(notify.error).not.toHaveBeenCalled();
    expect(field('Component').value).toBe('Rim');
    expect(onDone).not.toHaveBeenCalled();

    await user.clear(field('Component'));
    await pickComponent(user, 'Spo', 'Spoke');
    await waitFor(() => expect(screen.queryByText(cycle)).toBeNull());
  });

  it('puts another 409 (the component already on a line) under Component, and a 400 under its field', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const taken = operationsMessages.bomComponentTaken;
    let answer = () => jsonResponse(409, { error: { code: 'CONFLICT', message: taken } });
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      [`POST /api/products/${opsIds.wheel}/bom`]: () => answer(),
    });
    const { onDone } = renderForm();
    await pickComponent(user, 'Spo', 'Spoke');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    expect(await screen.findByText(taken)).toBeTruthy();
    expect(field('Component').getAttribute('aria-invalid')).toBe('true');
    expect(notify.error).toHaveBeenCalledWith(taken);

    answer = () =>
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: messages.validationFailed,
          fields: { bom_qty: messages.decimalTooLarge },
        },
      });
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    expect(await screen.findByText(messages.decimalTooLarge)).toBeTruthy();
    expect(field('Quantity per Wheel').getAttribute('aria-invalid')).toBe('true');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the button busy while sending, and Cancel closes without sending', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    let release: (response: Response) => void = () => undefined;
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      [`PATCH /api/bom-lines/${opsIds.spokeLine}`]: () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    const { onDone } = renderForm(fakeBomLine());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(sent()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save line' }));
    const button = screen.getByRole('button', { name: 'Save line' });
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    expect(button.getAttribute('data-loading')).toBe('true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    release(jsonResponse(200, { message: messages.updateDone, data: fakeBomLine() }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2));
    expect(sent()).toHaveLength(1);
  });
});
