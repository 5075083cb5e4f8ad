import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/labels.ts';
import { renderPage } from '../../../test/render.tsx';
import { fakeProposal, fakeProposals, opsIds } from '../testing/fixtures.ts';
import { ProposalsTable } from './proposals-table.tsx';

const LONG = 'Titanium gravel bicycle frame with internal cable routing XL';

describe('ProposalsTable', () => {
  it('keeps every badge as wide as its word beside a long product name', () => {
    const [bicycle, wheel, spoke] = fakeProposals();
    if (!bicycle || !wheel || !spoke) throw new Error('fixtures changed');
    renderPage(
      <ProposalsTable
        proposals={[
          { ...bicycle, product_name: LONG },
          { ...wheel, too_large: true },
          spoke,
          fakeProposal({
            id: opsIds.orderLine,
            seq: 4,
            status: 'confirmed',
            confirmed_ref: { kind: 'work_order', id: opsIds.order, label: 'WO-00001' },
          }),
        ]}
        maySelect
        selected={new Set()}
        onToggle={vi.fn()}
        onTogglePage={vi.fn()}
        onShowPegging={vi.fn()}
      />,
    );
    const table = within(screen.getByRole('table', { name: 'Proposals' }));
    // At 1280 px a 60-character name squeezed 'Make' to 'MA…' and 'Past due' to 'PAST …'.
    const badges = table.getAllByText(/^(Make|Buy|Past due|Too large|Confirmed)$/);
    expect(badges.map((badge) => badge.textContent).sort()).toEqual([
      'Buy',
      'Confirmed',
      'Make',
      'Make',
      'Make',
      'Past due',
      'Too large',
    ]);
    for (const badge of badges) {
      const root = badge.closest('.mantine-Badge-root') as HTMLElement;
      expect(root.style.minWidth, badge.textContent ?? '').toBe('max-content');
    }
    // What it became stays one word: 'WO-' over '00001' at 1280 px.
    expect(table.getByRole('link', { name: 'WO-00001' }).style.whiteSpace).toBe('nowrap');
  });

  it('keeps a huge quantity and the dates on one line each (the table scrolls instead)', () => {
    const [bicycle] = fakeProposals();
    if (!bicycle) throw new Error('fixtures changed');
    renderPage(
      <ProposalsTable
        proposals={[{ ...bicycle, quantity: '99999999999999999999998000000.00000001', too_large: true }]}
        maySelect
        selected={new Set()}
        onToggle={vi.fn()}
        onTogglePage={vi.fn()}
        onShowPegging={vi.fn()}
      />,
    );
    const table = within(screen.getByRole('table', { name: 'Proposals' }));
    const quantity = table.getByText('99,999,999,999,999,999,999,998,000,000.00000001');
    expect(quantity.style.whiteSpace).toBe('nowrap');
    const row = quantity.closest('tr') as HTMLElement;
    const cells = [...row.querySelectorAll('td')];
    const needCell = cells.find((cell) => cell.textContent === formatDate(bicycle.need_date));
    expect(needCell?.style.whiteSpace).toBe('nowrap');
  });
});
