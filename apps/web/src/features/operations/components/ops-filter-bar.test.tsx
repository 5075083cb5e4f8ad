import { Button } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { onPhone } from '../../../test/phone.ts';
import { renderPage } from '../../../test/render.tsx';
import { OpsFilterBar } from './ops-filter-bar.tsx';

const RULES = { status: ['draft', 'confirmed'], overdue: ['true'], sort: ['number'] } as const;

const Bar = () => (
  <OpsFilterBar
    state={useUrlFilters<keyof typeof RULES>(RULES)}
    searchLabel="Search by number"
    controls={[
      {
        key: 'status',
        kind: 'select',
        label: 'Status',
        any: 'All statuses',
        options: [
          { value: 'draft', label: 'Draft' },
          { value: 'confirmed', label: 'Confirmed' },
        ],
      },
      { key: 'overdue', kind: 'check', label: 'Late only' },
    ]}
    sorts={[
      { value: '', label: 'Newest first' },
      { value: 'number', label: 'By number' },
    ]}
  >
    <Button>Export CSV</Button>
  </OpsFilterBar>
);

afterEach(() => vi.restoreAllMocks());

describe('OpsFilterBar', () => {
  it('shows every control on a wide screen', () => {
    onPhone(false);
    renderPage(<Bar />, '/orders');
    expect(screen.getByLabelText('Status')).toBeTruthy();
    expect(screen.getByLabelText('Late only')).toBeTruthy();
    expect(screen.getByLabelText('Sort by')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });

  it('on a phone folds all but the search and the export, and counts what is set', () => {
    onPhone(true);
    renderPage(<Bar />, '/orders?q=PO-1&status=draft&overdue=true&sort=number');
    expect(screen.getByLabelText('Search by number')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.queryByLabelText('Status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filters, 3 set' }));
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('draft');
    expect((screen.getByLabelText('Late only') as HTMLInputElement).checked).toBe(true);
  });

  it('makes a select wide enough for its longest choice on a wide screen', () => {
    onPhone(false);
    const Wide = () => (
      <OpsFilterBar
        state={useUrlFilters<keyof typeof RULES>(RULES)}
        controls={[
          {
            key: 'status',
            kind: 'select',
            label: 'Status',
            // The MRP run's proposals: cut to 'Open and confirm' in 170 px.
            any: 'Open and confirmed',
            options: [{ value: 'draft', label: 'Draft' }],
          },
          {
            key: 'overdue',
            kind: 'select',
            label: 'Late',
            any: 'Any',
            options: [{ value: 'true', label: 'Late only' }],
          },
          {
            key: 'sort',
            kind: 'select',
            label: 'Catalog',
            any: 'Any catalog',
            // A user's catalog of 200 characters: cut in the closed box, whole in its list.
            options: [{ value: 'number', label: 'Road bicycles '.repeat(15) }],
          },
        ]}
        sorts={[
          { value: '', label: 'Need date (soonest first)' },
          { value: 'number', label: 'By number' },
        ]}
      />
    );
    renderPage(<Wide />, '/orders');
    const px = (label: string) => {
      const root = screen.getByLabelText(label).closest('.mantine-NativeSelect-root') as HTMLElement;
      const rem = /([\d.]+)rem/.exec(root.style.width)?.[1];
      return Number(rem) * 16;
    };
    // 18 characters of 14 px text (about 8.5 px each), the 12 px padding and the 34 px arrow.
    expect(px('Status')).toBeGreaterThanOrEqual(18 * 8.5 + 12 + 34);
    expect(px('Late')).toBe(170);
    // The work orders' sort: 'Need date (soonest fir' in 220 px.
    expect(px('Sort by')).toBeGreaterThanOrEqual(25 * 8.5 + 12 + 34);
    // Never wider than 320 px: a name users typed does not push the bar past the screen.
    expect(px('Catalog')).toBe(320);
  });
});
