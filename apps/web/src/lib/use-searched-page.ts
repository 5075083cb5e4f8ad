import { useDebouncedValue } from '@mantine/hooks';
import { searchableText } from '@workhub/shared/text';
import { useState } from 'react';
import { usePageParam } from './use-page-param.ts';

/**
 * A paged list with a search box: the page in the address, what the box shows now, and `q`, what
 * the list asks the server for (300 ms after the typing stops). A new search starts at page 1.
 */
export const useSearchedPage = () => {
  const [page, setPage] = usePageParam();
  const [search, setSearch] = useState('');
  // What the API refuses in a search (a pasted NUL) is left out of what is asked.
  const [q] = useDebouncedValue(searchableText(search), 300);
  const onSearch = (value: string) => {
    setSearch(value);
    if (page !== 1) setPage(1);
  };
  return { page, setPage, search, onSearch, q };
};
