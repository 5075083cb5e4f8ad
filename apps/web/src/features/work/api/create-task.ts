import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskBody } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invalidateWork } from './query-keys.ts';

/** POST /api/tasks: 201 'Task inserted successfully !!'; the assignee is e-mailed. */
export const createTask = (body: TaskBody) =>
  apiRequest<Envelope<Task>>('/api/tasks', { method: 'POST', body });

export const useCreateTask = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTask, onSuccess: () => invalidateWork(queryClient) });
};
