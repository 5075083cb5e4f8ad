import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@workhub/shared/constants';
import type { Workspace } from '@workhub/shared/schemas/workspaces';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ListPage, listQuery } from '../../../lib/api-types.ts';
import { myWorkspacesKey } from '../../../lib/my-workspaces.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';

export const workspacesKey = ['workspaces'] as const;

/** After any change to a workspace: the lists, the one being edited and the picker reload. */
export const invalidateWorkspaces = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: workspacesKey }),
    queryClient.invalidateQueries({ queryKey: myWorkspacesKey }),
  ]);

/** GET /api/workspaces?archived=&page=&limit=: one page of the account's active or archived workspaces. */
export const getWorkspaces = (archived: boolean, page: number) =>
  apiRequest<ListPage<Workspace>>(
    `/api/workspaces${listQuery({ archived, page, limit: PAGE_SIZE_DEFAULT })}`,
  );

export const useWorkspaces = (archived: boolean, page: number) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...workspacesKey, scope, 'list', { archived, page }],
    queryFn: () => getWorkspaces(archived, page),
    placeholderData: keepPreviousData,
  });
};
