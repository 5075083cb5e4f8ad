import { useQuery } from '@tanstack/react-query';
import type { Milestone } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { milestonesKey, recordPath } from './query-keys.ts';

/** GET /api/milestones/:id (404 for another workspace's milestone). */
export const getMilestone = async (id: string): Promise<Milestone> =>
  (await apiRequest<Envelope<Milestone>>(recordPath('/api/milestones', id))).data;

export const useMilestone = (id: string) => {
  const scope = useSessionScope();
  return useQuery({ queryKey: [...milestonesKey, scope, 'one', id], queryFn: () => getMilestone(id) });
};
