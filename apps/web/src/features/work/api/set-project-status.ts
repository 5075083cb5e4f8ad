import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectStatus } from '@workhub/shared/enums';
import type { Project } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { idPath, invalidateWork } from './query-keys.ts';

/**
 * PATCH /api/projects/:id/status { status }: Deactivate sends 'archived' ('Project Archived!'),
 * Activate 'in_progress' ('Project restored') (spec section 4).
 */
export const setProjectStatus = ({ id, status }: { id: string; status: ProjectStatus }) =>
  apiRequest<Envelope<Project>>(idPath('/api/projects', id, '/status'), {
    method: 'PATCH',
    body: { status },
  });

/** Spec section 4: the list is refetched afterwards. */
export const useSetProjectStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setProjectStatus, onSuccess: () => invalidateWork(queryClient) });
};
