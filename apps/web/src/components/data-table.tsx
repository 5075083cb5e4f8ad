import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ErrorState, LoadingState } from './data-states.tsx';
import classes from './data-table.module.css';
import { ListPagination } from './list-pagination.tsx';
import { ScrollFrame } from './scroll-frame.tsx';
import sticky from './sticky-column.module.css';

type SortValue = string | number | null | undefined;

export type DataTableColumn<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable by this value (strings compare naturally, empty values last). */
  sortValue?: (row: T) => SortValue;
  width?: number | string;
  /**
   * The header is read out but not shown (a column of buttons). The last column, when it is such
   * a column, stays at the right while the table scrolls sideways: a row's actions in view on a
   * phone, next to the columns passing under them.
   */
  hideHeader?: boolean;
  /** The column that names the row: it stays at the left while the table scrolls sideways. */
  sticky?: boolean;
  /** Its cells keep to one line (a code such as 'S-1003', which would break at its hyphen). */
  nowrap?: boolean;
};

type Placed = { sticky?: boolean; nowrap?: boolean; pinnedEnd: boolean };

/** The classes of a column's header and cells. */
const cellClass = (column: Placed): string | undefined =>
  [
    column.sticky ? sticky.column : '',
    column.pinnedEnd ? sticky.end : '',
    column.nowrap ? classes.nowrap : '',
  ]
    .filter(Boolean)
    .join(' ') || undefined;

/** What marks the pinned column's header and cells (the frame draws no fade over it). */
const pinnedProps = (column: Placed) =>
  column.pinnedEnd
    ? { className: cellClass(column), 'data-pinned': 'end' }
    : { className: cellClass(column) };

type SortState = { key: string; direction: 'ascending' | 'descending' };

type DataTableProps<T> = {
  /** `false` or `null` entries are columns the viewer may not see (`may('x') && { ... }`). */
  columns: (DataTableColumn<T> | false | null)[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  /** Below this width the table scrolls sideways (with the hint) instead of squeezing its columns. */
  minWidth: number;
  /** The table's accessible name (and the scroll region's). */
  label: string;
  loading?: boolean;
  error?: unknown;
  errorTitle?: string;
  onRetry?: () => void;
  /** Shown instead of the table when there are no rows (an EmptyList, say). */
  empty?: ReactNode;
  initialSort?: SortState;
  pagination?: Parameters<typeof ListPagination>[0];
  verticalSpacing?: 'xs' | 'sm';
};

/** Empty values go last whichever the direction: they are what the reader sorts away from. */
const compare = (a: SortValue, b: SortValue, sign: 1 | -1): number => {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return sign * (a - b);
  return sign * String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
};

/**
 * Every list of the app: sortable headers, the loading, error and empty states of data-states.tsx,
 * page links, and on a narrow screen a fade at the edge that hides columns plus a line saying so
 * (read out to screen readers with the table).
 */
export const DataTable = <T,>({
  columns,
  rows,
  rowKey,
  minWidth,
  label,
  loading = false,
  error,
  errorTitle = 'Could not load this',
  onRetry,
  empty,
  initialSort,
  pagination,
  verticalSpacing = 'sm',
}: DataTableProps<T>) => {
  const kept = columns.filter((column): column is DataTableColumn<T> => Boolean(column));
  // One column of buttons at the end is pinned; of two side by side (Edit, then Deactivate), pinning
  // the last would leave the first scrolling under it, so neither is.
  const lastIsButtons =
    kept.length > 1 && kept.at(-1)?.hideHeader === true && kept.at(-2)?.hideHeader !== true;
  const shown = kept.map((column, index) => ({
    ...column,
    pinnedEnd: lastIsButtons && index === kept.length - 1,
  }));
  const [sort, setSort] = useState<SortState | null>(initialSort ?? null);

  // A page holds at most a few dozen rows: sorting them on each render costs nothing.
  const sortBy = sort ? shown.find((c) => c.key === sort.key)?.sortValue : undefined;
  const sign = sort?.direction === 'descending' ? -1 : 1;
  const sorted = rows && sortBy ? [...rows].sort((a, b) => compare(sortBy(a), sortBy(b), sign)) : rows;

  if (error) return <ErrorState title={errorTitle} error={error} onRetry={onRetry} />;
  if (loading || !sorted) return <LoadingState />;
  if (sorted.length === 0 && empty) return <>{empty}</>;

  const toggle = (key: string) =>
    setSort((was) => ({
      key,
      direction: was?.key === key && was.direction === 'ascending' ? 'descending' : 'ascending',
    }));

  return (
    <>
      <ScrollFrame label={label}>
        <Table verticalSpacing={verticalSpacing} highlightOnHover miw={minWidth} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {shown.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : undefined;
                return (
                  <Table.Th
                    key={column.key}
                    {...pinnedProps({ sticky: column.sticky, pinnedEnd: column.pinnedEnd })}
                    w={column.width}
                    aria-sort={column.sortValue ? (direction ?? 'none') : undefined}
                  >
                    {column.sortValue ? (
                      <UnstyledButton
                        className={classes.sort}
                        data-direction={direction}
                        onClick={() => toggle(column.key)}
                      >
                        {column.header}
                      </UnstyledButton>
                    ) : column.hideHeader ? (
                      <VisuallyHidden>{column.header}</VisuallyHidden>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {shown.map((column) => (
                  <Table.Td key={column.key} {...pinnedProps(column)}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollFrame>
      {pagination ? <ListPagination {...pagination} /> : null}
    </>
  );
};
