import { Button, NativeSelect } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPhone } from '../test/phone.ts';
import { renderPage } from '../test/render.tsx';
import { FilterBar } from './filter-fold.tsx';

const Bar = ({ status: initial = '', controlled = true }: { status?: string; controlled?: boolean }) => {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState(initial);
  return (
    <FilterBar
      search={{
        label: 'Search',
        ...(controlled ? { value: q } : { defaultValue: q }),
        onChange: (event) => setQ(event.currentTarget.value),
      }}
      chosen={status ? 1 : 0}
      actions={<Button>Export CSV</Button>}
      onClear={() => {
        setQ('');
        setStatus('');
      }}
    >
      {(width) => (
        <NativeSelect
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value)}
          data={[
            { value: '', label: 'All statuses' },
            { value: 'open', label: 'Open' },
          ]}
          w={width(180)}
        />
      )}
    </FilterBar>
  );
};

afterEach(() => vi.restoreAllMocks());

describe('FilterBar', () => {
  it('drops from the search what the API refuses (a pasted NUL), controlled or not', () => {
    onPhone(false);
    for (const controlled of [true, false]) {
      const { unmount } = renderPage(<Bar controlled={controlled} />);
      const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
      fireEvent.change(box, { target: { value: 'Ada\u0000 Love\u202Elace ' } });
      expect(box.value).toBe('Ada Lovelace ');
      unmount();
    }
  });

  it('shows the search, every filter and the actions on a wide screen, as a search landmark', () => {
    onPhone(false);
    renderPage(<Bar />);
    expect(screen.getByRole('search', { name: 'Filters' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    expect(screen.getByLabelText('Status')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });

  it('on a phone folds the filters behind "Filters", which says how many are set; search and actions stay', () => {
    onPhone(true);
    renderPage(<Bar status="open" />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.queryByLabelText('Status')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Filters, 1 set' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(status.value).toBe('open');
    fireEvent.change(status, { target: { value: '' } });
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });

  it.each([
    ['a controlled', true],
    ['an uncontrolled', false],
  ])(
    'offers "Clear filters" while anything is set, and empties %s search box and the filters',
    (_, controlled) => {
      onPhone(false);
      renderPage(<Bar controlled={controlled} />);
      expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'boiler' } });
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'open' } });
      fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
      expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
      expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    },
  );
});
