import { Badge } from '@mantine/core';
import type { TicketStatus } from '@workhub/shared/schemas/ticketing';

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  waiting: 'Waiting',
  called: 'Called',
  serving: 'Serving',
  done: 'Done',
  no_show: 'No-show',
};
const COLORS: Record<TicketStatus, string> = {
  waiting: 'blue',
  called: 'yellow',
  serving: 'teal',
  done: 'gray',
  no_show: 'red',
};

/**
 * A ticket's status. Never cut short: a badge may shrink to nothing (it hides its overflow), and a
 * list's status column, squeezed by the others, showed 'DO…' (as the core's StatusBadge).
 */
export const TicketStatusBadge = ({ status }: { status: TicketStatus }) => (
  <Badge color={COLORS[status]} variant="light" miw="max-content">
    {TICKET_STATUS_LABELS[status]}
  </Badge>
);
