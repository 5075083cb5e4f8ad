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

export const TicketStatusBadge = ({ status }: { status: TicketStatus }) => (
  <Badge color={COLORS[status]} variant="light">
    {TICKET_STATUS_LABELS[status]}
  </Badge>
);
