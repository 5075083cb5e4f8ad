import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, ProjectBody } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invalidateWork } from './query-keys.ts';

/** POST /api/projects: 201 'Project created'. */
export const createProject = (body: ProjectBody) =>
  apiRequest<Envelope<Project>>('/api/projects', { method: 'POST', body });

export const useCreateProject = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProject, onSuccess: () => invalidateWork(queryClient) });
};
