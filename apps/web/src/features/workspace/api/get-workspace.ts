import { useQuery } from '@tanstack/react-query';
import type { Workspace } from '@workhub/shared/schemas/workspaces';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { workspacesKey } from './get-workspaces.ts';

/** GET /api/workspaces/:id (404 for another account's workspace). */
export const getWorkspace = async (id: string): Promise<Workspace> =>
  (await apiRequest<Envelope<Workspace>>(`/api/workspaces/${encodeURIComponent(id)}`)).data;

export const useWorkspace = (id: string) => {
  const scope = useSessionScope();
  return useQuery({ queryKey: [...workspacesKey, scope, 'one', id], queryFn: () => getWorkspace(id) });
};
