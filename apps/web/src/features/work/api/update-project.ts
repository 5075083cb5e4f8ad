import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, ProjectBody } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { idPath, invalidateWork } from './query-keys.ts';

/** PATCH /api/projects/:id: 'Update done !!!'; made against `version`
 * (the record's updated_at as the form read it), 412 EDIT_CONFLICT when saved over since (409 while archived). */
export const updateProject = ({ id, body, version }: { id: string; body: ProjectBody; version?: string }) =>
  apiRequest<Envelope<Project>>(idPath('/api/projects', id), { method: 'PATCH', body, ifMatch: version });

export const useUpdateProject = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProject, onSuccess: () => invalidateWork(queryClient) });
};
