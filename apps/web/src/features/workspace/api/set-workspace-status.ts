import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workspace } from '@workhub/shared/schemas/workspaces';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invalidateWorkspaces } from './get-workspaces.ts';

/** PATCH /api/workspaces/:id/status { archived: '1' | '0' }: 'Workspace Archived!' or 'Workspace restored'. */
export const setWorkspaceStatus = ({ id, archived }: { id: string; archived: boolean }) =>
  apiRequest<Envelope<Workspace>>(`/api/workspaces/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    body: { archived: archived ? '1' : '0' },
  });

/** Spec section 4: the workspace lists are reloaded afterwards. */
export const useSetWorkspaceStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWorkspaceStatus,
    onSuccess: () => invalidateWorkspaces(queryClient),
  });
};
