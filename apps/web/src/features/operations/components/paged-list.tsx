import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/data-states.tsx';
import { NoMatch } from '../../../components/list-filters.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';

type Paged<T> = { data: T[]; meta: { page: number; limit: number; total: number } };

type PagedListProps<T> = {
  query: UseQueryResult<Paged<T>>;
  /** The error's heading: what could not be loaded. */
  errorTitle: string;
  /** What the list holds, for 'no match' and the count under it ('3 products'). */
  noun: [singular: string, plural: string];
  filters: { active: boolean; clear: () => void };
  page: number;
  onPage: (page: number) => void;
  /** What an empty list shows when no filter is set. */
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
};

/**
 * A filtered, paged list of the operations screens: loading and error (QueryState), 'no match'
 * while filters are set, the list's own empty state, else its rows and their page links.
 */
export const PagedList = <T,>({
  query,
  errorTitle,
  noun,
  filters,
  page,
  onPage,
  empty,
  children,
}: PagedListProps<T>) => (
  <QueryState query={query} errorTitle={errorTitle}>
    {({ data, meta }) =>
      data.length === 0 ? (
        filters.active ? (
          <NoMatch noun={noun[0]} onClear={filters.clear} />
        ) : (
          empty
        )
      ) : (
        <>
          {children(data)}
          <ListPagination meta={meta} page={page} onChange={onPage} noun={noun} />
        </>
      )
    }
  </QueryState>
);
