import { Badge, Button, Modal, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { messages } from '@workhub/shared/messages';
import type { Service } from '@workhub/shared/schemas/ticketing';
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
import { exportServices, useSaveService, useServices } from '../api/services.ts';
import { RecordListToolbar } from '../components/record-list-toolbar.tsx';
import { ServiceForm } from '../components/service-form.tsx';

/** /ticketing/services: the queue's services, searched and filtered; New, Edit, Deactivate (asked first). */
export const ServicesPage = () => {
  useDocumentTitle('Services');
  const mayManage = useMay()('ticketing:manage');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(q, 300);
  const list = useServices({ q: search, status, page });
  const save = useSaveService();
  const [editing, setEditing] = useState<{ service?: Service } | null>(null);
  const [deactivating, setDeactivating] = useState<Service | null>(null);

  const toggle = async (service: Service, next: 'active' | 'inactive') => {
    try {
      const { name, prefix, avg_service_minutes } = service;
      const answer = await save.mutateAsync({
        id: service.id,
        body: { name, prefix, avg_service_minutes, status: next },
      });
      notify.success(answer.message || messages.updateDone);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setDeactivating(null);
    }
  };

  const create = mayManage ? <Button onClick={() => setEditing({})}>+ New service</Button> : null;
  return (
    <>
      <PageHeader
        title="Services"
        description="What customers queue for; each has a prefix letter and an average time."
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
          <ExportCsvButton onExport={() => exportServices({ q: search, status })} />
        </RecordListToolbar>
        <DataTable
          label="Services"
          minWidth={640}
          rows={list.data?.data}
          loading={list.isPending}
          error={list.error}
          errorTitle="The services could not be loaded"
          onRetry={() => void list.refetch()}
          rowKey={(s) => s.id}
          empty={
            <EmptyList
              title={q || status ? 'No service matches' : 'No services yet'}
              description="Add the services your customers take tickets for."
            >
              {create}
            </EmptyList>
          }
          pagination={
            list.data
              ? { meta: list.data.meta, page, onChange: setPage, noun: ['service', 'services'] }
              : undefined
          }
          columns={[
            { key: 'prefix', header: 'Prefix', cell: (s) => <Badge variant="light">{s.prefix}</Badge> },
            {
              key: 'name',
              header: 'Name',
              cell: (s) => (
                <Text size="sm" fw={600}>
                  {s.name} {s.sample ? <Badge size="xs">sample</Badge> : null}
                </Text>
              ),
            },
            { key: 'minutes', header: 'Average time', cell: (s) => `${s.avg_service_minutes} min` },
            { key: 'waiting', header: 'Waiting now', cell: (s) => s.waiting },
            {
              key: 'status',
              header: 'Status',
              cell: (s) => <Badge color={s.status === 'active' ? 'green' : 'gray'}>{s.status}</Badge>,
            },
            mayManage && {
              key: 'edit',
              header: 'Edit',
              hideHeader: true,
              cell: (s) => (
                <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ service: s })}>
                  Edit
                </Button>
              ),
            },
            mayManage && {
              key: 'toggle',
              header: 'Activate or deactivate',
              hideHeader: true,
              cell: (s) => (
                <Button
                  size="xs"
                  variant="light"
                  color={s.status === 'active' ? 'red' : 'green'}
                  onClick={() => (s.status === 'active' ? setDeactivating(s) : void toggle(s, 'active'))}
                >
                  {s.status === 'active' ? 'Deactivate' : 'Activate'}
                </Button>
              ),
            },
          ]}
        />
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.service ? `Edit ${editing.service.name}` : 'New service'}
        centered
      >
        {editing ? <ServiceForm service={editing.service} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <ConfirmDialog
        opened={deactivating !== null}
        title={`Deactivate ${deactivating?.name ?? 'service'}?`}
        confirmLabel="Deactivate service"
        busy={save.isPending}
        onCancel={() => setDeactivating(null)}
        onConfirm={() => deactivating && void toggle(deactivating, 'inactive')}
      >
        <Text size="sm">
          The kiosk and the desk stop issuing its tickets. Tickets already waiting are still called. You can
          activate it again.
        </Text>
      </ConfirmDialog>
    </>
  );
};
