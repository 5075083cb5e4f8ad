import { fireEvent, screen } from '@testing-library/react';
import { SEARCH_TEXT_MAX } from '@workhub/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListFilters } from '../lib/use-list-filters.ts';
import { onPhone } from '../test/phone.ts';
import { renderPage } from '../test/render.tsx';
import { DUE_RANGE_REVERSED, ListFilters } from './list-filters.tsx';

const STATUSES = ['pending', 'completed'] as const;
const Bar = () => (
  <ListFilters
    state={useListFilters(STATUSES)}
    statusOptions={STATUSES.map((value) => ({ value, label: value }))}
  />
);

afterEach(() => vi.restoreAllMocks());

describe('ListFilters', () => {
  it('shows every filter on a wide screen, with no Filters button', () => {
    onPhone(false);
    renderPage(<Bar />, '/list');
    expect(screen.getByLabelText('Search by name')).toBeTruthy();
    expect(screen.getByLabelText('Status')).toBeTruthy();
    expect(screen.getByLabelText('Due after')).toBeTruthy();
    expect(screen.getByLabelText('Sort by')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });

  it('on a phone keeps the search and folds the rest behind Filters, from the first render', () => {
    onPhone(true);
    renderPage(<Bar />, '/list');
    expect(screen.getByLabelText('Search by name')).toBeTruthy();
    expect(screen.queryByLabelText('Status')).toBeNull();
    expect(screen.queryByLabelText('Sort by')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const status = screen.getByLabelText('Status');
    expect(document.getElementById(String(toggle.getAttribute('aria-controls')))?.contains(status)).toBe(
      true,
    );
    fireEvent.click(toggle);
    expect(screen.queryByLabelText('Status')).toBeNull();
  });

  it('on a phone says how many folded filters are set (the search is not one of them)', () => {
    onPhone(true);
    renderPage(<Bar />, '/list?q=launch&status=pending&due_after=2027-01-01&sort=-name');
    expect(screen.getByRole('button', { name: 'Filters, 3 set' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it("says under 'Due before' when it is earlier than 'Due after', and nothing for a day-long range", () => {
    onPhone(false);
    const view = renderPage(<Bar />, '/list?due_after=2027-03-10&due_before=2027-03-01');
    const before = screen.getByLabelText('Due before');
    expect(before.getAttribute('aria-invalid')).toBe('true');
    const hint = screen.getByText(DUE_RANGE_REVERSED);
    // Read with the field, and shown under the bar, not inside the field's box (which it made
    // taller than its neighbours).
    expect(before.getAttribute('aria-errormessage')).toBe(hint.id);
    expect(hint.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByRole('search', { name: 'Filters' }).contains(hint)).toBe(false);
    view.unmount();
    renderPage(<Bar />, '/list?due_after=2027-03-10&due_before=2027-03-10');
    expect(screen.getByLabelText('Due before').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByText(DUE_RANGE_REVERSED)).toBeNull();
  });

  it("takes no longer a search than the lists' API does (a longer one was a 400 and the list an error)", () => {
    onPhone(false);
    renderPage(<Bar />, '/list');
    expect(screen.getByLabelText('Search by name').getAttribute('maxlength')).toBe(String(SEARCH_TEXT_MAX));
  });
});
