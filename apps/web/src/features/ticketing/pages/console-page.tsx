import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { type Ticket, ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList, ErrorState, LoadingState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCounterChoices } from '../api/counters.ts';
import { useServiceChoices } from '../api/services.ts';
import { useTicketingSettings } from '../api/settings.ts';
import { type TicketStep, useCallNext, useIssueTicket, useTicketStep, useTickets } from '../api/tickets.ts';
import { TicketStatusBadge } from '../components/ticket-status-badge.tsx';
import { useChosenCounter } from './use-chosen-counter.ts';

/** The ticket a counter holds (called or being served), read every 5 s. */
const useInHand = (counterId: string) => {
  const called = useTickets({ counter_id: counterId, status: 'called', page: 1, limit: 1 }, 5000);
  const serving = useTickets({ counter_id: counterId, status: 'serving', page: 1, limit: 1 }, 5000);
  const ticket: Ticket | undefined = called.data?.data[0] ?? serving.data?.data[0];
  return { ticket, pending: called.isPending || serving.isPending, error: called.error ?? serving.error };
};

/** What the desk shows: its ticket and the ticket's step (the buttons that go with it), or none. */
const deskState = (ticket: Pick<Ticket, 'id' | 'status'> | undefined) =>
  ticket && (ticket.status === 'called' || ticket.status === 'serving')
    ? `${ticket.id}:${ticket.status}`
    : 'none';

/**
 * Where the keyboard goes after an action of the desk: its buttons are replaced (Call next by
 * Start, Recall and No-show; Start by Done; Done by Call next), so the focus would fall to the page.
 * Once the desk shows what the action led to, the focus, if it was lost, goes back to the button
 * that ran the action when that button is still there (Recall, or a step the server refused), else
 * to the desk's primary button; a user who went elsewhere meanwhile stays there. A browser takes
 * the focus off a button while it is disabled (each is, while an action runs), so a Recall pressed
 * with Enter must be given it back: on Start, a second Enter would start serving instead of
 * recalling. The dialog of a no-show gives the focus back to its No-show button, gone by then: it
 * is lost too.
 */
