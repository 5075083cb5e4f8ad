import { Anchor, Button, Table, Text } from '@mantine/core';
import type { Task } from '@workhub/shared/schemas/work';
import type { StoredTaskStatus } from '@workhub/shared/tasks';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { TagBadges } from '../../../components/tag-badges.tsx';
import { formatDate, personName } from '../../../lib/labels.ts';
import type { May } from '../../../lib/use-may.ts';
import { useHereAsReturn } from '../return-to.ts';
import { taskPlaceLabel } from '../task-place.ts';
import { TaskStatusControl } from './task-status-control.tsx';

type TaskTableProps = {
  may: May;
  tasks: Task[];
  /** The task whose status is being changed, if any. */
  changingId: string | null;
  onSetStatus: (task: Task, status: StoredTaskStatus) => void;
  onDelete: (task: Task) => void;
};

const assignee = (task: Task) => (task.assigned_to ? personName(task) : 'Unassigned');

/**
 * Tasks (spec section 2): Name, Assigned To, Status (Overdue in red), Due Date, Project/Milestone
 * Name, View, Edit, Delete. Who may not edit (a member or worker) gets, instead of Edit and
 * Delete, a status control on the tasks assigned to them.
 */
export const TaskTable = ({ may, tasks, changingId, onSetStatus, onDelete }: TaskTableProps) => {
  const here = useHereAsReturn();
  const mayEdit = may('task:update');
  const mayDelete = may('task:delete');
  const mayChangeOwn = !mayEdit && tasks.some((task) => may('task:update_status', task));
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Assigned To</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Due Date</Table.Th>
            <Table.Th>Project/Milestone Name</Table.Th>
            <Table.Th>View</Table.Th>
            {mayEdit ? <Table.Th>Edit</Table.Th> : null}
            {mayDelete ? <Table.Th>Delete</Table.Th> : null}
            {mayChangeOwn ? <Table.Th>Change status</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((task) => (
            <Table.Tr key={task.task_id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {task.name}
                </Text>
                <TagBadges tags={task.tags} />
              </Table.Td>
              <Table.Td>{assignee(task)}</Table.Td>
              <Table.Td>
                <StatusBadge kind="task" status={task.status} />
              </Table.Td>
              <Table.Td>{formatDate(task.due_date)}</Table.Td>
              <Table.Td>
                <Text size="sm">{taskPlaceLabel(task)}</Text>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/task/view/${task.task_id}`} state={here} size="sm">
                  View
                </Anchor>
              </Table.Td>
              {mayEdit ? (
                <Table.Td>
                  <Anchor component={Link} to={`/task/${task.task_id}/edit`} state={here} size="sm">
                    Edit
                  </Anchor>
                </Table.Td>
              ) : null}
              {mayDelete ? (
                <Table.Td>
                  <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(task)}>
                    Delete
                  </Button>
                </Table.Td>
              ) : null}
              {mayChangeOwn ? (
                <Table.Td>
                  {may('task:update_status', task) ? (
                    <TaskStatusControl
                      task={task}
                      label={`Change status of ${task.name}`}
                      hideLabel
                      busy={changingId !== null}
                      onChange={onSetStatus}
                    />
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
