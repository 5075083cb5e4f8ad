import { useDebouncedValue } from '@mantine/hooks';
import { searchableText } from '@workhub/shared/text';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** What one filter of a list takes: a list of values, or a pattern (an id, a date). */
export type FilterRule = readonly string[] | RegExp;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

const accepted = (value: string, rule: FilterRule): boolean =>
  rule instanceof RegExp ? rule.test(value) : rule.includes(value);

/**
 * Writes `patch` into the address's query ('' removes a key) in place of the current entry, and
 * goes back to page 1; nothing when no value changes. Shared by the lists' filter hooks.
 */
export const useParamsWriter = () => {
  const [, setParams] = useSearchParams();
  return useCallback(
    (patch: Record<string, string>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          let changed = false;
          for (const [key, value] of Object.entries(patch)) {
            if ((next.get(key) ?? '') === value) continue;
            changed = true;
            if (value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!changed) return previous;
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
};

/**
 * A list's search box: its text answers at once; `onSettled` hears the searchable text 300 ms
 * after the typing stops (once per change).
 */
export const useSearchBox = (initial: string, onSettled: (q: string) => void) => {
  const [search, setSearch] = useState(initial);
  const [debounced] = useDebouncedValue(searchableText(search), 300);
  const lastSent = useRef(debounced);
  useEffect(() => {
    if (debounced === lastSent.current) return;
    lastSent.current = debounced;
    onSettled(debounced);
  }, [debounced, onSettled]);
  return [search, setSearch] as const;
};

/**
 * The filters of a list, kept in the address (a reload, a shared link or Back shows
 * the same list), as useListFilters does for the work lists, for any set of filters: `rules` names
 * each filter and what it takes; a value the address holds that its rule refuses is ignored.
 * `q` is the search box: it answers at once, the list follows 300 ms after the typing stops. Any
 * change goes back to page 1. `sort` is a filter like the others ('' is the list's default order).
 */
export const useUrlFilters = <K extends string>(rules: Readonly<Record<K, FilterRule>>) => {
  const [params] = useSearchParams();
  const keys = Object.keys(rules) as K[];
  const values = Object.fromEntries(
    keys.map((key) => {
      const value = params.get(key) ?? '';
      return [key, accepted(value, rules[key]) ? value : ''];
    }),
  ) as Record<K, string>;
  const q = searchableText(params.get('q') ?? '');

  const write = useParamsWriter();
  const [search, setSearch] = useSearchBox(q, (settled) => write({ q: settled }));

  const setFilter = useCallback((key: K, value: string) => write({ [key]: value }), [write]);
  /** Empties the search and the filters, the sort too with `withSort`, in one write of the address. */
  const empty = useCallback(
    (withSort: boolean) => {
      setSearch('');
      const cleared = Object.keys(rules).filter((key) => withSort || key !== 'sort');
      write(Object.fromEntries([['q', ''], ...cleared.map((key) => [key, ''])]));
    },
    [write, rules, setSearch],
  );
  /** The search and the filters emptied; the sort kept. */
  const clear = useCallback(() => empty(false), [empty]);
  /** The search, the filters and the sort back to the list's default. */
  const clearAll = useCallback(() => empty(true), [empty]);
  const active = q !== '' || keys.some((key) => key !== 'sort' && values[key] !== '');

  /** The list call's parameters: the search and every filter set ('' left out by listQuery). */
  const query = { q: q || undefined, ...values };

  return { values, q, query, search, setSearch, setFilter, clear, clearAll, active };
};

export type UrlFilters<K extends string> = ReturnType<typeof useUrlFilters<K>>;
