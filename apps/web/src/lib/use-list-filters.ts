import { searchableText } from '@workhub/shared/text';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useParamsWriter, useSearchBox } from './use-url-filters.ts';

/** The orders a list offers (docs/api.md: `sort`, '-' for descending); due date first is the default. */
export const LIST_SORTS = ['due_date', '-due_date', 'name', '-name', 'status', '-status'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const DEFAULT_SORT: ListSort = 'due_date';

export const SORT_LABELS: Record<ListSort, string> = {
  due_date: 'Due date (soonest first)',
  '-due_date': 'Due date (latest first)',
  name: 'Name (A–Z)',
  '-name': 'Name (Z–A)',
  status: 'Status (A–Z)',
  '-status': 'Status (Z–A)',
};

/** What a list is filtered by; '' is 'any'. */
export type ListFilterValues = {
  /** Name contains (debounced: what the list asks the server for). */
  q: string;
  status: string;
  /** A member's user id (task lists). */
  assigned_to: string;
  /** A workspace tag's id: only the records carrying it. */
  tag: string;
  due_after: string;
  due_before: string;
  sort: ListSort;
};

type FilterKey = Exclude<keyof ListFilterValues, 'q'>;

const URL_KEYS: Record<keyof ListFilterValues, string> = {
  q: 'q',
  status: 'status',
  assigned_to: 'assignee',
  tag: 'tag',
  due_after: 'due_after',
  due_before: 'due_before',
  sort: 'sort',
};

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const USER_ID = /^[0-9a-f-]{36}$/i;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  allowed.find((item) => item === value) ?? '';

/**
 * The filters of a list (status, assignee, tag, due after/before, name search, sort), kept in the
 * address so a reload, a shared link or the back button shows the same list. Any change goes back
 * to page 1. The search box answers at once; the list follows 300 ms after the typing stops. What
 * the address holds that the list does not take (a bad date, an unknown status) is ignored.
 */
export const useListFilters = (statuses: readonly string[]) => {
  const [params] = useSearchParams();
  const read = (key: keyof ListFilterValues, pattern: RegExp) => {
    const value = params.get(URL_KEYS[key]) ?? '';
    return pattern.test(value) ? value : '';
  };
  const filters: ListFilterValues = {
    q: searchableText(params.get(URL_KEYS.q) ?? ''),
    status: oneOf(params.get(URL_KEYS.status), statuses),
    assigned_to: read('assigned_to', USER_ID),
    tag: read('tag', USER_ID),
    due_after: read('due_after', CALENDAR_DAY),
    due_before: read('due_before', CALENDAR_DAY),
    sort: oneOf(params.get(URL_KEYS.sort), LIST_SORTS) || DEFAULT_SORT,
  };

  const writeParams = useParamsWriter();
  const write = useCallback(
    (patch: Partial<Record<keyof ListFilterValues, string>>) =>
      writeParams(
        Object.fromEntries(
          (Object.entries(patch) as [keyof ListFilterValues, string][]).map(([key, value]) => [
            URL_KEYS[key],
            key === 'sort' && value === DEFAULT_SORT ? '' : value,
          ]),
        ),
      ),
    [writeParams],
  );
  const [search, setSearch] = useSearchBox(filters.q, (settled) => write({ q: settled }));

  const setFilter = useCallback((key: FilterKey, value: string) => write({ [key]: value }), [write]);

  const clear = useCallback(() => {
    setSearch('');
    write({ q: '', status: '', assigned_to: '', tag: '', due_after: '', due_before: '' });
  }, [write, setSearch]);

  const active =
    filters.q !== '' ||
    filters.status !== '' ||
    filters.assigned_to !== '' ||
    filters.tag !== '' ||
    filters.due_after !== '' ||
    filters.due_before !== '';

  return { filters, search, setSearch, setFilter, clear, active };
};

export type ListFiltersState = ReturnType<typeof useListFilters>;

/** The query parameters of a list call for these filters (the default sort is left out). */
export const filterParams = (filters: ListFilterValues) => ({
  q: filters.q || undefined,
  status: filters.status || undefined,
  assigned_to: filters.assigned_to || undefined,
  tag: filters.tag || undefined,
  due_after: filters.due_after || undefined,
  due_before: filters.due_before || undefined,
  sort: filters.sort === DEFAULT_SORT ? undefined : filters.sort,
});
