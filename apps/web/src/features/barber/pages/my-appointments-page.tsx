import { Anchor, Button, Paper, Text } from '@mantine/core';
import type { Appointment } from '@workhub/shared/schemas/barber';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { headed } from '../../../lib/currency.ts';
import { useWorkspaceCurrency } from '../../../lib/my-workspaces.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useCancelMyAppointment, useMyAppointments } from '../api/appointments.ts';
import { useBookingLink } from '../api/booking-link.ts';
import { dateTimeIn, money } from '../barber-format.ts';
import { AppointmentStatusBadge } from '../components/appointment-status-badge.tsx';
import { useBookingPage } from '../public/booking-api.ts';

/** A customer may cancel a booking that has not started (the server refuses the rest with 409). */
const cancellable = (a: Appointment, now = Date.now()) =>
  a.status === 'booked' && new Date(a.start_at).getTime() > now;

/**
 * /barber/my-appointments: a customer's own appointments (booked under their login's e-mail); an
 * upcoming one can be cancelled, asked first.
 */
export const MyAppointmentsPage = () => {
  useDocumentTitle('My appointments');
  const session = useSession();
  const slug = session.status === 'signed_in' ? (session.user.workspace?.public_slug ?? '') : '';
  // A customer may not read the salon's settings (barber:read): its public booking page says the
  // shop's time zone, and the times wait for it rather than show as UTC reads them.
  const shop = useBookingPage(slug);
  const bookingLink = useBookingLink();
  const currency = useWorkspaceCurrency();
  const mine = useMyAppointments();
  const cancel = useCancelMyAppointment();
  const [asking, setAsking] = useState<Appointment | null>(null);
  const timezone = shop.data?.timezone ?? 'UTC';
  const confirm = async () => {
    if (!asking) return;
    try {
      const answer = await cancel.mutateAsync(asking.id);
      notify.success(answer.message ?? 'Your appointment is cancelled');
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setAsking(null);
    }
  };
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
          loading={mine.isPending || shop.isPending}
          error={mine.error ?? shop.error}
          errorTitle="Your appointments could not be loaded"
          onRetry={() => Promise.all([mine.refetch(), shop.refetch()])}
          rowKey={(a) => a.id}
          empty={
            <EmptyList
              title="No appointments yet"
              description="Book on the salon's booking page with your e-mail address."
            >
              {bookingLink ? <Anchor href={bookingLink}>Open the booking page</Anchor> : null}
            </EmptyList>
          }
          columns={[
            { key: 'when', header: 'When', cell: (a) => dateTimeIn(a.start_at, timezone) },
            { key: 'staff', header: 'With', cell: (a) => a.staff.name },
            { key: 'services', header: 'Services', cell: (a) => a.services.map((s) => s.name).join(' + ') },
            { key: 'total', header: headed('Total', currency), cell: (a) => money(a.total) },
            {
              key: 'status',
              header: 'Status',
              cell: (a) => <AppointmentStatusBadge status={a.status} />,
            },
            {
              key: 'cancel',
              header: 'Cancel',
              hideHeader: true,
              cell: (a) =>
                cancellable(a) ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Cancel the appointment of ${dateTimeIn(a.start_at, timezone)}`}
                    onClick={() => setAsking(a)}
                  >
                    Cancel
                  </Button>
                ) : null,
            },
          ]}
        />
      </Paper>
      <ConfirmDialog
        opened={asking !== null}
        title="Cancel this appointment?"
        confirmLabel="Cancel appointment"
        busy={cancel.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      >
        <Text size="sm">
          {asking
            ? `${dateTimeIn(asking.start_at, timezone)} with ${asking.staff.name}: the time is freed for someone else. This cannot be undone.`
            : ''}
        </Text>
      </ConfirmDialog>
    </>
  );
};
