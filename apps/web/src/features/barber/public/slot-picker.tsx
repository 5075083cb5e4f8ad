import { Alert, Chip, Group, Loader, Text, TextInput } from '@mantine/core';
import { type KeyboardEvent, useId } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { slotLabels, todayIn, useSlots } from './booking-api.ts';

type SlotPickerProps = {
  slug: string;
  timezone: string;
  serviceIds: string[];
  staffId: string | null;
  date: string;
  onDate: (date: string) => void;
  chosen: string | null;
  onChoose: (startAt: string) => void;
  /** Enter on a time: the page chooses it and goes on to its next step (the contact form). */
  onGoOn?: (startAt: string) => void;
  /** A mail link's token: the slots to move its booking to (its own time is free for it). */
  token?: string;
};

/**
 * A day (the shop's calendar) and its free slots; loading, empty and error states. The slots are
 * one radio group (native radios, drawn as chips): one Tab stop however many times the day has,
 * the arrow keys move between them, and the next Tab goes on to what follows the times.
 */
export const SlotPicker = ({
  slug,
  timezone,
  serviceIds,
  staffId,
  date,
  onDate,
  chosen,
  onChoose,
  onGoOn,
  token,
}: SlotPickerProps) => {
  const slots = useSlots(slug, serviceIds, staffId, date, token);
  const group = useId();
  const goOnWithEnter = (startAt: string) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !onGoOn) return;
    event.preventDefault();
    onGoOn(startAt);
  };
  const labels = slotLabels(
    (slots.data?.slots ?? []).map((slot) => slot.start_at),
    timezone,
  );
  return (
    <>
      <TextInput
        type="date"
        label="Day"
        min={todayIn(timezone)}
        value={date}
        onChange={(event) => onDate(event.currentTarget.value)}
        w={200}
      />
      {date === '' ? (
        // A cleared day asks for no times: say so, rather than look for them forever.
        <Text size="sm" c="dimmed">
          Pick a day to see its free times.
        </Text>
      ) : slots.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Looking for free times…</Text>
        </Group>
      ) : slots.isError ? (
        <Alert color="red" title="The free times could not be loaded">
          {errorMessage(slots.error)}
        </Alert>
      ) : slots.data.slots.length === 0 ? (
        <Text size="sm" c="dimmed">
          {/* A move (token) keeps its staff member: there is no "anyone" to pick there. */}
          No free time that day: try another day{staffId && !token ? ' or anyone' : ''}.
        </Text>
      ) : (
        <Chip.Group value={chosen} onChange={onChoose}>
          <Group gap="xs" role="radiogroup" aria-label="Free times">
            {slots.data.slots.map((slot, i) => (
              <Chip
                key={slot.start_at}
                value={slot.start_at}
                name={group}
                size="sm"
                onKeyDown={goOnWithEnter(slot.start_at)}
              >
                {labels[i]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
    </>
  );
};
