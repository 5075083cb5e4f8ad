import { Text } from '@mantine/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { TaskActions } from '../use-task-actions.ts';

/** Asks before deleting a task: unlike a milestone's, a task's deletion takes nothing else with it. */
export const DeleteTaskDialog = ({ actions }: { actions: TaskActions }) => {
  const task = actions.deleting;
  return (
    <ConfirmDialog
      opened={task !== null}
      title={`Delete ${task?.name ?? 'task'}?`}
      confirmLabel="Delete task"
      busy={actions.isDeleting}
      onCancel={actions.cancelDelete}
      onConfirm={() => task && actions.onConfirmDelete(task)}
    >
      <Text size="sm">The task is deleted for good. This cannot be undone.</Text>
    </ConfirmDialog>
  );
};
