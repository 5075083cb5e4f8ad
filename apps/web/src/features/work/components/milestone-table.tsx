import { Anchor, Button, Table, Text } from '@mantine/core';
import type { Milestone } from '@workhub/shared/schemas/work';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDate, personName } from '../../../lib/labels.ts';

type MilestoneTableProps = {
  milestones: Milestone[];
  /** Owner only (spec section 6). */
  mayEdit: boolean;
  mayDelete: boolean;
  onDelete: (milestone: Milestone) => void;
};

/** A project's milestones: Name, Created By, Status, Due Date, View (its tasks), Edit, Delete. */
export const MilestoneTable = ({ milestones, mayEdit, mayDelete, onDelete }: MilestoneTableProps) => (
  <Table.ScrollContainer minWidth={720}>
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Created By</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Due Date</Table.Th>
          <Table.Th>View</Table.Th>
          {mayEdit ? <Table.Th>Edit</Table.Th> : null}
          {mayDelete ? <Table.Th>Delete</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {milestones.map((milestone) => (
          <Table.Tr key={milestone.milestone_id}>
            <Table.Td>
              <Text fw={600} size="sm">
                {milestone.name}
              </Text>
            </Table.Td>
            <Table.Td>{personName(milestone)}</Table.Td>
            <Table.Td>
              <StatusBadge kind="milestone" status={milestone.status} />
            </Table.Td>
            <Table.Td>{formatDate(milestone.due_date)}</Table.Td>
            <Table.Td>
              <Anchor
                component={Link}
                to={`/milestone/${milestone.milestone_id}/tasks`}
                size="sm"
                aria-label="View tasks"
              >
                View
              </Anchor>
            </Table.Td>
            {mayEdit ? (
              <Table.Td>
                <Anchor component={Link} to={`/milestone/${milestone.milestone_id}/edit`} size="sm">
                  Edit
                </Anchor>
              </Table.Td>
            ) : null}
            {mayDelete ? (
              <Table.Td>
                <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(milestone)}>
                  Delete
                </Button>
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
