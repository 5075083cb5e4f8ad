import { Badge, Group, Text } from '@mantine/core';
import { formatDate } from '../lib/labels.ts';

/** Today's 'YYYY-MM-DD' where the user is. */
const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/**
 * A due date, marked Overdue in red once the day has passed and the record is not finished (a
 * project or a milestone; a task's list shows its computed 'overdue' status instead).
 */
export const DueDate = ({ date, finished }: { date: string | null; finished: boolean }) => {
  if (finished || date === null || date >= localToday()) return <>{formatDate(date)}</>;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="red.8">
        {formatDate(date)}
      </Text>
      <Badge color="red" size="xs" variant="light">
        Overdue
      </Badge>
    </Group>
  );
};
