import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePageInRange, usePageParam } from './use-page-param.ts';

/** Shows the page the hook reads and the address's query, after `usePageInRange` with `meta`. */
const Probe = ({ meta }: { meta?: { page: number; limit: number; total: number } }) => {
  const [page] = usePageParam();
  usePageInRange(meta);
  const { search } = useLocation();
  return (
    <>
      <output aria-label="page">{page}</output>
      <output aria-label="search">{search}</output>
    </>
  );
};

const at = (search: string, meta?: { page: number; limit: number; total: number }) =>
  render(
    <MemoryRouter initialEntries={[`/tags${search}`]}>
      <Probe meta={meta} />
    </MemoryRouter>,
  );
const shown = (name: string) => screen.getByLabelText(name).textContent;

describe('usePageParam', () => {
  it.each([
    ['', 1],
    ['?page=3', 3],
    ['?page=-1', 1],
    ['?page=0', 1],
    ['?page=abc', 1],
    ['?page=1e3', 1],
    ['?page=2.5', 1],
    ['?page=', 1],
    // Past the 2^31 - 1 the API takes (it answers 400): the largest it takes, past any list's last.
    ['?page=99999999999999', 2_147_483_647],
  ])('reads %s as page %i, one the API takes', (search, page) => {
    at(search);
    expect(shown('page')).toBe(String(page));
  });
});

describe('usePageInRange', () => {
  it('turns a page past the last into the last, in place of the address', async () => {
    at('?page=99999999999999&q=x', { page: 2_147_483_647, limit: 14, total: 20 });
    await waitFor(() => expect(shown('search')).toBe('?page=2&q=x'));
    expect(shown('page')).toBe('2');
  });

  it('turns a page of an empty list into page 1', async () => {
    at('?page=7', { page: 7, limit: 14, total: 0 });
    await waitFor(() => expect(shown('search')).toBe(''));
  });

  it('puts right an address whose page is not one', async () => {
    at('?page=abc&q=x', { page: 1, limit: 14, total: 20 });
    await waitFor(() => expect(shown('search')).toBe('?q=x'));
  });

  it('leaves a page within the list, and waits for the answer of the page asked', async () => {
    at('?page=2', { page: 2, limit: 14, total: 20 });
    expect(shown('search')).toBe('?page=2');
    // The previous page's answer, kept while the next loads, says nothing of the next.
    at('?page=9', { page: 1, limit: 14, total: 20 });
    expect(screen.getAllByLabelText('search')[1]?.textContent).toBe('?page=9');
  });
});
