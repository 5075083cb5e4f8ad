import { Badge } from '@mantine/core';
import type { AppointmentStatus } from '@workhub/shared/schemas/barber';
import { STATUS_COLORS, STATUS_LABELS } from '../barber-format.ts';

/**
 * An appointment's status. Never cut short: a badge may shrink to nothing (it hides its overflow),
 * and a list's status column, squeezed by the others, showed 'BOOK…' (as the core's StatusBadge).
 */
export const AppointmentStatusBadge = ({ status }: { status: AppointmentStatus }) => (
  <Badge color={STATUS_COLORS[status]} variant="light" miw="max-content">
    {STATUS_LABELS[status]}
  </Badge>
);
