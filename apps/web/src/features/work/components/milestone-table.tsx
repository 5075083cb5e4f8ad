import { Anchor, Button, Text } from '@mantine/core';
import type { Milestone } from '@workhub/shared/schemas/work';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { DueDate } from '../../../components/due-date.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { personName } from '../../../lib/labels.ts';

type MilestoneTableProps = {
  milestones: Milestone[];
  /** Owner only (spec section 6). */
  mayEdit: boolean;
  mayDelete: boolean;
  onDelete: (milestone: Milestone) => void;
};

/** A project's milestones: Name, Created By, Status, Due Date, View (its tasks), Edit, Delete. */
export const MilestoneTable = ({ milestones, mayEdit, mayDelete, onDelete }: MilestoneTableProps) => (
  <DataTable
    label="Milestones"
    minWidth={720}
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
