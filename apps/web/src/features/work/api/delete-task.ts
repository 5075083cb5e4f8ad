import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { idPath, invalidateWork } from './query-keys.ts';

/** DELETE /api/tasks/:id: 200 'Task deleted.'. */
export const deleteTask = (id: string) =>
  apiRequest<{ message?: string }>(idPath('/api/tasks', id), { method: 'DELETE' });

export const useDeleteTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    // Not awaited: the task's own page leaves at once instead of reloading a task that is gone.
    onSuccess: () => {
      void invalidateWork(queryClient);
    },
  });
};
