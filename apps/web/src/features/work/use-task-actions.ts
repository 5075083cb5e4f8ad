import { messages } from '@workhub/shared/messages';
import type { Task } from '@workhub/shared/schemas/work';
import type { StoredTaskStatus } from '@workhub/shared/tasks';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../lib/notify.tsx';
import { useDeleteTask } from './api/delete-task.ts';
import { useSetTaskStatus } from './api/set-task-status.ts';

/**
 * What the task list and the task page do to a task besides editing it: change its status
 * (PATCH /api/tasks/:id/status) and delete it after asking. Both toast the server's message.
 */
export const useTaskActions = ({ afterDelete }: { afterDelete?: () => void } = {}) => {
  const setStatus = useSetTaskStatus();
  const remove = useDeleteTask();
  const [deleting, setDeleting] = useState<Task | null>(null);

  const onSetStatus = async (task: Task, status: StoredTaskStatus) => {
    try {
      const answer = await setStatus.mutateAsync({ id: task.task_id, status });
      notify.success(answer.message || messages.updateDone);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const onConfirmDelete = async (task: Task) => {
    try {
      const answer = await remove.mutateAsync(task.task_id);
      notify.success(answer?.message || messages.taskDeleted);
      setDeleting(null);
      afterDelete?.();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return {
    onSetStatus,
    changingId: setStatus.isPending ? (setStatus.variables?.id ?? null) : null,
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    onConfirmDelete,
    isDeleting: remove.isPending,
  };
};

export type TaskActions = ReturnType<typeof useTaskActions>;
