import { Group, NativeSelect, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

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
  <Group mb="md" align="flex-end">
    <TextInput label={searchLabel} value={q} onChange={(e) => onQ(e.currentTarget.value)} w={260} />
    <NativeSelect
      label="Status"
      value={status}
      onChange={(e) => onStatus(e.currentTarget.value)}
      data={[
        { value: '', label: 'All statuses' },
        { value: 'active', label: 'Active' },
        { value: 'inactive', label: 'Inactive' },
      ]}
    />
    {children}
  </Group>
);
