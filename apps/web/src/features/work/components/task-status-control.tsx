import { NativeSelect } from '@mantine/core';
import { SETTABLE_TASK_STATUSES } from '@workhub/shared/enums';
import type { Task } from '@workhub/shared/schemas/work';
import type { StoredTaskStatus } from '@workhub/shared/tasks';
import { TASK_STATUS_OPTIONS } from '../work-options.ts';

type TaskStatusControlProps = {
  task: Task;
  label: string;
  /** Read by assistive technology when the visible label is left out (a table cell). */
  hideLabel?: boolean;
  busy: boolean;
  onChange: (task: Task, status: StoredTaskStatus) => void;
};

const settable = (value: string): StoredTaskStatus | undefined =>
  SETTABLE_TASK_STATUSES.find((status) => status === value);

/**
 * The status a member or worker may set on a task assigned to them (admin-types on any task):
 * Pending, In progress, Completed. It shows what is stored; 'Overdue' is shown by the badge.
 */
export const TaskStatusControl = ({
  task,
  label,
  hideLabel = false,
  busy,
  onChange,
}: TaskStatusControlProps) => (
  <NativeSelect
    label={hideLabel ? undefined : label}
    aria-label={hideLabel ? label : undefined}
    size={hideLabel ? 'xs' : 'sm'}
    data={TASK_STATUS_OPTIONS}
    value={task.stored_status}
    // Busy, not disabled: a disabled control drops the focus to the page, and a keyboard user who
    // changed the status with the arrows found themselves back at the top. A change made while one
    // is being saved is ignored (the control keeps showing what is stored).
    aria-busy={busy || undefined}
    onChange={(event) => {
      const status = settable(event.currentTarget.value);
      if (!busy && status && status !== task.stored_status) onChange(task, status);
    }}
    w={hideLabel ? 150 : 220}
  />
);
