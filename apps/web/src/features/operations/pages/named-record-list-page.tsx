import { Button, Modal, Paper, Text } from '@mantine/core';
import { OPERATIONS_RECORD_STATUSES } from '@workhub/shared/schemas/operations';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { exportList } from '../api/export-csv.ts';
import {
  type NamedRecord,
  type NamedRecordKind,
  type NamedRecordListParams,
  useNamedRecords,
} from '../api/named-records.ts';
import { NamedRecordForm } from '../components/named-record-form.tsx';
import { OpsFilterBar } from '../components/ops-filter-bar.tsx';
import { OpsStatusBadge } from '../components/ops-status-badge.tsx';
import { PagedList } from '../components/paged-list.tsx';
import { useStatusToggle } from '../components/status-toggle.tsx';
import { RECORD_STATUS_OPTIONS } from '../operations-options.ts';

const SORTS = [
  { value: 'name', label: 'Name (A–Z)' },
  { value: '-name', label: 'Name (Z–A)' },
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
];
const RULES = { status: OPERATIONS_RECORD_STATUSES, sort: SORTS.slice(1).map((sort) => sort.value) } as const;

const TEXTS: Record<NamedRecordKind, { title: string; noun: string; plural: string; description: string }> = {
  catalogs: {
    title: 'Catalogs',
    noun: 'catalog',
    plural: 'catalogs',
    description: 'Groups of products, as you sell or buy them.',
  },
  uoms: {
    title: 'Units',
    noun: 'unit',
    plural: 'units',
    description: 'Units of measure products are counted in (pcs, kg, m…).',
  },
};

type Editing = { record?: NamedRecord } | null;

/**
 * /operations/catalogs and /operations/units: the same list (name, description, how many products
 * name it, status), searched, filtered by status, sorted, 14 a page and exported; New, Edit and
 * Activate/Deactivate (asked first) in dialogs for who may write.
 */
export const NamedRecordListPage = ({ kind }: { kind: NamedRecordKind }) => {
  const texts = TEXTS[kind];
  useDocumentTitle(texts.title);
  const mayWrite = useMay()('operations:write');
  const [page, setPage] = usePageParam();
  const filters = useUrlFilters(RULES);
  const records = useNamedRecords(kind, { ...filters.query, page } as NamedRecordListParams);
  usePageInRange(records.data?.meta);
  const status = useStatusToggle(kind, texts.noun);
  const [editing, setEditing] = useState<Editing>(null);

  const create = mayWrite ? (
    <Button onClick={() => setEditing({})}>+ New {texts.title.slice(0, -1)}</Button>
  ) : null;

  return (
    <>
      <PageHeader title={texts.title} description={texts.description} actions={create} />
      <Paper withBorder p="md" radius="md">
        <OpsFilterBar
          state={filters}
          searchLabel="Search by name"
          sorts={SORTS}
          controls={[
            {
              key: 'status',
              kind: 'select',
              label: 'Status',
              any: 'All statuses',
              options: RECORD_STATUS_OPTIONS,
            },
          ]}
        >
          <ExportCsvButton onExport={() => exportList(kind, filters.query)} />
        </OpsFilterBar>
        <PagedList
          query={records}
          errorTitle={`The ${texts.plural} could not be loaded`}
          noun={[texts.noun, texts.plural]}
          filters={filters}
          page={page}
          onPage={setPage}
          empty={
            <EmptyList title={`No ${texts.plural} yet`} description={texts.description}>
              {create}
            </EmptyList>
          }
        >
          {(rows) => (
            <DataTable
              label={texts.title}
              minWidth={640}
              rows={rows}
              rowKey={(record) => record.id}
              columns={[
                {
                  key: 'name',
                  header: 'Name',
                  cell: (record) => (
                    <Text size="sm" fw={600}>
                      {record.name}
                    </Text>
                  ),
                },
                {
                  key: 'description',
                  header: 'Description',
                  cell: (record) => record.description ?? '—',
                },
                {
                  key: 'products',
                  header: 'Products',
                  cell: (record) =>
                    kind === 'catalogs' && record.product_count > 0 ? (
                      <Link to={`/operations/products?catalog_id=${record.id}`}>{record.product_count}</Link>
                    ) : (
                      record.product_count
                    ),
                },
                kind === 'uoms' && {
                  key: 'whole_units',
                  header: 'Whole units',
                  cell: (record) => (record.whole_units ? 'Whole only' : 'Fractional'),
                },
                {
                  key: 'status',
                  header: 'Status',
                  cell: (record) => <OpsStatusBadge kind="record" status={record.status} />,
                },
                mayWrite && {
                  key: 'edit',
                  header: 'Edit',
                  cell: (record) => (
                    <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ record })}>
                      Edit
                    </Button>
                  ),
                },
                mayWrite && {
                  key: 'toggle',
                  header: 'Activate or deactivate',
                  hideHeader: true,
                  cell: (record) => (
                    <Button
                      size="xs"
                      variant="light"
                      color={record.status === 'active' ? 'red' : 'green'}
                      loading={status.changingId === record.id}
                      disabled={status.changingId !== null && status.changingId !== record.id}
                      onClick={() => status.toggle(record)}
                    >
                      {record.status === 'active' ? 'Deactivate' : 'Activate'}
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </PagedList>
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.record ? `Edit ${editing.record.name}` : `New ${texts.noun}`}
        centered
      >
        {editing ? (
          <NamedRecordForm
            kind={kind}
            noun={texts.noun}
            record={editing.record}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      {status.dialog}
    </>
  );
};
