import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag, TagBody } from '@workhub/shared/schemas/tags';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invalidateTagged } from '../../../lib/workspace-tags.ts';

/** GET /api/tags/:id: one tag, as its edit reads it again after a 412. */
export const getTag = async (id: string) =>
  (await apiRequest<Envelope<Tag>>(`/api/tags/${encodeURIComponent(id)}`)).data;

/**
 * PATCH /api/tags/:id: 'Tag updated'; the projects and tasks carrying it show the new name and
 * colour. Made against `version` (its updated_at as the dialog opened it): 412 when saved since.
 */
export const updateTag = ({
  id,
  body,
  version,
}: {
  id: string;
  body: TagBody;
  version?: string | undefined;
}) =>
  apiRequest<Envelope<Tag>>(`/api/tags/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    ifMatch: version,
  });

export const useUpdateTag = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTag, onSuccess: () => invalidateTagged(queryClient) });
};
