import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag, TagBody } from '@workhub/shared/schemas/tags';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invalidateTagged } from '../../../lib/workspace-tags.ts';

/** PATCH /api/tags/:id: 'Tag updated'; the projects and tasks carrying it show the new name and colour. */
export const updateTag = ({ id, body }: { id: string; body: TagBody }) =>
  apiRequest<Envelope<Tag>>(`/api/tags/${encodeURIComponent(id)}`, { method: 'PATCH', body });

export const useUpdateTag = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTag, onSuccess: () => invalidateTagged(queryClient) });
};
