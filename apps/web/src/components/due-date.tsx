import { Badge, Group, Text } from '@mantine/core';
import { formatDate } from '../lib/labels.ts';
import { localToday } from '../lib/local-date.ts';

/**
 * A due date, marked Overdue in red once the user's day has passed it and the record is not
 * finished (a project or a milestone; a task shows the 'overdue' status the API computes for the
 * same day: the requests carry it, lib/http.ts).
 */
export const DueDate = ({ date, finished }: { date: string | null; finished: boolean }) => {
  if (finished || date === null || date >= localToday()) return <>{formatDate(date)}</>;
  // Neither part is squeezed in a narrow column: the date keeps one line and the badge its word
  // ('30 Sept 2026' wrapped, and the badge was cut to 'OVERD…'); the badge goes under the date instead.
  return (
    <Group gap={6}>
      <Text size="sm" c="red.8" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(date)}
      </Text>
      <Badge color="red" size="xs" variant="light" style={{ flexShrink: 0 }}>
        Overdue
      </Badge>
    </Group>
  );
};
