import { Checkbox, NativeSelect, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { FilterBar } from '../../../components/filter-fold.tsx';
import type { SelectOption } from '../../../lib/labels.ts';
import type { UrlFilters } from '../../../lib/use-url-filters.ts';

/** One control of the bar: a select (its first choice is 'any'), a date, or a yes/no box. */
export type FilterControl<K extends string> =
  | { key: K; kind: 'select'; label: string; any: string; options: SelectOption[]; width?: number }
  | { key: K; kind: 'date'; label: string }
  | { key: K; kind: 'check'; label: string };

/**
 * A select's width on a wide screen: `least`, or as wide as its longest choice (about 8.5 px a
 * character of 14 px text, with the 12 px padding and the 34 px arrow), so a choice such as 'Open
 * and confirmed' or 'Need date (soonest first)' is never cut short; 320 px at most, so a long name a
 * user typed (a catalog's) is cut in the closed box, whole in its list, and the bar fits the screen.
 */
const SELECT_WIDTH_MAX = 320;
const selectWidth = (labels: string[], least: number) =>
  Math.min(
    SELECT_WIDTH_MAX,
    Math.max(least, Math.ceil(Math.max(...labels.map((label) => label.length)) * 8.5) + 46),
  );

type OpsFilterBarProps<K extends string> = {
  state: UrlFilters<K>;
  /** The search box's label ('Search by name'); none: no search box. */
  searchLabel?: string;
  controls: FilterControl<K>[];
  /** The sort select's choices; the first is the list's default (sent as nothing). */
  sorts?: SelectOption[];
  /** Shown after the search box (a filter of its own, such as a product picker). */
  leading?: ReactNode;
  /** Shown at the end of the bar (the Export CSV button). */
  children?: ReactNode;
};

/**
 * The filter bar above an operations list (the work lists' ListFilters, with the filters each list
 * takes): every change is applied by the server and starts again at page 1. On a phone all but the
 * search fold behind "Filters", as the work lists' do.
 */
export const OpsFilterBar = <K extends string>({
  state,
  searchLabel,
  controls,
  sorts,
  leading,
  children,
}: OpsFilterBarProps<K>) => {
  const { values, search, setSearch, setFilter, clear, active } = state;
  const sortKey = 'sort' as K;
  const chosen = controls.filter((control) => values[control.key] !== '').length + (values[sortKey] ? 1 : 0);
  return (
    <FilterBar
      search={
        searchLabel
          ? {
              label: searchLabel,
              placeholder: 'Contains…',
              value: search,
              onChange: (event) => setSearch(event.currentTarget.value),
            }
          : undefined
      }
      searchWidth={220}
      chosen={chosen}
      onClear={clear}
      clearShown={active}
      actions={children}
    >
      {(width) => (
        <>
          {leading}
          {controls.map((control) => {
            switch (control.kind) {
              case 'select':
                return (
                  <NativeSelect
                    key={control.key}
                    label={control.label}
                    data={[{ value: '', label: control.any }, ...control.options]}
                    value={values[control.key]}
                    onChange={(event) => setFilter(control.key, event.currentTarget.value)}
                    w={width(
                      control.width ??
                        selectWidth([control.any, ...control.options.map((o) => o.label)], 170),
                    )}
                  />
                );
              case 'date':
                return (
                  <TextInput
                    key={control.key}
                    label={control.label}
                    type="date"
                    value={values[control.key]}
                    onChange={(event) => setFilter(control.key, event.currentTarget.value)}
                    w={width(160)}
                  />
                );
              case 'check':
                return (
                  <Checkbox
                    key={control.key}
                    label={control.label}
                    checked={values[control.key] === 'true'}
                    onChange={(event) => setFilter(control.key, event.currentTarget.checked ? 'true' : '')}
                    mb={8}
                  />
                );
            }
            return null;
          })}
          {sorts && sorts.length > 0 ? (
            <NativeSelect
              label="Sort by"
              data={sorts.map((sort, index) => (index === 0 ? { ...sort, value: '' } : sort))}
              value={values[sortKey] ?? ''}
              onChange={(event) => setFilter(sortKey, event.currentTarget.value)}
              w={width(
                selectWidth(
                  sorts.map((sort) => sort.label),
                  220,
                ),
              )}
            />
          ) : null}
        </>
      )}
    </FilterBar>
  );
};
