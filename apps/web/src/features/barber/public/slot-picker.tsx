import { Alert, Button, Group, Loader, Text, TextInput } from '@mantine/core';
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
  /** A mail link's token: the slots to move its booking to (its own time is free for it). */
  token?: string;
};

/** A day (the shop's calendar) and its free slots as buttons; loading, empty and error states. */
export const SlotPicker = ({
  slug,
  timezone,
  serviceIds,
  staffId,
  date,
  onDate,
  chosen,
  onChoose,
  token,
}: SlotPickerProps) => {
  const slots = useSlots(slug, serviceIds, staffId, date, token);
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
      {slots.isPending ? (
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
          No free time that day: try another day{staffId ? ' or anyone' : ''}.
        </Text>
      ) : (
        <Group gap="xs" role="group" aria-label="Free times">
          {slots.data.slots.map((slot, i) => (
            <Button
              key={slot.start_at}
              size="xs"
              variant={chosen === slot.start_at ? 'filled' : 'light'}
              aria-pressed={chosen === slot.start_at}
              onClick={() => onChoose(slot.start_at)}
            >
              {labels[i]}
            </Button>
          ))}
        </Group>
      )}
    </>
  );
};
