import { NativeSelect } from '@mantine/core';
import type { ReactNode } from 'react';
import { FilterBar } from '../../../components/filter-fold.tsx';

/** The search box and status filter of the services and counters lists. */
export const RecordListToolbar = ({
  q,
  status,
  onQ,
  onStatus,
  searchLabel,
  children,
}: {
  q: string;
  status: string;
  onQ: (q: string) => void;
  onStatus: (status: string) => void;
  searchLabel: string;
  children?: ReactNode;
}) => (
  <FilterBar
    search={{ label: searchLabel, value: q, onChange: (e) => onQ(e.currentTarget.value) }}
    searchWidth={260}
    chosen={status ? 1 : 0}
    actions={children}
    onClear={() => {
      onQ('');
      onStatus('');
    }}
  >
    {(width) => (
      <NativeSelect
        label="Status"
        value={status}
        onChange={(e) => onStatus(e.currentTarget.value)}
        data={[
          { value: '', label: 'All statuses' },
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
        w={width()}
      />
    )}
  </FilterBar>
);
