import { useQuery } from '@tanstack/react-query';
import type { MyWorkspace } from '@workhub/shared/schemas/workspaces';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';

export const myWorkspacesKey = ['my-workspaces'] as const;

/** GET /api/me/workspaces: the active workspaces the user belongs to, owned or joined (the picker). */
export const getMyWorkspaces = async (): Promise<MyWorkspace[]> =>
  (await apiRequest<Envelope<MyWorkspace[]>>('/api/me/workspaces')).data;

export const useMyWorkspaces = () => {
  const scope = useSessionScope('user');
  return useQuery({ queryKey: [...myWorkspacesKey, scope], queryFn: getMyWorkspaces });
};
