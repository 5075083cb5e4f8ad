import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workspace } from '@workhub/shared/schemas/workspaces';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invalidateWorkspaces } from './get-workspaces.ts';

/** PUT /api/workspaces/:id/logo, multipart with the field `logo` (PNG, JPEG, WebP or GIF, at most 1 MB). */
export const uploadWorkspaceLogo = ({ id, logo }: { id: string; logo: File }) => {
  const body = new FormData();
  body.append('logo', logo);
  return apiRequest<Envelope<Workspace>>(`/api/workspaces/${encodeURIComponent(id)}/logo`, {
    method: 'PUT',
    body,
  });
};

export const useUploadWorkspaceLogo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadWorkspaceLogo,
    onSuccess: () => invalidateWorkspaces(queryClient),
  });
};
