import { Alert, Button, Card, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { type PublicTicket, ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/data-states.tsx';
import { QueryProvider } from '../../../components/query-provider.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { TicketNumber } from '../components/ticket-number.tsx';
import { KIOSK_REFRESH_MS, useBoard } from './api/get-board.ts';
import { takeTicket } from './api/take-ticket.ts';
import { isNotFound, NotFoundState } from './not-found.tsx';
import { openingHoursText } from './opening-hours.ts';
import { QueuePageLayout } from './queue-page-layout.tsx';

const Kiosk = ({ slug }: { slug: string }) => {
  const board = useBoard(slug, KIOSK_REFRESH_MS);
  const [priority, setPriority] = useState(false);
  const [taking, setTaking] = useState<string | null>(null);
  const [ticket, setTicket] = useState<PublicTicket | null>(null);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle('Take a ticket');
  // The ticket replaces the button pressed, and takes the focus (TicketNumber); Take another
  // replaces the ticket with the buttons: the first one takes it.
  const firstService = useRef<HTMLButtonElement>(null);
  const [tookOne, setTookOne] = useState(false);
  useEffect(() => {
    if (!ticket && tookOne) firstService.current?.focus();
  }, [ticket, tookOne]);

  const take = async (serviceId: string) => {
    setTaking(serviceId);
    setError(null);
    try {
      setTicket(await takeTicket(slug, { service_id: serviceId, priority }));
      setTookOne(true);
      // The kiosk is shared: the next customer starts from a normal ticket, not this one's priority.
      setPriority(false);
      void board.refetch();
    } catch (cause) {
      setError(errorMessage(cause));
      // A refusal may say the queue closed since it was read (or a service stopped): shown at once.
      void board.refetch();
    } finally {
      setTaking(null);
    }
  };

  if (board.isPending) {
    return (
      <QueuePageLayout title="Take a ticket">
        <LoadingState />
      </QueuePageLayout>
    );
  }
  if (board.isError) {
    return (
      <QueuePageLayout title="Take a ticket">
        {isNotFound(board.error) ? (
          <NotFoundState title={ticketingMessages.queueNotFound} />
        ) : (
          <ErrorState
            error={board.error}
            onRetry={() => void board.refetch()}
            title="The queue could not be loaded"
          />
        )}
      </QueuePageLayout>
    );
  }
  const { workspace_name: name, services, open_now: open } = board.data;

  if (ticket) {
    return (
      <QueuePageLayout name={name} title="Your ticket">
        <Card withBorder padding="xl" ta="center" aria-label="Your ticket">
          <Text c="dimmed" id="ticket-service">
            {ticket.service_name}
          </Text>
          <TicketNumber
            number={ticket.number}
            fz={64}
            describedBy="ticket-service people-ahead"
            data-testid="ticket-number"
          />
          {ticket.priority ? <Text fw={600}>Priority</Text> : null}
          {ticket.counter_open ? (
            <>
              <Text size="lg" data-testid="people-ahead" id="people-ahead">
                {ticket.people_ahead === 0 ? 'You are next' : `${ticket.people_ahead} ahead of you`}
              </Text>
              <Text c="dimmed" data-testid="estimated-wait">
                {ticketingMessages.estimatedWait(ticket.estimated_wait_minutes)}
              </Text>
            </>
          ) : (
            // Nobody will call it until a counter serving its service opens: no estimate to promise.
            <Text size="lg" data-testid="no-counter" id="people-ahead">
              {ticketingMessages.noCounterServing(ticket.service_name)}
            </Text>
          )}
        </Card>
        <Group justify="center">
          <Button component={Link} to={`/q/${slug}/t/${ticket.public_id}`}>
            Follow my ticket
          </Button>
          <Button variant="default" onClick={() => setTicket(null)}>
            Take another ticket
          </Button>
        </Group>
      </QueuePageLayout>
    );
  }

  return (
    <QueuePageLayout name={name} title="Take a ticket">
      {!open ? (
        <Alert color="yellow" title="Closed now">
          The queue is closed at this hour. Please come back during the opening hours
          {board.data.opening_hours.length > 0 ? `: ${openingHoursText(board.data.opening_hours)}.` : '.'}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert" title="No ticket was issued">
          {error}
        </Alert>
      ) : null}
      {services.length === 0 ? (
        <Text c="dimmed">No service is taking tickets at the moment.</Text>
      ) : (
        <Stack>
          <Switch
            size="md"
            label="Priority (elderly, pregnant, disability)"
            checked={priority}
            onChange={(event) => setPriority(event.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {services.map((service, index) => (
              <Button
                key={service.id}
                ref={index === 0 ? firstService : undefined}
                size="xl"
                h="auto"
                mih={96}
                py="sm"
                variant="light"
                disabled={!open || taking !== null}
                loading={taking === service.id}
                onClick={() => void take(service.id)}
                // A long name wraps (two lines at most, then an ellipsis): the count stays in sight.
                styles={{
                  inner: { height: 'auto' },
                  label: { whiteSpace: 'normal', height: 'auto', overflow: 'visible', minWidth: 0 },
                }}
              >
                <Stack gap={4} align="center" w="100%" miw={0}>
                  <Text
                    component="span"
                    inherit
                    fw={700}
                    lh={1.25}
                    ta="center"
                    lineClamp={2}
                    dir="auto"
                    title={service.name}
                    data-testid="service-name"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {service.name}
                  </Text>
                  {/* A space in the button's name between the two ('Deposits 2 waiting'). */}{' '}
                  <Text component="span" size="sm" c="dimmed">
                    {service.waiting} waiting
                  </Text>
                  {/* Still offered: the ticket keeps its place until a counter opens. */}
                  {service.counter_open ? null : (
                    <>
                      {' '}
                      <Text component="span" size="sm" c="orange.9" ta="center">
                        {ticketingMessages.serviceUnserved}
                      </Text>
                    </>
                  )}
                </Stack>
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </QueuePageLayout>
  );
};

/** /q/:slug/take: the kiosk, without sign-in. Pick a service, normal or priority; get a number. */
export const KioskPage = () => {
  const { slug = '' } = useParams();
  return (
    <QueryProvider>
      <Kiosk slug={slug} />
    </QueryProvider>
  );
};
