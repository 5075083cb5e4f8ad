import { Anchor, Button, Group, Progress, Text } from '@mantine/core';
import type { Milestone } from '@workhub/shared/schemas/work';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { DueDate } from '../../../components/due-date.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatNumber, personName } from '../../../lib/labels.ts';

type MilestoneTableProps = {
  milestones: Milestone[];
  /** Owner only (spec section 6). */
  mayEdit: boolean;
  mayDelete: boolean;
  onDelete: (milestone: Milestone) => void;
};

/** The share of a milestone's tasks completed, in whole percent (0 without tasks). */
const progressOf = (milestone: Milestone) =>
  milestone.tasks_count === 0 ? 0 : Math.floor((milestone.tasks_completed / milestone.tasks_count) * 100);

/**
 * A project's milestones: Name, Created By, Status, Due Date, Tasks (how many are done, its
 * progress), View (its tasks), Edit, Delete.
 */
export const MilestoneTable = ({ milestones, mayEdit, mayDelete, onDelete }: MilestoneTableProps) => (
  <DataTable
    label="Milestones"
    minWidth={860}
    rows={milestones}
    rowKey={(milestone) => milestone.milestone_id}
    columns={[
      {
        key: 'name',
        header: 'Name',
        sortValue: (milestone) => milestone.name,
        cell: (milestone) => (
          <Text fw={600} size="sm">
            {milestone.name}
          </Text>
        ),
      },
      { key: 'creator', header: 'Created By', sortValue: personName, cell: personName },
      {
        key: 'status',
        header: 'Status',
        sortValue: (milestone) => milestone.status,
        cell: (milestone) => <StatusBadge kind="milestone" status={milestone.status} />,
      },
      {
        key: 'due',
        header: 'Due Date',
        sortValue: (milestone) => milestone.due_date,
        cell: (milestone) => (
          <DueDate date={milestone.due_date} finished={milestone.status === 'completed'} />
        ),
      },
      {
        key: 'progress',
        header: 'Tasks done',
        width: 200,
        sortValue: progressOf,
        cell: (milestone) =>
          milestone.tasks_count === 0 ? (
            <Text size="sm" c="dimmed">
              No tasks
            </Text>
          ) : (
            <Group gap="xs" wrap="nowrap">
              <Progress
                value={progressOf(milestone)}
                aria-label={`Tasks done of ${milestone.name}`}
                style={{ flex: 1 }}
              />
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatNumber(milestone.tasks_completed)} of {formatNumber(milestone.tasks_count)}
              </Text>
            </Group>
          ),
      },
      {
        key: 'view',
        header: 'View',
        cell: (milestone) => (
          <Anchor
            component={Link}
            to={`/milestone/${milestone.milestone_id}/tasks`}
            size="sm"
            aria-label="View tasks"
          >
            View
          </Anchor>
        ),
      },
      mayEdit && {
        key: 'edit',
        header: 'Edit',
        cell: (milestone) => (
          <Anchor component={Link} to={`/milestone/${milestone.milestone_id}/edit`} size="sm">
            Edit
          </Anchor>
        ),
      },
      mayDelete && {
        key: 'delete',
        header: 'Delete',
        cell: (milestone) => (
          <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(milestone)}>
            Delete
          </Button>
        ),
      },
    ]}
  />
);
