import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '@workhub/shared/schemas/work';
import type { StoredTaskStatus } from '@workhub/shared/tasks';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { idPath, invalidateWork } from './query-keys.ts';

/**
 * PATCH /api/tasks/:id/status { status }: what a member or worker may change on a task assigned to
 * them (admin-types on any task); 'Update done !!!'.
 */
export const setTaskStatus = ({ id, status }: { id: string; status: StoredTaskStatus }) =>
  apiRequest<Envelope<Task>>(idPath('/api/tasks', id, '/status'), { method: 'PATCH', body: { status } });

export const useSetTaskStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setTaskStatus, onSuccess: () => invalidateWork(queryClient) });
};
