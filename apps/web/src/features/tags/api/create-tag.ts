import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag, TagBody } from '@workhub/shared/schemas/tags';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { tagsKey } from '../../../lib/workspace-tags.ts';

/** POST /api/tags: 201 'Tag created' (409 for a name the workspace has, any case). */
export const createTag = (body: TagBody) => apiRequest<Envelope<Tag>>('/api/tags', { method: 'POST', body });

export const useCreateTag = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsKey }),
  });
};
