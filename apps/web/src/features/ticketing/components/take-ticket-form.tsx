import { Alert, Anchor, Button, Card, Group, Radio, Stack, Switch, Text } from '@mantine/core';
import { ticketBody, ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { ErrorState, LoadingState } from '../../../components/data-states.tsx';
import { CheckedController } from '../../../lib/checked-controller.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useMyQueue, useTakeMyTicket } from '../api/my-tickets.ts';
import type { IssuedTicket } from '../api/tickets.ts';
import classes from './take-ticket-form.module.css';
import { TicketNumber } from './ticket-number.tsx';

type Input = z.input<typeof ticketBody>;
type Output = z.output<typeof ticketBody>;

/** The ticket just taken: its number, its place, and the link to its live public page. */
const TakenTicket = ({
  ticket,
  slug,
  onAnother,
}: {
  ticket: IssuedTicket;
  slug: string;
  onAnother: () => void;
}) => (
  <Card withBorder padding="lg" aria-label="Your new ticket">
    <Text c="dimmed" id="my-ticket-service">
      {ticket.service_name}
    </Text>
    <TicketNumber
      number={ticket.number}
      describedBy="my-ticket-service my-ticket-place"
      data-testid="my-ticket-number"
    />
    {ticket.priority ? <Text fw={600}>Priority</Text> : null}
    <Text data-testid="my-ticket-place" id="my-ticket-place">
      {ticket.counter_open ? (
        <>
          {ticket.people_ahead === 0 ? 'You are next' : `${ticket.people_ahead} ahead of you`} ·{' '}
          {ticketingMessages.estimatedWait(ticket.estimated_wait_minutes).toLowerCase()}
        </>
      ) : (
        ticketingMessages.noCounterServing(ticket.service_name)
      )}
    </Text>
    <Group mt="sm">
      <Anchor href={`/q/${encodeURIComponent(slug)}/t/${encodeURIComponent(ticket.public_id)}`}>
        Follow this ticket live
      </Anchor>
      <Button variant="default" size="xs" onClick={onAnother}>
        Take another ticket
      </Button>
    </Group>
  </Card>
);

/**
 * A signed-in customer takes a ticket (POST /api/ticketing/my-tickets, ticketBody): one of the
 * active services, normal or priority as at the kiosk, which the API allows a customer too.
 */
export const TakeTicketForm = () => {
  const queue = useMyQueue();
  const take = useTakeMyTicket();
  const [taken, setTaken] = useState<IssuedTicket | null>(null);
  const [another, setAnother] = useState(false);
  const { form, submit, isSubmitting } = useSchemaForm<Input, Output>(ticketBody, {
    defaultValues: { service_id: '', priority: false },
    onSubmit: async (values) => {
      setTaken((await take.mutateAsync(values)).data);
      form.reset({ service_id: '', priority: false });
    },
    conflictField: 'service_id',
  });

  const { setFocus } = form;
  // Back from a ticket to the form: the keyboard goes on from its first field.
  useEffect(() => {
    if (another && !taken) setFocus('service_id');
  }, [another, taken, setFocus]);

  if (queue.isPending) return <LoadingState />;
  if (queue.isError) {
    return (
      <ErrorState
        error={queue.error}
        onRetry={() => void queue.refetch()}
        title="The queue's services could not be loaded"
      />
    );
  }
  const { services, open_now: open, public_slug: slug } = queue.data;
  if (taken)
    return (
      <TakenTicket
        ticket={taken}
        slug={slug}
        onAnother={() => {
          setTaken(null);
          setAnother(true);
        }}
      />
    );

  return (
    <form onSubmit={submit} noValidate aria-label="Take a ticket">
      <Stack gap="sm">
        {!open ? (
          <Alert color="yellow" title="Closed now">
            The queue is closed at this hour. Please come back during the opening hours.
          </Alert>
        ) : null}
        {services.length === 0 ? (
          <Text c="dimmed">No service is taking tickets at the moment.</Text>
        ) : (
          <>
            {/* A radio a service, its whole name wrapping: a native select showed the chosen one on
                one line cut to the box, its waiting count lost. One Tab stop, the arrows choose. */}
            <CheckedController
              form={form}
              name="service_id"
              render={({ field: chosen, fieldState }) => (
                <Radio.Group
                  label="Service"
                  withAsterisk
                  value={chosen.value}
                  onChange={chosen.onChange}
                  error={fieldState.error?.message}
                >
                  <Stack gap="xs" mt={4}>
                    {services.map((s, index) => (
                      <Radio
                        key={s.id}
                        value={s.id}
                        label={s.name}
                        description={
                          s.counter_open
                            ? `${s.waiting} waiting`
                            : `${s.waiting} waiting · ${ticketingMessages.serviceUnserved}`
                        }
                        classNames={{ label: classes.name }}
                        // Where the form puts the focus (a refusal, Take another): the chosen
                        // service, else the first.
                        ref={(chosen.value ? chosen.value === s.id : index === 0) ? chosen.ref : undefined}
                        onBlur={chosen.onBlur}
                        aria-invalid={fieldState.invalid || undefined}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            />
            <CheckedController
              form={form}
              name="priority"
              render={({ field: f }) => (
                <Switch
                  label="Priority (elderly, pregnant, disability)"
                  checked={f.value ?? false}
                  onChange={(event) => f.onChange(event.currentTarget.checked)}
                  onBlur={f.onBlur}
                />
              )}
            />
            <Group>
              <Button type="submit" loading={isSubmitting} disabled={isSubmitting || !open}>
                Take a ticket
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
};
