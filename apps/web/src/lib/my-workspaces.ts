import { useQuery } from '@tanstack/react-query';
import type { MyWorkspace } from '@workhub/shared/schemas/workspaces';
import { apiRequest } from './api-client.ts';
import type { Envelope } from './api-types.ts';
import { useAuth } from './use-auth.ts';
import { useSessionScope } from './use-session-scope.ts';

export const myWorkspacesKey = ['my-workspaces'] as const;

/** GET /api/me/workspaces: the active workspaces the user belongs to, owned or joined (the picker). */
export const getMyWorkspaces = async (): Promise<MyWorkspace[]> =>
  (await apiRequest<Envelope<MyWorkspace[]>>('/api/me/workspaces')).data;

export const useMyWorkspaces = () => {
  const scope = useSessionScope('user');
  return useQuery({ queryKey: [...myWorkspacesKey, scope], queryFn: getMyWorkspaces });
};

/**
 * The currency the current workspace shows its amounts in (its ISO code), from the picker's list the
 * shell has loaded already; null when none is chosen, or while the list loads.
 */
export const useWorkspaceCurrency = (): string | null => {
  const workspaceId = useAuth()?.workspace_id;
  const mine = useMyWorkspaces();
  return mine.data?.find((item) => item.workspace_id === workspaceId)?.currency ?? null;
};
