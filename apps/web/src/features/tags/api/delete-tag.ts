import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateTagged } from '../../../lib/workspace-tags.ts';

/** DELETE /api/tags/:id: 'Tag deleted'; the projects and tasks that carried it lose it. */
export const deleteTag = (id: string) =>
  apiRequest<{ message: string }>(`/api/tags/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useDeleteTag = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTag, onSuccess: () => invalidateTagged(queryClient) });
};
