import { Alert, Badge, Button, Group, Modal, Paper, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { messages } from '@workhub/shared/messages';
import { TICKETING_RECORD_STATUSES, type TicketingRecordStatus } from '@workhub/shared/schemas/ticketing';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import type { Envelope, ListPage } from '../../../lib/api-types.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { RecordListToolbar } from './record-list-toolbar.tsx';

/** What the services and counters share: a name, an active or inactive status, the sample mark. */
export type QueueRecord = {
  id: string;
  name: string;
  status: TicketingRecordStatus;
  sample: boolean;
  /** Its version: a status change from the list is made against the row as shown. */
  updated_at: string;
};

type Filters = { q: string; status: string };

export type RecordListPageProps<T extends QueueRecord, B> = {
  /** The record's name, singular and plural ('service', 'services'); the title is the plural's. */
  noun: readonly [string, string];
  description: string;
  emptyDescription: string;
  /** What deactivating does, in the dialog that asks first. */
  deactivateNote: ReactNode;
  minWidth: number;
  useList: (params: Filters & { page: number }) => UseQueryResult<ListPage<T>>;
  exportList: (params: Filters) => Promise<{ truncatedAt: number | null }>;
  useSave: () => {
    mutateAsync: (variables: { id: string; body: B; version?: string }) => Promise<Envelope<T>>;
    isPending: boolean;
  };
  /** The whole record as the API's body, with `status` changed. */
  bodyWithStatus: (record: T, status: TicketingRecordStatus) => B;
  /** The columns between the name and the status (and before the name, `lead`). */
  lead?: DataTableColumn<T>[];
  columns: DataTableColumn<T>[];
  form: (record: T | undefined, onDone: () => void) => ReactNode;
};

/** What the address's filters may hold (anything else is ignored). */
const RECORD_FILTERS = { status: TICKETING_RECORD_STATUSES } as const;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The list page of the queue's services and of its counters: search and status filter, CSV
 * export, the table with paging and its loading, empty and error states, New and Edit in a
 * dialog, Activate at once and Deactivate asked first. Managers only see the changes.
 */
export const RecordListPage = <T extends QueueRecord, B>(props: RecordListPageProps<T, B>) => {
  const [one, many] = props.noun;
  const title = capitalized(many);
  useDocumentTitle(title);
  const mayManage = useMay()('ticketing:manage');
  // The search, the status and the page are kept in the address: a reload or Back keeps them.
  const filters = useUrlFilters(RECORD_FILTERS);
  const status = filters.values.status;
  const [page, setPage] = usePageParam();
  const list = props.useList({ q: filters.q, status, page });
  usePageInRange(list.data?.meta);
  const save = props.useSave();
  const [editing, setEditing] = useState<{ record?: T } | null>(null);
  const [deactivating, setDeactivating] = useState<T | null>(null);
  // Why the server refused to deactivate (a counter still holding a ticket), shown in the dialog.
  const [refusal, setRefusal] = useState<string | null>(null);
  const ask = (record: T | null) => {
    setRefusal(null);
    setDeactivating(record);
  };

  const toggle = async (record: T, next: TicketingRecordStatus) => {
    try {
      // The whole record as the row shows it: made against its version, so a change saved since
      // (a rename, other services) is not undone unseen (412, and the list is read again).
      const answer = await save.mutateAsync({
        id: record.id,
        body: props.bodyWithStatus(record, next),
        version: record.updated_at,
      });
      notify.success(answer.message || messages.updateDone);
      ask(null);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EDIT_CONFLICT') void list.refetch();
      if (next === 'inactive') {
        setRefusal(errorMessage(error));
        return;
      }
      notify.error(errorMessage(error));
    }
  };

  const create = mayManage ? <Button onClick={() => setEditing({})}>{`+ New ${one}`}</Button> : null;
  return (
    <>
      <PageHeader title={title} description={props.description} actions={create} />
      <Paper withBorder p="md" radius="md">
        <RecordListToolbar
          q={filters.search}
          status={status}
          searchLabel="Search by name"
          onQ={filters.setSearch}
          onStatus={(value) => filters.setFilter('status', value)}
        >
          <ExportCsvButton onExport={() => props.exportList({ q: filters.q, status })} />
        </RecordListToolbar>
        <DataTable
          label={title}
          minWidth={props.minWidth}
          rows={list.data?.data}
          loading={list.isPending}
          error={list.error}
          errorTitle={`The ${many} could not be loaded`}
          onRetry={() => void list.refetch()}
          rowKey={(r) => r.id}
          empty={
            <EmptyList
              title={filters.active ? `No ${one} matches` : `No ${many} yet`}
              description={props.emptyDescription}
            >
              {create}
            </EmptyList>
          }
          pagination={
            list.data ? { meta: list.data.meta, page, onChange: setPage, noun: [one, many] } : undefined
          }
          columns={[
            ...(props.lead ?? []),
            {
              key: 'name',
              header: 'Name',
              cell: (r) => (
                <Text size="sm" fw={600}>
                  {r.name} {r.sample ? <Badge size="xs">sample</Badge> : null}
                </Text>
              ),
            },
            ...props.columns,
            {
              key: 'status',
              header: 'Status',
              // Never cut short ('ACTI…' in a squeezed column): see TicketStatusBadge.
              cell: (r) => (
                <Badge color={r.status === 'active' ? 'green' : 'gray'} miw="max-content">
                  {r.status}
                </Badge>
              ),
            },
            // One column of both buttons: the table keeps it in view at the right on a phone.
            mayManage && {
              key: 'actions',
              header: 'Actions',
              hideHeader: true,
              cell: (r) => (
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ record: r })}>
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color={r.status === 'active' ? 'red' : 'green'}
                    onClick={() => (r.status === 'active' ? ask(r) : void toggle(r, 'active'))}
                  >
                    {r.status === 'active' ? 'Deactivate' : 'Activate'}
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.record ? `Edit ${editing.record.name}` : `New ${one}`}
        centered
      >
        {editing ? props.form(editing.record, () => setEditing(null)) : null}
      </Modal>
      <ConfirmDialog
        opened={deactivating !== null}
        title={`Deactivate ${deactivating?.name ?? one}?`}
        confirmLabel={`Deactivate ${one}`}
        busy={save.isPending}
        onCancel={() => ask(null)}
        onConfirm={() => deactivating && void toggle(deactivating, 'inactive')}
      >
        <Text size="sm">{props.deactivateNote}</Text>
        {refusal ? (
          <Alert color="red" role="alert" mt="md" title={`The ${one} was not deactivated`}>
            {refusal}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
};
