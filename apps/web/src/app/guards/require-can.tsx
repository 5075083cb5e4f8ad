import { type Action, can, inWorkspace } from '@workhub/shared/permissions';
import type { ReactNode } from 'react';
import { ForbiddenState, NoWorkspaceState } from '../../components/access-states.tsx';
import { authOf } from '../../lib/auth.ts';
import { useSession } from '../../lib/use-session.ts';

type RequireCanProps = { action: Action; children: ReactNode };

/** Actions of platform staff: no workspace makes them allowed, so none is asked for. */
const PLATFORM_ACTIONS: readonly Action[] = ['admin:dashboard', 'admin:subscribers', 'admin:plans'];

/**
 * A page inside the current workspace, shown only when `can()` allows `action`; before a workspace
 * is chosen it asks for one (not for the platform staff's pages), and a refused role gets a plain 'cannot open' screen (never the data).
 */
export const RequireCan = ({ action, children }: RequireCanProps) => {
  const session = useSession();
  if (session.status !== 'signed_in') return null;
  const auth = authOf(session);
  if (can(auth, action)) return children;
  if (!inWorkspace(auth) && !PLATFORM_ACTIONS.includes(action)) return <NoWorkspaceState />;
  return <ForbiddenState />;
};
