import { Anchor, NativeSelect, Paper, Text, TextInput } from '@mantine/core';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@workhub/shared/schemas/barber';
import { searchableText } from '@workhub/shared/text';
import { useSearchParams } from 'react-router';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { FilterBar } from '../../../components/filter-fold.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { headed } from '../../../lib/currency.ts';
import { useWorkspaceCurrency } from '../../../lib/my-workspaces.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { pageFromParam, usePageInRange } from '../../../lib/use-page-param.ts';
import { exportAppointments, useAppointments } from '../api/appointments.ts';
import { useBarberSettings } from '../api/settings.ts';
import { useStaff } from '../api/staff.ts';
import { dateTimeIn, money, SOURCE_LABELS, STATUS_LABELS } from '../barber-format.ts';
import { StepButtons } from '../components/appointment-dialog.tsx';
import { AppointmentStatusBadge } from '../components/appointment-status-badge.tsx';

const isStatus = (value: string | null): value is AppointmentStatus =>
  value !== null && (APPOINTMENT_STATUSES as readonly string[]).includes(value);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const DAY_FILTERS = [
  ['from', 'From'],
  ['to', 'To'],
] as const;

/**
 * /barber/appointments: every appointment, latest first, with search (customer, phone, e-mail,
 * staff), filters (status, staff member, from/to day, customer), pages, CSV export and the status
 * steps (each asked first). The filters live in the address, so a customer's history is a link.
 */
export const AppointmentsPage = () => {
  useDocumentTitle('Appointments');
  const mayBook = useMay()('barber:book');
  const settings = useBarberSettings();
  const currency = useWorkspaceCurrency();
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string) =>
    setParams((p) => {
      const copy = new URLSearchParams(p);
      if (value) copy.set(key, value);
      else copy.delete(key);
      if (key !== 'page') copy.delete('page');
      return copy;
    });
  const filters = {
    q: searchableText(params.get('q') ?? '') || undefined,
    status: isStatus(params.get('status')) ? (params.get('status') as AppointmentStatus) : undefined,
    staff_id: params.get('staff_id') || undefined,
    customer_id: params.get('customer_id') || undefined,
    from: isDay(params.get('from')) ? (params.get('from') as string) : undefined,
    to: isDay(params.get('to')) ? (params.get('to') as string) : undefined,
  };
  const page = pageFromParam(params.get('page'));
  const list = useAppointments({ ...filters, page });
  usePageInRange(list.data?.meta);
  const timezone = settings.data?.timezone ?? 'UTC';
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <PageHeader
        title="Appointments"
        description="Every booking, latest first: from the desk, the booking page and walk-ins."
      />
      <Paper withBorder p="md" radius="md">
        <FilterBar
          search={{
            label: 'Search',
            placeholder: 'Customer, phone, e-mail or staff',
            defaultValue: filters.q ?? '',
            onChange: (e) => set('q', e.currentTarget.value),
          }}
          searchWidth={260}
          chosen={[filters.status, filters.staff_id, filters.from, filters.to].filter(Boolean).length}
          actions={<ExportCsvButton onExport={() => exportAppointments(filters)} />}
          onClear={() => setParams(new URLSearchParams())}
        >
          {(width) => (
            <>
              <NativeSelect
                label="Status"
                value={filters.status ?? ''}
                onChange={(e) => set('status', e.currentTarget.value)}
                data={[
                  { value: '', label: 'All statuses' },
                  ...APPOINTMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
                ]}
                w={width()}
              />
              <NativeSelect
                label="Staff member"
                value={filters.staff_id ?? ''}
                onChange={(e) => set('staff_id', e.currentTarget.value)}
                data={[
                  { value: '', label: 'Everyone' },
                  ...(staff.data ?? []).map((s) => ({ value: s.id, label: s.name })),
                ]}
                w={width()}
              />
              {DAY_FILTERS.map(([key, label]) => (
                <TextInput
                  key={key}
                  type="date"
                  label={label}
                  value={filters[key] ?? ''}
                  onChange={(e) => set(key, e.currentTarget.value)}
                  w={width()}
                />
              ))}
            </>
          )}
        </FilterBar>
        {filters.customer_id ? (
          <Text size="sm" mb="sm">
            One customer's visits.{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => set('customer_id', '')}>
              Show everyone
            </Anchor>
          </Text>
        ) : null}
        <DataTable
          label="Appointments"
          minWidth={960}
          rows={list.data?.data}
          loading={list.isPending}
          error={list.error}
          errorTitle="The appointments could not be loaded"
          onRetry={() => list.refetch()}
          rowKey={(a) => a.id}
          empty={
            <EmptyList
              title={filtered ? 'No appointment matches' : 'No appointments yet'}
              description={
                filtered
                  ? 'Change or clear the filters.'
                  : 'Book from the calendar, or share the booking page.'
              }
            />
          }
          {...(list.data
            ? {
                pagination: {
                  meta: list.data.meta,
                  page,
                  onChange: (next: number) => set('page', String(next)),
                  noun: ['appointment', 'appointments'] as [string, string],
                },
              }
            : {})}
          columns={[
            { key: 'when', header: 'When', cell: (a) => dateTimeIn(a.start_at, timezone) },
            { key: 'customer', header: 'Customer', cell: (a) => a.customer.name },
            { key: 'staff', header: 'Staff', cell: (a) => a.staff.name },
            { key: 'services', header: 'Services', cell: (a) => a.services.map((s) => s.name).join(' + ') },
            { key: 'total', header: headed('Total', currency), cell: (a) => money(a.total) },
            { key: 'source', header: 'Source', cell: (a) => SOURCE_LABELS[a.source] },
            {
              key: 'status',
              header: 'Status',
              cell: (a) => <AppointmentStatusBadge status={a.status} />,
            },
            mayBook && {
              key: 'steps',
              header: 'Steps',
              hideHeader: true,
              cell: (a) => <StepButtons appointment={a} />,
            },
          ]}
        />
      </Paper>
    </>
  );
};
