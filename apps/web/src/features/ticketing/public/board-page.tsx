import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BoardState } from '@workhub/shared/schemas/ticketing';
import { useCallback, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { LoadingState } from '../../../components/data-states.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { chime, newCalls, speak, unlockSound } from './announce.ts';
import classes from './board-page.module.css';
import { QueuePageLayout } from './queue-page-layout.tsx';
import { useBoardEvents } from './use-board-events.ts';

/** /q/:slug/board: the display board, live (server-sent events), announcing each call. */
export const BoardPage = () => {
  const { slug = '' } = useParams();
  const previous = useRef<BoardState['counters'] | null>(null);
  const [sound, setSound] = useState(false);
  const soundOn = useRef(false);
  const [lastCall, setLastCall] = useState<{ number: string; counter: string } | null>(null);

  const onBoard = useCallback((board: BoardState) => {
    const calls = newCalls(previous.current, board.counters);
    previous.current = board.counters;
    for (const call of calls) {
      setLastCall({ number: call.number, counter: call.counter });
      if (soundOn.current) {
        chime();
        speak(call.number, call.counter);
      }
    }
  }, []);
  const { board, live, failed } = useBoardEvents(slug, onBoard);
  useDocumentTitle('Queue board');

  if (failed && !board) {
    return (
      <QueuePageLayout title="Queue board">
        <Alert color="red" role="alert" title="This board could not be loaded">
          The queue may not exist any more. Check the address.
        </Alert>
      </QueuePageLayout>
    );
  }
  if (!board) {
    return (
      <QueuePageLayout title="Queue board">
        <LoadingState />
      </QueuePageLayout>
    );
  }
  return (
    <QueuePageLayout name={board.workspace_name} title="Now serving" size="full">
      <Group justify="space-between">
        <Badge color={live ? 'green' : 'gray'}>{live ? 'Live' : 'Reconnecting…'}</Badge>
        {!sound ? (
          <Button
            variant="light"
            size="xs"
            onClick={() => {
              unlockSound();
              soundOn.current = true;
              setSound(true);
            }}
          >
            Turn on announcements
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            Announcements on
          </Text>
        )}
      </Group>
      {/* The last call, while its ticket is still called to or served at that counter: one done,
          transferred or a no-show must not go on sending a customer there. */}
      {lastCall &&
      board.counters.some((c) => c.name === lastCall.counter && c.ticket?.number === lastCall.number) ? (
        <Text className={classes.lastCall} fw={700} aria-live="assertive" data-testid="last-call">
          {`${lastCall.number} → ${lastCall.counter}`}
        </Text>
      ) : null}
      {board.counters.length === 0 ? (
        <Text c="dimmed">No counter is open.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {board.counters.map((counter) => (
            <Card key={counter.id} withBorder padding="lg" data-testid={`counter-${counter.name}`}>
              <Text c="dimmed" className={classes.counter}>
                {counter.name}
              </Text>
              <Title order={2} className={classes.number}>
                {counter.ticket?.number ?? '—'}
              </Title>
              {counter.ticket ? (
                <Text size="sm">{counter.ticket.status === 'called' ? 'Called' : 'Being served'}</Text>
              ) : null}
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Stack gap="xs">
        <Title order={3}>Next</Title>
        {board.next.length === 0 ? (
          <Text c="dimmed">Nobody is waiting.</Text>
        ) : (
          <Group data-testid="next-tickets">
            {board.next.map((ticket) => (
              <Badge
                key={ticket.number}
                size="xl"
                className={classes.next}
                variant={ticket.priority ? 'filled' : 'light'}
              >
                {ticket.number}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </QueuePageLayout>
  );
};
