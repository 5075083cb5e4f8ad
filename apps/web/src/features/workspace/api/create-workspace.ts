import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workspace, WorkspaceBody } from '@workhub/shared/schemas/workspaces';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invalidateWorkspaces } from './get-workspaces.ts';

/** POST /api/workspaces: 201 'Workspace created'; the owner becomes its first member. */
export const createWorkspace = (body: WorkspaceBody) =>
  apiRequest<Envelope<Workspace>>('/api/workspaces', { method: 'POST', body });

export const useCreateWorkspace = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: () => invalidateWorkspaces(queryClient),
  });
};
