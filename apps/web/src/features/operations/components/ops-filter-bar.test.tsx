import { Button } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPhone } from '../../../test/phone.ts';
import { renderPage } from '../../../test/render.tsx';
import { useOpsFilters } from '../use-ops-filters.ts';
import { OpsFilterBar } from './ops-filter-bar.tsx';

const RULES = { status: ['draft', 'confirmed'], overdue: ['true'], sort: ['number'] } as const;

const Bar = () => (
  <OpsFilterBar
    state={useOpsFilters<keyof typeof RULES>(RULES)}
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
});
