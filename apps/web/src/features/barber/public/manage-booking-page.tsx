import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  BARBER_MESSAGES,
  type PublicAppointment,
  type PublicBookingPage,
} from '@workhub/shared/schemas/barber';
import { useState } from 'react';
import { useParams } from 'react-router';
import { QueryProvider } from '../../../components/query-provider.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  cancelBooking,
  rescheduleBooking,
  todayIn,
  useBookingPage,
  useManagedBooking,
  whenIn,
} from './booking-api.ts';
import { PageProblem } from './page-problem.tsx';
import { SlotPicker } from './slot-picker.tsx';

const STATUS_TEXT: Record<PublicAppointment['status'], string> = {
  booked: 'Booked',
  checked_in: 'Checked in',
  done: 'Done',
  cancelled: 'Cancelled',
  no_show: 'Missed',
};

type Props = { slug: string; token: string; shop: PublicBookingPage; booking: PublicAppointment };

const Manage = ({ slug, token, shop, booking }: Props) => {
  useDocumentTitle(`Your booking at ${shop.name}`);
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'view' | 'cancel' | 'move'>('view');
  // The move opens on the booking's own day (the shop's calendar), or today once that has passed.
  const [date, setDate] = useState(() => {
    const today = todayIn(shop.timezone);
    const own = todayIn(shop.timezone, new Date(booking.start_at));
    return own > today ? own : today;
  });
  const [startAt, setStartAt] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const apply = async (call: () => Promise<{ message?: string }>) => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await call();
      setMessage({ ok: true, text: answer.message ?? 'Done' });
      setMode('view');
      setStartAt(null);
      await queryClient.invalidateQueries({ queryKey: ['booking', slug] });
    } catch (error) {
      setMessage({ ok: false, text: errorMessage(error) });
      if (error instanceof ApiError && error.status === 409) {
        setStartAt(null);
        await queryClient.invalidateQueries({ queryKey: ['booking', slug, 'slots'] });
      }
    } finally {
      setBusy(false);
    }
  };

  const open = booking.status === 'booked' && new Date(booking.start_at).getTime() > Date.now();
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        Your booking at {shop.name}
      </Title>
      <div>
        <Text fw={600}>{whenIn(booking.start_at, shop.timezone)}</Text>
        <Text size="sm" c="dimmed">
          {BARBER_MESSAGES.timesIn(shop.timezone)}
        </Text>
      </div>
      <Text>
        {booking.services.join(' + ')} with {booking.staff_name}
      </Text>
      <Text size="sm" c="dimmed">
        Status: {STATUS_TEXT[booking.status]}
      </Text>
      {message ? (
        <Alert color={message.ok ? 'green' : 'red'} title={message.ok ? message.text : 'Not changed'}>
          {message.ok ? null : message.text}
        </Alert>
      ) : null}
      {open && mode === 'view' ? (
        <Group>
          <Button variant="light" onClick={() => setMode('move')}>
            Reschedule
          </Button>
          <Button variant="subtle" color="red" onClick={() => setMode('cancel')}>
            Cancel the booking
          </Button>
        </Group>
      ) : null}
      {open && mode === 'cancel' ? (
        <Alert color="red" title="Cancel this booking?">
          <Text size="sm" mb="sm">
            The time goes back to others. This cannot be undone.
          </Text>
          <Group>
            <Button color="red" loading={busy} onClick={() => apply(() => cancelBooking(slug, token))}>
              Yes, cancel it
            </Button>
            <Button variant="default" onClick={() => setMode('view')}>
              Keep it
            </Button>
          </Group>
        </Alert>
      ) : null}
      {open && mode === 'move' ? (
        <Stack gap="xs">
          <Text fw={500} size="sm">
            Pick a new time with {booking.staff_name}
          </Text>
          <SlotPicker
            slug={slug}
            timezone={shop.timezone}
            serviceIds={booking.service_ids}
            staffId={booking.staff_id}
            date={date}
            onDate={(value) => {
              setDate(value);
              setStartAt(null);
            }}
            chosen={startAt}
            onChoose={setStartAt}
            token={token}
          />
          <Group>
            <Button
              disabled={!startAt}
              loading={busy}
              onClick={() => startAt && apply(() => rescheduleBooking(slug, token, { start_at: startAt }))}
            >
              {startAt ? `Move to ${whenIn(startAt, shop.timezone)}` : 'Move'}
            </Button>
            <Button variant="default" onClick={() => setMode('view')}>
              Back
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
};

const ManageLoader = () => {
  const { slug = '', token = '' } = useParams();
  const shop = useBookingPage(slug);
  const booking = useManagedBooking(slug, token);
  if (shop.isPending || booking.isPending) return <Loader aria-label="Loading" />;
  const error = shop.error ?? booking.error;
  if (error || !shop.data || !booking.data) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <PageProblem
        missing={missing}
        title={missing ? 'This link is not valid' : 'The booking could not be loaded'}
      >
        {missing ? 'Check the link in your confirmation mail.' : errorMessage(error)}
      </PageProblem>
    );
  }
  return <Manage slug={slug} token={token} shop={shop.data} booking={booking.data} />;
};

/** /book/:slug/manage/:token: the page of a confirmation mail's link (cancel or reschedule). */
export const ManageBookingPage = () => (
  <QueryProvider>
    <Container component="main" size="sm" py="xl">
      <Paper withBorder p="lg" radius="md">
        <ManageLoader />
      </Paper>
    </Container>
  </QueryProvider>
);
