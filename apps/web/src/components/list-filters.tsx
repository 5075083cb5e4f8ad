import { Button, NativeSelect, Text, TextInput } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { useId } from 'react';
import { DEFAULT_SORT, LIST_SORTS, type ListFiltersState, SORT_LABELS } from '../lib/use-list-filters.ts';
import { EmptyList } from './data-states.tsx';
import { FilterBar } from './filter-fold.tsx';

type Option = { value: string; label: string };

type ListFiltersProps = {
  state: ListFiltersState;
  /** The statuses to filter by; none: no status filter. */
  statusOptions?: Option[];
  /** The people to filter by (task lists); none: no assignee filter. */
  assigneeOptions?: Option[];
  /** The workspace's tags to filter by; none: no tag filter. */
  tagOptions?: Option[];
  /** Whether 'Sort by' offers the status orders. */
  sortByStatus?: boolean;
};

const DUE_FILTERS = [
  ['due_after', 'Due after'],
  ['due_before', 'Due before'],
] as const;

/** Under the filters when 'Due before' is earlier than 'Due after'. */
export const DUE_RANGE_REVERSED = "'Due before' is earlier than 'Due after': no date is in between.";

const SORT_OPTIONS = (byStatus: boolean) =>
  LIST_SORTS.filter((sort) => byStatus || !sort.endsWith('status')).map((sort) => ({
    value: sort,
    label: SORT_LABELS[sort],
  }));

/**
 * The filter bar above a list: search by name, status, assignee, tag, due after/before, sort. Every
 * change is applied by the server (docs/api.md) and starts again at page 1. On a phone the search
 * stays and the rest fold behind "Filters" (with how many are set), so the list is on the first
 * screen; each field then takes the whole width.
 */
export const ListFilters = ({
  state,
  statusOptions,
  assigneeOptions,
  tagOptions,
  sortByStatus = true,
}: ListFiltersProps) => {
  const { filters, search, setSearch, setFilter, clear, active } = state;
  const reversedHint = useId();
  // A range with its ends swapped matches nothing: said at the field, not as an empty list. The
  // field is marked and the words go under the bar: under the field they made it taller than its
  // neighbours, and the bar's fields (aligned at their bottoms) no longer stood in one line.
  const reversed =
    filters.due_after !== '' && filters.due_before !== '' && filters.due_before < filters.due_after;
  const chosen = [
    statusOptions && filters.status,
    assigneeOptions && filters.assigned_to,
    tagOptions && filters.tag,
    filters.due_after,
    filters.due_before,
    filters.sort !== DEFAULT_SORT,
  ].filter(Boolean).length;
  return (
    <>
      <FilterBar
        search={{
          label: 'Search by name',
          placeholder: 'Name contains…',
          value: search,
          onChange: (event) => setSearch(event.currentTarget.value),
        }}
        searchWidth={220}
        chosen={chosen}
        onClear={clear}
        clearShown={active}
      >
        {(width) => (
          <>
            {statusOptions ? (
              <NativeSelect
                label="Status"
                data={[{ value: '', label: 'All statuses' }, ...statusOptions]}
                value={filters.status}
                onChange={(event) => setFilter('status', event.currentTarget.value)}
                w={width(160)}
              />
            ) : null}
            {assigneeOptions ? (
              <NativeSelect
                label="Assigned to"
                data={[{ value: '', label: 'Anyone' }, ...assigneeOptions]}
                value={filters.assigned_to}
                onChange={(event) => setFilter('assigned_to', event.currentTarget.value)}
                w={width(200)}
              />
            ) : null}
            {tagOptions ? (
              <NativeSelect
                label="Tag"
                data={[{ value: '', label: 'Any tag' }, ...tagOptions]}
                value={filters.tag}
                onChange={(event) => setFilter('tag', event.currentTarget.value)}
                w={width(180)}
              />
            ) : null}
            {DUE_FILTERS.map(([key, label]) => (
              <TextInput
                key={key}
                label={label}
                type="date"
                value={filters[key]}
                onChange={(event) => setFilter(key, event.currentTarget.value)}
                error={key === 'due_before' && reversed}
                aria-errormessage={key === 'due_before' && reversed ? reversedHint : undefined}
                w={width(160)}
              />
            ))}
            <NativeSelect
              label="Sort by"
              data={SORT_OPTIONS(sortByStatus)}
              value={filters.sort}
              onChange={(event) => setFilter('sort', event.currentTarget.value)}
              w={width(240)}
            />
          </>
        )}
      </FilterBar>
      {/* Said as it appears (typed into either date), and named by the field as its error. */}
      <div aria-live="polite">
        {reversed ? (
          <Text id={reversedHint} size="sm" c="var(--mantine-color-error)" mt={-8} mb="md">
            {DUE_RANGE_REVERSED}
          </Text>
        ) : null}
      </div>
    </>
  );
};

/** A filtered list that came back empty: say so, and offer the way back to the whole list. */
export const NoMatch = ({ noun, onClear }: { noun: string; onClear: () => void }) => (
  <EmptyList title={messages.noRecord} description={`No ${noun} matches these filters.`}>
    <Button variant="default" onClick={onClear}>
      Clear filters
    </Button>
  </EmptyList>
);
