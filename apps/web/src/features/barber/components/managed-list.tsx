import { Button, Group, Modal, Paper } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

type Named = { id: string; name: string };

/**
 * A manager's list of the salon's records (services, staff): the header with "Add <noun>", the
 * table with an Edit button per row for who may manage, and the form in a dialog for a new record
 * (null) or the one being edited. With `onExport`, an "Export CSV" button (for every reader) that
 * downloads the list as it is filtered.
 */
export const ManagedList = <T extends Named>({
  title,
  description,
  noun,
  mayManage,
  query,
  rows,
  minWidth,
  empty,
  columns,
  above,
  filters,
  formSize,
  form,
  onExport,
}: {
  title: string;
  description: string;
  /** 'service', 'staff member': the buttons' and the dialog's words. */
  noun: string;
  mayManage: boolean;
  query: Pick<UseQueryResult, 'isPending' | 'error' | 'refetch'>;
  rows: T[] | undefined;
  minWidth: number;
  empty: ReactNode;
  columns: DataTableColumn<T>[];
  /** Shown above the list (a manager's settings). */
  above?: ReactNode;
  /** Shown above the table, in its frame (a search box). */
  filters?: ReactNode;
  formSize?: 'md' | 'lg' | 'xl';
  form: (record: T | null, close: () => void) => ReactNode;
  /** The CSV download of the list with its current filters. */
  onExport?: () => Promise<{ truncatedAt: number | null }>;
}) => {
  const [editing, setEditing] = useState<T | null | 'new'>(null);
  const close = () => setEditing(null);
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          onExport || mayManage ? (
            <Group gap="sm">
              {onExport ? <ExportCsvButton onExport={onExport} /> : null}
              {mayManage ? <Button onClick={() => setEditing('new')}>Add {noun}</Button> : null}
            </Group>
          ) : null
        }
      />
      {above}
      <Paper withBorder p="md" radius="md">
        {filters}
        <DataTable
          label={title}
          minWidth={minWidth}
          rows={rows}
          loading={query.isPending}
          error={query.error}
          errorTitle={`The ${title.toLowerCase()} could not be loaded`}
          onRetry={() => query.refetch()}
          rowKey={(r) => r.id}
          empty={empty}
          columns={[
            ...columns,
            mayManage && {
              key: 'edit',
              header: 'Edit',
              hideHeader: true,
              cell: (r: T) => (
                <Button
                  size="compact-xs"
                  variant="light"
                  aria-label={`Edit ${r.name}`}
                  onClick={() => setEditing(r)}
                >
                  Edit
                </Button>
              ),
            },
          ]}
        />
      </Paper>
      <Modal
        size={formSize ?? 'md'}
        opened={editing !== null}
        onClose={close}
        title={editing === 'new' ? `Add ${noun}` : `Edit ${noun}`}
      >
        {editing !== null ? form(editing === 'new' ? null : editing, close) : null}
      </Modal>
    </>
  );
};
