import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { reportingResizeObserver } from '../test/resize-observer.ts';
import { EmptyList } from './data-states.tsx';
import { DataTable, type DataTableColumn } from './data-table.tsx';

type Row = { id: string; name: string; size: number | null };
const rows: Row[] = [
  { id: 'a', name: 'Beta', size: 10 },
  { id: 'b', name: 'alpha', size: 2 },
  { id: 'c', name: 'Gamma', size: null },
];
const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name, sortValue: (r) => r.name },
  { key: 'size', header: 'Size', cell: (r) => r.size ?? '—', sortValue: (r) => r.size },
  { key: 'note', header: 'Note', cell: () => 'x' },
];

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

afterEach(() => vi.restoreAllMocks());

describe('DataTable', () => {
  it('sorts by a column header, ascending then descending, with empty values last', async () => {
    const user = userEvent.setup();
    renderPage(
      <DataTable label="Things" columns={columns} rows={rows} rowKey={(r) => r.id} minWidth={400} />,
    );
    expect(names()).toEqual(['Beta', 'alpha', 'Gamma']);
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Note' }).getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['alpha', 'Beta', 'Gamma']);
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Gamma', 'Beta', 'alpha']);

    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(names()).toEqual(['alpha', 'Beta', 'Gamma']);
    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(names()).toEqual(['Beta', 'alpha', 'Gamma']);
  });

  it('marks a sticky column (header and cells) and a column that keeps to one line', () => {
    renderPage(
      <DataTable
        label="Students"
        columns={[
          { key: 'adm', header: 'Adm. no', nowrap: true, cell: () => 'S-1003' },
          { key: 'name', header: 'Student', sticky: true, cell: (r: Row) => r.name },
          { key: 'note', header: 'Note', cell: () => 'x' },
        ]}
        rows={rows}
        rowKey={(r) => r.id}
        minWidth={400}
      />,
    );
    const [adm, name, note] = screen.getAllByRole('columnheader');
    const cells = within(screen.getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(name?.className).toMatch(/column/);
    expect(cells[1]?.className).toMatch(/column/);
    expect(cells[0]?.className).toMatch(/nowrap/);
    for (const plain of [adm, note, cells[2]]) expect(plain?.className).not.toMatch(/column|nowrap/);
  });

  it('pins a last column of buttons at the right (header and cells), and no other column', () => {
    const table = (last: DataTableColumn<Row>) =>
      renderPage(
        <DataTable
          label="Things"
          columns={[columns[0] ?? null, last]}
          rows={rows}
          rowKey={(r) => r.id}
          minWidth={400}
        />,
      );
    const { unmount } = table({ key: 'actions', header: 'Actions', hideHeader: true, cell: () => 'Edit' });
    const [name, actions] = screen.getAllByRole('columnheader');
    const cells = within(screen.getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    for (const pinned of [actions, cells[1]]) {
      expect(pinned?.getAttribute('data-pinned')).toBe('end');
      expect(pinned?.className).toMatch(/end/);
    }
    for (const plain of [name, cells[0]]) {
      expect(plain?.getAttribute('data-pinned')).toBeNull();
      expect(plain?.className ?? '').not.toMatch(/end/);
    }
    unmount();
    // A last column with a header of its own is data, which scrolls with the rest.
    const { unmount: unmountData } = table({ key: 'note', header: 'Note', cell: () => 'x' });
    expect(document.querySelector('[data-pinned]')).toBeNull();
    unmountData();
    // Two columns of buttons side by side: pinning the last would leave the first under it.
    renderPage(
      <DataTable
        label="Things"
        columns={[
          columns[0] ?? null,
          { key: 'edit', header: 'Edit', hideHeader: true, cell: () => 'Edit' },
          { key: 'toggle', header: 'Deactivate', hideHeader: true, cell: () => 'Deactivate' },
        ]}
        rows={rows}
        rowKey={(r) => r.id}
        minWidth={400}
      />,
    );
    expect(document.querySelector('[data-pinned]')).toBeNull();
  });

  it('hides columns given as false (the viewer may not use them)', () => {
    renderPage(
      <DataTable
        label="Things"
        columns={[columns[0] ?? null, false, null]}
        rows={rows}
        rowKey={(r) => r.id}
        minWidth={400}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name']);
  });

  it('shows Loading, then the error with Try again, then the empty state', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    const props = { label: 'Things', columns, rowKey: (r: Row) => r.id, minWidth: 400 };
    const loading = renderPage(<DataTable {...props} rows={undefined} loading />);
    expect(screen.getByRole('status').textContent).toContain(messages.loading);
    loading.unmount();

    const failed = renderPage(
      <DataTable
        {...props}
        rows={undefined}
        error={new Error('Down')}
        errorTitle="Things failed"
        onRetry={retry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Things failed');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);

    failed.unmount();

    renderPage(<DataTable {...props} rows={[]} empty={<EmptyList title="Nothing yet" />} />);
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says the table scrolls, and lets the keyboard reach it, only when it is wider than its box', async () => {
    reportingResizeObserver();
    const props = { label: 'Things', columns, rows, rowKey: (r: Row) => r.id, minWidth: 900 };
    const { unmount } = renderPage(<DataTable {...props} />);
    // Measured (the observer's report came): no hint, no region.
    await waitFor(() => expect(screen.getByRole('table')).toBeTruthy());
    expect(screen.queryByText(messages.tableScrollHint)).toBeNull();
    // Not a landmark while nothing scrolls (it would repeat the name of the card around it).
    expect(screen.queryByRole('region')).toBeNull();
    unmount();

    // jsdom lays nothing out: a 390 px box around a 900 px table.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    renderPage(<DataTable {...props} />);
    const region = await screen.findByRole('region', { name: 'Things, scrollable' });
    expect(region.getAttribute('tabindex')).toBe('0');
    const hint = screen.getByText(messages.tableScrollHint);
    expect(region.getAttribute('aria-describedby')).toBe(hint.id);
    expect(region.parentElement?.hasAttribute('data-more-right')).toBe(true);
    expect(region.parentElement?.hasAttribute('data-more-left')).toBe(false);
  });

  const renderPaged = (meta: { page: number; limit: number; total: number; capped?: boolean }) =>
    renderPage(
      <DataTable
        label="Things"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        minWidth={400}
        pagination={{ meta, page: 1, onChange: () => {}, noun: ['thing', 'things'] }}
      />,
    );

  it('shows the page links under the rows', () => {
    renderPaged({ page: 1, limit: 14, total: 30 });
    expect(screen.getByText('30 things')).toBeTruthy();
    expect(screen.getByRole('button', { name: '2' })).toBeTruthy();
  });

  it('says "more than" under a list that stopped counting', () => {
    renderPaged({ page: 1, limit: 14, total: 10_000, capped: true });
    expect(screen.getByText('More than 10,000 things')).toBeTruthy();
    expect(screen.getByRole('button', { name: '715' })).toBeTruthy();
  });
});
