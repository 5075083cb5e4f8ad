import { useMutation } from '@tanstack/react-query';
import type { AuthSession } from '@workhub/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { signIn } from '../../../lib/session.ts';
import { getSession } from '../../../lib/session-store.ts';

let inFlight: { workspaceId: string | null; promise: Promise<AuthSession> } | null = null;

/**
 * POST /api/auth/workspace-session (the spec's login-auto): tokens scoped to the workspace, or to
 * the user's own account with `null`. The new session replaces the old one whole (token, role,
 * template, current workspace), which is the spec's 'clears stored milestone, template, workspace
 * id' and 'stores the new workspace id and template'; tenant queries are keyed by it
 * (lib/use-session-scope.ts), so nothing cached for the previous workspace shows.
 */
export const chooseWorkspace = (workspaceId: string | null): Promise<AuthSession> => {
  // The server rotates the refresh cookie on this call: a second identical call while the first is
  // under way (a double click, StrictMode's double effect) shares the first one's answer.
  if (inFlight && inFlight.workspaceId === workspaceId) return inFlight.promise;
  const promise = apiRequest<Envelope<AuthSession>>('/api/auth/workspace-session', {
    method: 'POST',
    body: { workspace_id: workspaceId },
  })
    .then((answer) => {
      signIn(answer.data);
      return answer.data;
    })
    .finally(() => {
      inFlight = null;
    });
  inFlight = { workspaceId, promise };
  return promise;
};

export const useChooseWorkspace = () => useMutation({ mutationFn: chooseWorkspace });

/** Whether the session acts in this workspace right now. */
export const isCurrentWorkspace = (workspaceId: string): boolean => {
  const session = getSession();
  return session.status === 'signed_in' && session.user.workspace?.workspace_id === workspaceId;
};
