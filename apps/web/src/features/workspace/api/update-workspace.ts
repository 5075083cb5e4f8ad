import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workspace, WorkspaceBody } from '@workhub/shared/schemas/workspaces';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invalidateWorkspaces } from './get-workspaces.ts';

/** PATCH /api/workspaces/:id: 'Update done !!!'. */
export const updateWorkspace = ({ id, body }: { id: string; body: WorkspaceBody }) =>
  apiRequest<Envelope<Workspace>>(`/api/workspaces/${encodeURIComponent(id)}`, { method: 'PATCH', body });

export const useUpdateWorkspace = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspace,
    onSuccess: () => invalidateWorkspaces(queryClient),
  });
};
