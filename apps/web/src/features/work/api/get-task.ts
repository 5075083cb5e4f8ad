import { useQuery } from '@tanstack/react-query';
import type { Task } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { recordPath, tasksKey } from './query-keys.ts';

/** GET /api/tasks/:id (404 for another workspace's task, and for a worker's colleague's). */
export const getTask = async (id: string): Promise<Task> =>
  (await apiRequest<Envelope<Task>>(recordPath('/api/tasks', id))).data;

export const useTask = (id: string) => {
  const scope = useSessionScope();
  return useQuery({ queryKey: [...tasksKey, scope, 'one', id], queryFn: () => getTask(id) });
};
