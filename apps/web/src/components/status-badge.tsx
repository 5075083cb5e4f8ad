import { Badge, type MantineColor } from '@mantine/core';
import type { MilestoneStatus, ProjectStatus, TaskStatus } from '@workhub/shared/enums';
import { MILESTONE_STATUS_LABELS, PROJECT_STATUS_LABELS, TASK_STATUS_LABELS } from '../lib/labels.ts';

type StatusBadgeProps =
  | { kind: 'project'; status: ProjectStatus }
  | { kind: 'milestone'; status: MilestoneStatus }
  | { kind: 'task'; status: TaskStatus };

const COLORS: Record<ProjectStatus | MilestoneStatus | TaskStatus, MantineColor> = {
  not_started: 'gray',
  pending: 'gray',
  in_progress: 'blue',
  on_hold: 'yellow',
  complete: 'green',
  completed: 'green',
  cancelled: 'dark',
  archived: 'gray',
  overdue: 'red',
};

const label = (props: StatusBadgeProps): string => {
  switch (props.kind) {
    case 'project':
      return PROJECT_STATUS_LABELS[props.status];
    case 'milestone':
      return MILESTONE_STATUS_LABELS[props.status];
    case 'task':
      return TASK_STATUS_LABELS[props.status];
  }
};

/**
 * The status of a project, milestone or task; an overdue task reads 'Overdue' in red. Never cut
 * short: a badge may shrink to nothing (it hides its overflow), and a list's status column, squeezed
 * by the others, showed 'OVER…' and 'IN PROGRE…'.
 */
export const StatusBadge = (props: StatusBadgeProps) => (
  <Badge
    variant={props.status === 'overdue' ? 'filled' : 'light'}
    color={COLORS[props.status]}
    size="sm"
    miw="max-content"
    data-status={props.status}
  >
    {label(props)}
  </Badge>
);
