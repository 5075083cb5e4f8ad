import { useQuery } from '@tanstack/react-query';
import type { Project } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { projectsKey, recordPath } from './query-keys.ts';

/** GET /api/projects/:id (404 for another workspace's project). */
export const getProject = async (id: string): Promise<Project> =>
  (await apiRequest<Envelope<Project>>(recordPath('/api/projects', id))).data;

export const useProject = (id: string | null) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...projectsKey, scope, 'one', id],
    queryFn: () => getProject(id ?? ''),
    enabled: id !== null && id !== '',
  });
};
