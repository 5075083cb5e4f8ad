import { Badge, NativeSelect, Paper, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TICKET_SEARCH_MAX, TICKET_STATUSES } from '@workhub/shared/schemas/ticketing';
import { useState } from 'react';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { FilterBar } from '../../../components/filter-fold.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useServiceChoices } from '../api/services.ts';
import { useTicketingSettings } from '../api/settings.ts';
import { exportTickets, useTickets } from '../api/tickets.ts';
import { TICKET_STATUS_LABELS, TicketStatusBadge } from '../components/ticket-status-badge.tsx';

/** A time of day in the queue's own time zone (the zone of its Day column), not the browser's. */
const timeIn = (timeZone: string | undefined) => {
  const format = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', timeZone });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : '—');
};

const DEFAULT_SORT = '-queued_at';
const SORTS = [
  { value: DEFAULT_SORT, label: 'Newest first' },
  { value: 'queued_at', label: 'Oldest first' },
  { value: 'number', label: 'Number' },
  { value: '-number', label: 'Number, descending' },
];

/** /ticketing/tickets: every ticket, searched by number or service, filtered, paged, exported as CSV. */
export const TicketsPage = () => {
  useDocumentTitle('Tickets');
  const services = useServiceChoices();
  // Should the settings fail, the times read in the browser's zone, unlabelled.
  const settings = useTicketingSettings();
  const zone = settings.data?.time_zone;
  const time = timeIn(zone);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [serviceId, setServiceId] = useState('');
  const [day, setDay] = useState('');
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(q, 300);
  const filters = { q: search, status, service_id: serviceId, day, sort };
  const list = useTickets({ ...filters, page });
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const filtered = Boolean(q || status || serviceId || day);

  return (
    <>
      <PageHeader
        title="Tickets"
        description={`Every ticket taken, at the kiosk or at the desk.${zone ? ` Times in ${zone}, the queue's time zone.` : ''}`}
      />
      <Paper withBorder p="md" radius="md">
        <FilterBar
          search={{
            label: 'Search (A-012 or service)',
            maxLength: TICKET_SEARCH_MAX,
            value: q,
            onChange: (e) => reset(setQ)(e.currentTarget.value),
          }}
          searchWidth={220}
          chosen={[status, serviceId, day, sort !== DEFAULT_SORT].filter(Boolean).length}
          actions={<ExportCsvButton onExport={() => exportTickets(filters)} />}
          onClear={() => {
            setQ('');
            setStatus('');
            setServiceId('');
            setDay('');
            setSort(DEFAULT_SORT);
            setPage(1);
          }}
        >
          {(width) => (
            <>
              <NativeSelect
                label="Status"
                value={status}
                onChange={(e) => reset(setStatus)(e.currentTarget.value)}
                data={[
                  { value: '', label: 'All statuses' },
                  ...TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] })),
                ]}
                w={width()}
              />
              <NativeSelect
                label="Service"
                value={serviceId}
                onChange={(e) => reset(setServiceId)(e.currentTarget.value)}
                data={[
                  { value: '', label: 'All services' },
                  ...(services.data ?? []).map((s) => ({ value: s.id, label: `${s.prefix} · ${s.name}` })),
                ]}
                w={width()}
              />
              <TextInput
                label="Day"
                type="date"
                value={day}
                onChange={(e) => reset(setDay)(e.currentTarget.value)}
                w={width()}
              />
              <NativeSelect
                label="Sort"
                value={sort}
                onChange={(e) => setSort(e.currentTarget.value)}
                data={SORTS}
                w={width()}
              />
            </>
          )}
        </FilterBar>
        <DataTable
          label="Tickets"
          minWidth={820}
          rows={list.data?.data}
          loading={list.isPending || settings.isPending}
          error={list.error}
          errorTitle="The tickets could not be loaded"
          onRetry={() => void list.refetch()}
          rowKey={(t) => t.id}
          empty={
            <EmptyList
              title={filtered ? 'No ticket matches' : 'No tickets yet'}
              description="Tickets appear here as soon as they are taken at the kiosk or issued at a counter."
            />
          }
          pagination={
            list.data
              ? { meta: list.data.meta, page, onChange: setPage, noun: ['ticket', 'tickets'] }
              : undefined
          }
          columns={[
            {
              key: 'number',
              header: 'Number',
              cell: (t) => (
                <>
                  <strong>{t.number}</strong> {t.priority ? <Badge size="xs">priority</Badge> : null}
                </>
              ),
            },
            { key: 'day', header: 'Day', cell: (t) => t.service_day },
            { key: 'service', header: 'Service', cell: (t) => t.service_name },
            { key: 'status', header: 'Status', cell: (t) => <TicketStatusBadge status={t.status} /> },
            { key: 'counter', header: 'Counter', cell: (t) => t.counter_name ?? '—' },
            { key: 'queued', header: 'Taken', cell: (t) => time(t.queued_at) },
            { key: 'called', header: 'Called', cell: (t) => time(t.called_at) },
            { key: 'finished', header: 'Finished', cell: (t) => time(t.finished_at) },
            { key: 'recalls', header: 'Recalls', cell: (t) => t.recall_count },
          ]}
        />
      </Paper>
    </>
  );
};
