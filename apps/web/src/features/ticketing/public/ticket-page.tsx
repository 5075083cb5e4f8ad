import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { type TicketStatus, ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/data-states.tsx';
import { QueryProvider } from '../../../components/query-provider.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePublicTicket } from './api/get-ticket.ts';
import { isNotFound, NotFoundState } from './not-found.tsx';
import { QueuePageLayout } from './queue-page-layout.tsx';
import { useBoardEvents } from './use-board-events.ts';

const STATUS: Record<TicketStatus, { label: string; color: string }> = {
  waiting: { label: 'Waiting', color: 'blue' },
  called: { label: 'Called: please go to the counter', color: 'green' },
  serving: { label: 'Being served', color: 'teal' },
  done: { label: 'Done', color: 'gray' },
  no_show: { label: 'Missed', color: 'red' },
};

const TicketView = ({ slug, id }: { slug: string; id: string }) => {
  const ticket = usePublicTicket(slug, id);
  const refetch = ticket.refetch;
  // Any change of the board may move this ticket: read it again at once.
  const onBoard = useCallback(() => void refetch(), [refetch]);
  const feed = useBoardEvents(slug, onBoard);
  useDocumentTitle(ticket.data ? `Ticket ${ticket.data.number}` : 'Your ticket');

  if (ticket.isPending) {
    return (
      <QueuePageLayout title="Your ticket">
        <LoadingState />
      </QueuePageLayout>
    );
  }
  if (ticket.isError) {
    return (
      <QueuePageLayout title="Your ticket">
        {isNotFound(ticket.error) ? (
          <NotFoundState title={ticketingMessages.ticketNotFound} />
        ) : (
          <ErrorState
            error={ticket.error}
            onRetry={() => void refetch()}
            title="Your ticket could not be loaded"
          />
        )}
      </QueuePageLayout>
    );
  }
  const t = ticket.data;
  const status = STATUS[t.status];
  return (
    <QueuePageLayout name={feed.board?.workspace_name} title="Your ticket">
      <Card withBorder padding="xl" ta="center">
        <Stack gap="xs" align="center">
          <Text c="dimmed">{t.service_name}</Text>
          <Title order={2} fz={64}>
            {t.number}
          </Title>
          {t.transferred_from ? (
            // The customer holds the number they were issued (on paper): say which one it became.
            <Text size="lg" maw={420} data-testid="ticket-transferred">
              {ticketingMessages.ticketTransferred(t.transferred_from, t.service_name, t.number)}
            </Text>
          ) : null}
          {/* Its label wraps: 'Called: please go to the counter' is wider than a phone's card (a
              badge keeps one line and cut it to 'CALLED: PLEASE GO TO THE COU…'). */}
          <Badge
            size="lg"
            color={status.color}
            data-testid="ticket-status"
            h="auto"
            py={4}
            maw="100%"
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' } }}
          >
            {status.label}
          </Badge>
          {t.counter_name && (t.status === 'called' || t.status === 'serving') ? (
            <Text size="xl" fw={700} data-testid="ticket-counter">
              {t.counter_name}
            </Text>
          ) : null}
          {t.status === 'waiting' && !t.counter_open ? (
            // Nobody will call it until a counter serving its service opens: no estimate to promise.
            <Text size="lg" maw={420} data-testid="no-counter">
              {ticketingMessages.noCounterServing(t.service_name)}
            </Text>
          ) : t.status === 'waiting' ? (
            <>
              <Text size="lg" data-testid="people-ahead">
                {t.people_ahead === 0 ? 'You are next' : `${t.people_ahead} ahead of you`}
              </Text>
              <Text c="dimmed" data-testid="estimated-wait">
                Estimated wait: {ticketingMessages.estimatedWait(t.estimated_wait_minutes).toLowerCase()}
              </Text>
            </>
          ) : null}
        </Stack>
      </Card>
      <Text size="xs" c="dimmed" ta="center">
        {feed.live ? 'Live' : 'Updating every few seconds'}
      </Text>
    </QueuePageLayout>
  );
};

/** /q/:slug/t/:id: a ticket's live place and estimated wait, without sign-in. */
export const TicketPage = () => {
  const { slug = '', id = '' } = useParams();
  return (
    <QueryProvider>
      <TicketView slug={slug} id={id} />
    </QueryProvider>
  );
};