const useFocusAfterAction = (state: string) => {
  const primary = useRef<HTMLButtonElement>(null);
  const awaited = useRef<string | null>(null);
  const origin = useRef<HTMLElement | null>(null);
  const shown = useRef(state);
  shown.current = state;
  const focusIfLost = () => {
    if (awaited.current === null || awaited.current !== shown.current) return;
    awaited.current = null;
    const from = origin.current;
    origin.current = null;
    const active = document.activeElement;
    // Lost: on the page, on a button just removed, or in the no-show dialog now closing.
    const lost =
      !active || active === document.body || !active.isConnected || active.closest('[role="dialog"]');
    if (!lost) return;
    const back = from?.isConnected && !from.closest('[role="dialog"]') && !from.matches(':disabled');
    (back ? from : primary.current)?.focus();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the desk shows another state
  useEffect(focusIfLost, [state]);
  return {
    primary,
    /** An action starts: the button that has the focus now gets it back if it is still there. */
    start: () => {
      origin.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    /** The action ended and leads to `next` (deskState): focus its primary button once shown. */
    expect: (next: string) => {
      awaited.current = next;
      focusIfLost();
    },
  };
};

const NO_SHOW_RULE_ID = 'console-no-show-rule';

const CounterDesk = ({ counterId, counterName }: { counterId: string; counterName: string }) => {
  const inHand = useInHand(counterId);
  const callNext = useCallNext();
  const step = useTicketStep();
  const services = useServiceChoices();
  const settings = useTicketingSettings();
  const [transferTo, setTransferTo] = useState<string | null>(null);
  const [askNoShow, setAskNoShow] = useState(false);
  const ticket = inHand.ticket;
  const busy = callNext.isPending || step.isPending;
  // The server refuses a no-show before the settings' number of recalls: not offered until then
  // (while the settings are unknown it is offered, and the server has the last word).
  const needed = settings.data?.no_show_after_recalls;
  const noShowTooEarly = ticket !== undefined && needed !== undefined && ticket.recall_count < needed;
  // While an action runs its buttons are disabled (and cannot take the focus).
  const focus = useFocusAfterAction(busy ? 'busy' : deskState(ticket));

  const run = async (
    work: () => Promise<{ data: Ticket; message?: string }>,
    done: (t: Ticket) => string,
  ) => {
    focus.start();
    try {
      const answer = await work();
      notify.success(answer.message || done(answer.data));
      // The ticket answered is the desk's next state: called, serving, or gone (done, no-show, or
      // transferred: the new ticket waits in another service).
      focus.expect(deskState(answer.data));
    } catch (error) {
      notify.error(errorMessage(error));
      // The desk stays as it was, but its button, disabled while the action ran, lost the focus.
      focus.expect(deskState(ticket));
    }
  };
  const doStep = (s: TicketStep) =>
    ticket &&
    run(
      () => step.mutateAsync({ id: ticket.id, step: s }),
      // A recall leaves it called: say it was called again, not what it already was.
      (t) =>
        s === 'recall' ? ticketingMessages.recalled(t.number) : `${t.number}: ${t.status.replace('_', '-')}`,
    );

  if (inHand.pending) return <LoadingState />;
  if (inHand.error)
    return <ErrorState error={inHand.error} title="The counter's ticket could not be loaded" />;
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={2} fz="h3">
            {counterName}
          </Title>
          {ticket ? <TicketStatusBadge status={ticket.status} /> : null}
        </Group>
        {ticket ? (
          <>
            <Title order={3} fz={56} data-testid="console-ticket">
              {ticket.number}
            </Title>
            <Text c="dimmed">
              {ticket.service_name}
              {ticket.priority ? ' · priority' : ''} · {ticketingMessages.recalledTimes(ticket.recall_count)}
            </Text>
            <Group>
              {ticket.status === 'called' ? (
                <>
                  <Button ref={focus.primary} onClick={() => void doStep('start')} loading={busy}>
                    Start
                  </Button>
                  <Button variant="light" onClick={() => void doStep('recall')} disabled={busy}>
                    Recall
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    onClick={() => setAskNoShow(true)}
                    disabled={busy || noShowTooEarly}
                    aria-describedby={noShowTooEarly ? NO_SHOW_RULE_ID : undefined}
                  >
                    No-show
                  </Button>
                  {noShowTooEarly ? (
                    <Text size="sm" c="dimmed" id={NO_SHOW_RULE_ID}>
                      {ticketingMessages.noShowAfter(ticket.recall_count, needed)}
                    </Text>
                  ) : null}
                </>
              ) : (
                <Button ref={focus.primary} onClick={() => void doStep('done')} loading={busy}>
                  Done
                </Button>
              )}
            </Group>
            <Group align="flex-end">
              <Select
                label="Transfer to"
                placeholder="Another service"
                data={(services.data ?? [])
                  .filter((s) => s.id !== ticket.service_id && s.status === 'active')
                  .map((s) => ({ value: s.id, label: `${s.prefix} · ${s.name}` }))}
                value={transferTo}
                onChange={setTransferTo}
              />
              <Button
                variant="default"
                disabled={!transferTo || busy}
                onClick={() =>
                  transferTo &&
                  void run(
                    () => step.mutateAsync({ id: ticket.id, step: 'transfer', serviceId: transferTo }),
                    (t) => `${ticket.number} is now ${t.number}, waiting in ${t.service_name}`,
                  ).then(() => setTransferTo(null))
                }
              >
                Transfer
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text c="dimmed">No ticket at this counter.</Text>
            <Button
              ref={focus.primary}
              size="lg"
              loading={callNext.isPending}
              onClick={() =>
                void run(
                  () => callNext.mutateAsync(counterId),
                  (t) => `Called ${t.number}`,
                )
              }
            >
              Call next
            </Button>
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={askNoShow}
        title={`Mark ${ticket?.number ?? 'the ticket'} as no-show?`}
        confirmLabel="Mark no-show"
        busy={step.isPending}
        onCancel={() => setAskNoShow(false)}
        onConfirm={() => {
          setAskNoShow(false);
          void doStep('no-show');
        }}
      >
        <Text size="sm">The ticket leaves the queue for good; the customer has to take a new one.</Text>
      </ConfirmDialog>
    </Card>
  );
};

const IssueTicket = () => {
  const services = useServiceChoices();
  const issue = useIssueTicket();
  const [serviceId, setServiceId] = useState('');
  const [priority, setPriority] = useState(false);
  const active = (services.data ?? []).filter((s) => s.status === 'active');
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} fz="h4">
          Issue a ticket at the desk
        </Title>
        <NativeSelect
          label="Service"
          value={serviceId}
          onChange={(e) => setServiceId(e.currentTarget.value)}
          data={[
            { value: '', label: 'Choose a service' },
            ...active.map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
        <Switch label="Priority" checked={priority} onChange={(e) => setPriority(e.currentTarget.checked)} />
        <Button
          variant="light"
          disabled={!serviceId}
          loading={issue.isPending}
          onClick={async () => {
            try {
              const { data } = await issue.mutateAsync({ service_id: serviceId, priority });
              // Priority is the exception: kept on, the next customer's ticket would jump the line.
              setPriority(false);
              notify.success(
                data.counter_open
                  ? ticketingMessages.deskIssued(data.number, data.people_ahead)
                  : ticketingMessages.deskIssuedUnserved(data.number, data.service_name),
              );
            } catch (error) {
              notify.error(errorMessage(error));
            }
          }}
        >
          Issue ticket
        </Button>
      </Stack>
    </Card>
  );
};

/** /ticketing/console: a counter's console (call next, recall, start, done, no-show, transfer). */
export const ConsolePage = () => {
  useDocumentTitle('Counter console');
  const counters = useCounterChoices();
  const [counterId, choose] = useChosenCounter();
  // The choices are the active counters: one kept from an earlier visit that was deleted or
  // deactivated since is not among them, and the user chooses again.
  const chosen = counters.data?.find((c) => c.id === counterId);

  return (
    <>
      <PageHeader title="Counter console" description="Call and serve the tickets of your counter." />
      {counters.isPending ? (
        <LoadingState />
      ) : counters.isError ? (
        <ErrorState
          error={counters.error}
          onRetry={() => void counters.refetch()}
          title="The counters could not be loaded"
        />
      ) : counters.data.length === 0 ? (
        <EmptyList title="No counters yet" description="A manager adds counters (and services) first." />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack>
            <Paper withBorder p="md">
              <Select
                label="Your counter"
                placeholder="Choose a counter"
                data={counters.data.map((c) => ({ value: c.id, label: c.name }))}
                value={chosen ? chosen.id : null}
                onChange={choose}
              />
            </Paper>
            {chosen ? (
              <CounterDesk key={chosen.id} counterId={chosen.id} counterName={chosen.name} />
            ) : (
              <Alert color="blue">Choose the counter you work at.</Alert>
            )}
          </Stack>
          <IssueTicket />
        </SimpleGrid>
      )}
    </>
  );
};
