import { Anchor, Button, Text } from '@mantine/core';
import type { Task } from '@workhub/shared/schemas/work';
import type { StoredTaskStatus } from '@workhub/shared/tasks';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
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
 * Delete, a status control on the tasks assigned to them. The order is the server's (the list's
 * sort filter covers every page), so the headers do not sort.
 */
export const TaskTable = ({ may, tasks, changingId, onSetStatus, onDelete }: TaskTableProps) => {
  const here = useHereAsReturn();
  const mayEdit = may('task:update');
  const mayDelete = may('task:delete');
  const mayChangeOwn = !mayEdit && tasks.some((task) => may('task:update_status', task));
  return (
    <DataTable
      label="Tasks"
      minWidth={900}
      rows={tasks}
      rowKey={(task) => task.task_id}
      columns={[
        {
          key: 'name',
          header: 'Name',
          cell: (task) => (
            <>
              <Text fw={600} size="sm">
                {task.name}
              </Text>
              <TagBadges tags={task.tags} />
            </>
          ),
        },
        { key: 'assignee', header: 'Assigned To', cell: assignee },
        { key: 'status', header: 'Status', cell: (task) => <StatusBadge kind="task" status={task.status} /> },
        { key: 'due', header: 'Due Date', cell: (task) => formatDate(task.due_date) },
        {
          key: 'place',
          header: 'Project/Milestone Name',
          cell: (task) => <Text size="sm">{taskPlaceLabel(task)}</Text>,
        },
        {
          key: 'view',
          header: 'View',
          cell: (task) => (
            <Anchor component={Link} to={`/task/view/${task.task_id}`} state={here} size="sm">
              View
            </Anchor>
          ),
        },
        mayEdit && {
          key: 'edit',
          header: 'Edit',
          cell: (task) => (
            <Anchor component={Link} to={`/task/${task.task_id}/edit`} state={here} size="sm">
              Edit
            </Anchor>
          ),
        },
        mayDelete && {
          key: 'delete',
          header: 'Delete',
          cell: (task) => (
            <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(task)}>
              Delete
            </Button>
          ),
        },
        mayChangeOwn && {
          key: 'change',
          header: 'Change status',
          cell: (task) =>
            may('task:update_status', task) ? (
              <TaskStatusControl
                task={task}
                label={`Change status of ${task.name}`}
                hideLabel
                busy={changingId !== null}
                onChange={onSetStatus}
              />
            ) : null,
        },
      ]}
    />
  );
};
