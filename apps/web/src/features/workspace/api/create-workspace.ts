import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isTimeZone } from '@workhub/shared/schemas/common';
import type { Workspace, WorkspaceBody, WorkspaceCreateBody } from '@workhub/shared/schemas/workspaces';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invalidateWorkspaces } from './get-workspaces.ts';

/** The browser's IANA zone, when it names one the API knows. */
const browserTimeZone = (): string | undefined => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
};

/**
 * POST /api/workspaces: 201 'Workspace created'; the owner becomes its first member. The creator's
 * time zone goes with it: a salon's, a school's or a queue's day until they set their own.
 */
export const createWorkspace = (body: WorkspaceBody) => {
  const zone = browserTimeZone();
  const withZone: WorkspaceCreateBody = zone ? { ...body, time_zone: zone } : body;
  return apiRequest<Envelope<Workspace>>('/api/workspaces', { method: 'POST', body: withZone });
};

export const useCreateWorkspace = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: () => invalidateWorkspaces(queryClient),
  });
};
