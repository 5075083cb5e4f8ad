import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { ifMatchOf, routeFetch } from '../../../test/route-fetch.ts';
import { fakeBomLine, fakeBomTree, listOf, opsIds } from '../testing/fixtures.ts';
import { BomTreeView } from './bom-tree.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

/** The tree's rows as 'name | qty per parent | total | unit cost | extended cost'. */
const treeRows = () =>
  within(screen.getByRole('table', { name: 'Bill of materials' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .filter((_cell, index) => index !== 1 && index < 6)
        .map((cell) => cell.textContent?.replace(/[▸▾]/g, '').trim())
        .join(' | '),
    );

describe('BomTreeView', () => {
  it('shows the roll-up: the estimated cost and each level’s quantities and costs, the first level open', () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    renderWithData(<BomTreeView tree={fakeBomTree()} mayEdit={false} />);
    expect(screen.getByTestId('estimated-cost').textContent).toBe('226.00');
    expect(treeRows()).toEqual([
      'Bicycle | — | 1 pcs | 226.00 | 226.00',
      'Wheel | 2 pcs | 2 pcs | 38.00 | 76.00',
      'Frame | 1 pcs | 1 pcs | 150.00 | 150.00',
    ]);
    expect(screen.queryByRole('button', { name: /^Edit line/ })).toBeNull();
  });

  it('keeps each Type badge as wide as its word beside a long component name', () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const tree = fakeBomTree();
    const frame = tree.root.children[1];
    if (frame) frame.product_name = 'Titanium gravel bicycle frame with internal cable routing XL';
    renderWithData(<BomTreeView tree={tree} mayEdit />);
    // A squeezed Type column cut 'Make' to 'MA…' at 1280 px beside a 60-character name.
    const badges = within(screen.getByRole('table', { name: 'Bill of materials' })).getAllByText(
      /^(Make|Buy)$/,
    );
    expect(badges.length).toBe(3);
    for (const badge of badges) {
      const root = badge.closest('.mantine-Badge-root') as HTMLElement;
      expect(root.style.minWidth).toBe('max-content');
    }
  });

  it('expands and collapses a branch, and every branch at once', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    renderWithData(<BomTreeView tree={fakeBomTree()} mayEdit={false} />);
    const wheel = screen.getByRole('button', { name: 'Expand Wheel' });
    expect(wheel.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Spoke')).toBeNull();

    await user.click(wheel);
    expect(screen.getByRole('button', { name: 'Collapse Wheel' }).getAttribute('aria-expanded')).toBe('true');
    expect(treeRows()).toEqual([
      'Bicycle | — | 1 pcs | 226.00 | 226.00',
      'Wheel | 2 pcs | 2 pcs | 38.00 | 76.00',
      'Spoke | 36 pcs | 72 pcs | 0.50 | 36.00',
      'Rim | 1 pcs | 2 pcs | 20.00 | 40.00',
      'Frame | 1 pcs | 1 pcs | 150.00 | 150.00',
    ]);

    await user.click(screen.getByRole('button', { name: 'Collapse Wheel' }));
    expect(screen.queryByText('Spoke')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Collapse Bicycle' }));
    expect(treeRows()).toEqual(['Bicycle | — | 1 pcs | 226.00 | 226.00']);

    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(treeRows()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(treeRows()).toHaveLength(3);
  });

  it('edits a deeper line in place: reads its parent’s line, sends the whole line with the new quantity', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    let patched: unknown = null;
    routeFetch(fetchMock, {
      [`GET /api/products/${opsIds.wheel}/bom`]: () => jsonResponse(200, listOf([fakeBomLine()])),
      [`PATCH /api/bom-lines/${opsIds.spokeLine}`]: (init) => {
        patched = JSON.parse(String(init?.body));
        return jsonResponse(200, { message: messages.updateDone, data: fakeBomLine({ bom_qty: '40.0000' }) });
      },
    });
    renderWithData(<BomTreeView tree={fakeBomTree()} mayEdit />);
    await user.click(screen.getByRole('button', { name: 'Expand Wheel' }));
    await user.click(screen.getByRole('button', { name: 'Edit line Spoke' }));

    const form = await screen.findByRole('form', { name: 'Edit line Spoke' });
    const qty = within(form).getByLabelText('Quantity per Wheel') as HTMLInputElement;
    expect(qty.value).toBe('36');
    await user.clear(qty);
    await user.type(qty, '0');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(messages.decimalNotPositive)).toBeTruthy();
    expect(patched).toBeNull();

    await user.clear(qty);
    await user.type(qty, '40');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.updateDone));
    expect(patched).toEqual({
      product_needed: opsIds.spoke,
      bom_qty: '40',
      lead_time: 1,
      lead_time_unit: 'days',
      cost_per_unit: '0.5',
      notes: 'Stainless',
      status: 'active',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit line Spoke' })).toBeNull());
    // Saved, the focus is back on the line's Edit button (it was Save's, gone with the form).
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit line Spoke' }));
  });

  it('edits in place against the version it read: a 412 (the line deactivated since) is said in the row', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const opened = fakeBomLine({ updated_at: '2026-03-02T09:00:00.500Z' });
    const theirs = fakeBomLine({ status: 'inactive', updated_at: '2026-03-02T09:04:00.000Z' });
    const ifMatches: string[] = [];
    const bodies: unknown[] = [];
    routeFetch(fetchMock, {
      [`GET /api/products/${opsIds.wheel}/bom`]: () => jsonResponse(200, listOf([opened])),
      [`GET /api/bom-lines/${opsIds.spokeLine}`]: () => jsonResponse(200, { data: theirs }),
      [`PATCH /api/bom-lines/${opsIds.spokeLine}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        bodies.push(JSON.parse(String(init?.body)));
        return ifMatches.length === 1
          ? jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } })
          : jsonResponse(200, { message: messages.updateDone, data: { ...theirs, bom_qty: '40.0000' } });
      },
    });
    renderWithData(<BomTreeView tree={fakeBomTree()} mayEdit />);
    await user.click(screen.getByRole('button', { name: 'Expand Wheel' }));
    await user.click(screen.getByRole('button', { name: 'Edit line Spoke' }));
    const form = await screen.findByRole('form', { name: 'Edit line Spoke' });
    const qty = within(form).getByLabelText('Quantity per Wheel') as HTMLInputElement;
    await user.clear(qty);
    await user.type(qty, '40');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await within(form).findByRole('alert');
    await within(alert).findByText(/They changed: Status\./);
    expect(qty.value).toBe('40');
    expect(notify.success).not.toHaveBeenCalled();
    // Their version taken: the next save keeps their status, with the quantity typed again.
    await user.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect(qty.value).toBe('36');
    await user.clear(qty);
    await user.type(qty, '40');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.updateDone));
    expect(ifMatches).toEqual([`"${opened.updated_at}"`, `"${theirs.updated_at}"`]);
    expect(bodies[1]).toMatchObject({ bom_qty: '40', status: 'inactive' });
  });

  it('puts the focus in the quantity as Edit opens the line, and back on Edit on Cancel', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      [`GET /api/products/${opsIds.wheel}/bom`]: () => jsonResponse(200, listOf([fakeBomLine()])),
    });
    renderWithData(<BomTreeView tree={fakeBomTree()} mayEdit />);
    await user.click(screen.getByRole('button', { name: 'Expand Wheel' }));
    // Edit goes while the line is edited: without a hand-over the focus fell to the page.
    screen.getByRole('button', { name: 'Edit line Spoke' }).focus();
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('form', { name: 'Edit line Spoke' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Quantity per Wheel'));

    within(form).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('form', { name: 'Edit line Spoke' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit line Spoke' }));
  });
});
