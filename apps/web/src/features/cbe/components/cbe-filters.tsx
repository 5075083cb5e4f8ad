import { NativeSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { FilterBar } from '../../../components/filter-fold.tsx';

export type SelectFilter = {
  key: string;
  label: string;
  any: string;
  options: { value: string; label: string }[];
};

/**
 * A list's filters: a search box (debounced) and selects; `query` holds what the list asks the
 * API with, `page` goes back to 1 when a filter changes.
 */
export const useCbeFilters = (keys: readonly string[]) => {
  const [q, setQ] = useState('');
  const [values, setValues] = useState<Record<string, string>>(Object.fromEntries(keys.map((k) => [k, ''])));
  const [page, setPage] = useState(1);
  const [typed] = useDebouncedValue(q.trim(), 250);
  const active = typed !== '' || Object.values(values).some((v) => v !== '');
  return {
    q,
    setQ: (value: string) => {
      setQ(value);
      setPage(1);
    },
    values,
    set: (key: string, value: string) => {
      setValues((was) => ({ ...was, [key]: value }));
      setPage(1);
    },
    page,
    setPage,
    active,
    clear: () => {
      setQ('');
      setValues(Object.fromEntries(keys.map((k) => [k, ''])));
      setPage(1);
    },
    query: {
      q: typed || undefined,
      ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')),
    },
  };
};
export type CbeFiltersState = ReturnType<typeof useCbeFilters>;

export const CbeFilterBar = ({
  state,
  searchLabel,
  selects,
  children,
}: {
  state: CbeFiltersState;
  searchLabel: string;
  selects: SelectFilter[];
  children?: ReactNode;
}) => (
  <FilterBar
    search={{
      label: searchLabel,
      placeholder: 'Search',
      value: state.q,
      onChange: (event) => state.setQ(event.currentTarget.value),
    }}
    chosen={selects.filter((select) => (state.values[select.key] ?? '') !== '').length}
    actions={children}
    onClear={state.clear}
  >
    {(width) =>
      selects.map((select) => (
        <NativeSelect
          key={select.key}
          label={select.label}
          value={state.values[select.key] ?? ''}
          onChange={(event) => state.set(select.key, event.currentTarget.value)}
          data={[{ value: '', label: select.any }, ...select.options]}
          w={width()}
        />
      ))
    }
  </FilterBar>
);
