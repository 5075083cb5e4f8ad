import { Badge, Paper } from '@mantine/core';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMyAppointments } from '../api/appointments.ts';
import { useBarberSettings } from '../api/settings.ts';
import { dateTimeIn, money, STATUS_COLORS, STATUS_LABELS } from '../barber-format.ts';

/** /barber/my-appointments: a customer's own appointments (booked under their login's e-mail). */
export const MyAppointmentsPage = () => {
  useDocumentTitle('My appointments');
  const settings = useBarberSettings();
  const mine = useMyAppointments();
  const timezone = settings.data?.timezone ?? 'UTC';
  return (
    <>
      <PageHeader
        title="My appointments"
        description="Your bookings at this salon, under your e-mail address."
      />
      <Paper withBorder p="md" radius="md">
        <DataTable
          label="My appointments"
          minWidth={640}
          rows={mine.data}
          loading={mine.isPending}
          error={mine.error}
          errorTitle="Your appointments could not be loaded"
          onRetry={() => mine.refetch()}
          rowKey={(a) => a.id}
          empty={
            <EmptyList
              title="No appointments yet"
              description="Book on the salon's booking page with your e-mail address."
            />
          }
          columns={[
            { key: 'when', header: 'When', cell: (a) => dateTimeIn(a.start_at, timezone) },
            { key: 'staff', header: 'With', cell: (a) => a.staff.name },
            { key: 'services', header: 'Services', cell: (a) => a.services.map((s) => s.name).join(' + ') },
            { key: 'total', header: 'Total', cell: (a) => money(a.total) },
            {
              key: 'status',
              header: 'Status',
              cell: (a) => (
                <Badge color={STATUS_COLORS[a.status]} variant="light">
                  {STATUS_LABELS[a.status]}
                </Badge>
              ),
            },
          ]}
        />
      </Paper>
    </>
  );
};
