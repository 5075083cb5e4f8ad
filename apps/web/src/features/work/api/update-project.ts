import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, ProjectBody } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { idPath, invalidateWork } from './query-keys.ts';

/** PATCH /api/projects/:id: 'Update done !!!' (409 while archived). */
export const updateProject = ({ id, body }: { id: string; body: ProjectBody }) =>
  apiRequest<Envelope<Project>>(idPath('/api/projects', id), { method: 'PATCH', body });

export const useUpdateProject = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProject, onSuccess: () => invalidateWork(queryClient) });
};
