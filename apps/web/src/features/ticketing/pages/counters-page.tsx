import { Badge, Button, Modal, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { messages } from '@workhub/shared/messages';
import type { Counter } from '@workhub/shared/schemas/ticketing';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { exportCounters, useCounters, useSaveCounter } from '../api/counters.ts';
import { CounterForm } from '../components/counter-form.tsx';
import { RecordListToolbar } from '../components/record-list-toolbar.tsx';

/** /ticketing/counters: the windows or desks that call tickets; New, Edit, Deactivate (asked first). */
export const CountersPage = () => {
  useDocumentTitle('Counters');
  const mayManage = useMay()('ticketing:manage');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(q, 300);
  const list = useCounters({ q: search, status, page });
  const save = useSaveCounter();
  const [editing, setEditing] = useState<{ counter?: Counter } | null>(null);
  const [deactivating, setDeactivating] = useState<Counter | null>(null);

  const toggle = async (counter: Counter, next: 'active' | 'inactive') => {
    try {
      const answer = await save.mutateAsync({
        id: counter.id,
        body: {
          name: counter.name,
          service_ids: counter.services.map((s) => s.id),
          operator_user_id: counter.operator_user_id,
          status: next,
        },
      });
      notify.success(answer.message || messages.updateDone);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setDeactivating(null);
    }
  };

  const create = mayManage ? <Button onClick={() => setEditing({})}>+ New counter</Button> : null;
  return (
    <>
      <PageHeader
        title="Counters"
        description="The windows or desks that call tickets, each for some services."
        actions={create}
      />
      <Paper withBorder p="md" radius="md">
        <RecordListToolbar
          q={q}
          status={status}
          searchLabel="Search by name"
          onQ={(value) => {
            setQ(value);
            setPage(1);
          }}
          onStatus={(value) => {
            setStatus(value);
            setPage(1);
          }}
        >
          <ExportCsvButton onExport={() => exportCounters({ q: search, status })} />
        </RecordListToolbar>
        <DataTable
          label="Counters"
          minWidth={640}
          rows={list.data?.data}
          loading={list.isPending}
          error={list.error}
          errorTitle="The counters could not be loaded"
          onRetry={() => void list.refetch()}
          rowKey={(c) => c.id}
          empty={
            <EmptyList
              title={q || status ? 'No counter matches' : 'No counters yet'}
              description="Add a counter for each window or desk that calls tickets."
            >
              {create}
            </EmptyList>
          }
          pagination={
            list.data
              ? { meta: list.data.meta, page, onChange: setPage, noun: ['counter', 'counters'] }
              : undefined
          }
          columns={[
            {
              key: 'name',
              header: 'Name',
              cell: (c) => (
                <Text size="sm" fw={600}>
                  {c.name} {c.sample ? <Badge size="xs">sample</Badge> : null}
                </Text>
              ),
            },
            {
              key: 'services',
              header: 'Services',
              cell: (c) => c.services.map((s) => `${s.prefix} · ${s.name}`).join(', '),
            },
            { key: 'operator', header: 'Operator', cell: (c) => c.operator_name ?? '—' },
            {
              key: 'status',
              header: 'Status',
              cell: (c) => <Badge color={c.status === 'active' ? 'green' : 'gray'}>{c.status}</Badge>,
            },
            mayManage && {
              key: 'edit',
              header: 'Edit',
              hideHeader: true,
              cell: (c) => (
                <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ counter: c })}>
                  Edit
                </Button>
              ),
            },
            mayManage && {
              key: 'toggle',
              header: 'Activate or deactivate',
              hideHeader: true,
              cell: (c) => (
                <Button
                  size="xs"
                  variant="light"
                  color={c.status === 'active' ? 'red' : 'green'}
                  onClick={() => (c.status === 'active' ? setDeactivating(c) : void toggle(c, 'active'))}
                >
                  {c.status === 'active' ? 'Deactivate' : 'Activate'}
                </Button>
              ),
            },
          ]}
        />
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.counter ? `Edit ${editing.counter.name}` : 'New counter'}
        centered
      >
        {editing ? <CounterForm counter={editing.counter} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <ConfirmDialog
        opened={deactivating !== null}
        title={`Deactivate ${deactivating?.name ?? 'counter'}?`}
        confirmLabel="Deactivate counter"
        busy={save.isPending}
        onCancel={() => setDeactivating(null)}
        onConfirm={() => deactivating && void toggle(deactivating, 'inactive')}
      >
        <Text size="sm">It leaves the board and can no longer call tickets. You can activate it again.</Text>
      </ConfirmDialog>
    </>
  );
};
