import { Badge, NativeSelect, Paper, TextInput } from '@mantine/core';
import { TICKET_SEARCH_MAX, TICKET_STATUSES } from '@workhub/shared/schemas/ticketing';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { FilterBar } from '../../../components/filter-fold.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { CALENDAR_DAY, UUID, useUrlFilters } from '../../../lib/use-url-filters.ts';
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
/** What each filter in the address may hold (anything else is ignored); no sort: newest first. */
const TICKET_FILTERS = {
  status: TICKET_STATUSES,
  service_id: UUID,
  day: CALENDAR_DAY,
  sort: ['queued_at', 'number', '-number'],
} as const;
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
  // The filters and the page are kept in the address: a reload, a shared link or Back shows the
  // same list (they were lost, as the operations lists' were not).
  const filters = useUrlFilters(TICKET_FILTERS);
  const { values } = filters;
  const [page, setPage] = usePageParam();
  const query = {
    q: filters.q || undefined,
    status: values.status,
    service_id: values.service_id,
    day: values.day,
    sort: values.sort || DEFAULT_SORT,
  };
  const list = useTickets({ ...query, page });
  usePageInRange(list.data?.meta);
  const filtered = filters.active;

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
            value: filters.search,
            onChange: (e) => filters.setSearch(e.currentTarget.value),
          }}
          searchWidth={220}
          chosen={[values.status, values.service_id, values.day, values.sort].filter(Boolean).length}
          actions={<ExportCsvButton onExport={() => exportTickets(query)} />}
          onClear={filters.clearAll}
        >
          {(width) => (
            <>
              <NativeSelect
                label="Status"
                value={values.status}
                onChange={(e) => filters.setFilter('status', e.currentTarget.value)}
                data={[
                  { value: '', label: 'All statuses' },
                  ...TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] })),
                ]}
                w={width()}
              />
              <NativeSelect
                label="Service"
                value={values.service_id}
                onChange={(e) => filters.setFilter('service_id', e.currentTarget.value)}
                data={[
                  { value: '', label: 'All services' },
                  ...(services.data ?? []).map((s) => ({ value: s.id, label: `${s.prefix} · ${s.name}` })),
                ]}
                w={width()}
              />
              <TextInput
                label="Day"
                type="date"
                value={values.day}
                onChange={(e) => filters.setFilter('day', e.currentTarget.value)}
                w={width()}
              />
              <NativeSelect
                label="Sort"
                value={values.sort || DEFAULT_SORT}
                onChange={(e) => {
                  const chosen = e.currentTarget.value;
                  filters.setFilter('sort', chosen === DEFAULT_SORT ? '' : chosen);
                }}
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
              sticky: true,
              nowrap: true,
              cell: (t) => (
                <>
                  <strong>{t.number}</strong> {t.priority ? <Badge size="xs">priority</Badge> : null}
                </>
              ),
            },
            { key: 'day', header: 'Day', nowrap: true, cell: (t) => t.service_day },
            { key: 'service', header: 'Service', cell: (t) => t.service_name },
            { key: 'status', header: 'Status', cell: (t) => <TicketStatusBadge status={t.status} /> },
            { key: 'counter', header: 'Counter', cell: (t) => t.counter_name ?? '—' },
            { key: 'queued', header: 'Taken', nowrap: true, cell: (t) => time(t.queued_at) },
            { key: 'called', header: 'Called', nowrap: true, cell: (t) => time(t.called_at) },
            { key: 'finished', header: 'Finished', nowrap: true, cell: (t) => time(t.finished_at) },
            { key: 'recalls', header: 'Recalls', cell: (t) => t.recall_count },
          ]}
        />
      </Paper>
    </>
  );
};
