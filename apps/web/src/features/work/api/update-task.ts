import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskUpdateBody } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { idPath, invalidateWork } from './query-keys.ts';

/** PATCH /api/tasks/:id: every field but the project; 'Update done !!!'. */
export const updateTask = ({ id, body, version }: { id: string; body: TaskUpdateBody; version?: string }) =>
  apiRequest<Envelope<Task>>(idPath('/api/tasks', id), { method: 'PATCH', body, ifMatch: version });

export const useUpdateTask = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTask, onSuccess: () => invalidateWork(queryClient) });
};
