import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workspace, WorkspaceBody } from '@workhub/shared/schemas/workspaces';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invalidateWorkspaces } from './get-workspaces.ts';

/**
 * PATCH /api/workspaces/:id: 'Update done !!!'; made against `version` (the workspace's
 * time_updated as the form read it), 412 EDIT_CONFLICT when saved over since.
 */
export const updateWorkspace = ({
  id,
  body,
  version,
}: {
  id: string;
  body: WorkspaceBody;
  version?: string;
}) =>
  apiRequest<Envelope<Workspace>>(`/api/workspaces/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    ifMatch: version,
  });

export const useUpdateWorkspace = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspace,
    onSuccess: () => invalidateWorkspaces(queryClient),
  });
};
