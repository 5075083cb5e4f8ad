import { can, isAccountHolder } from '@workhub/shared/permissions';
import { type ReactNode, useEffect, useState } from 'react';
import { ForbiddenState } from '../../../components/access-states.tsx';
import { ErrorState, LoadingState } from '../../../components/data-states.tsx';
import { authOf } from '../../../lib/auth.ts';
import { useSession } from '../../../lib/use-session.ts';
import { chooseWorkspace } from '../api/choose-workspace.ts';

/**
 * Workspace management belongs to the account holder acting in their own account
 * (docs/permissions.md). An account holder who is acting in someone else's workspace (as a worker,
 * say) is first brought back to their own account (workspace-session with null), then sees the page.
 */
export const OwnAccount = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const auth = session.status === 'signed_in' ? authOf(session) : null;
  const allowed = auth !== null && can(auth, 'workspace:list');
  const mustSwitch = auth !== null && !allowed && isAccountHolder(auth);
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    if (!mustSwitch) return;
    setFailure(null);
    chooseWorkspace(null).catch((error: unknown) => setFailure(error));
  }, [mustSwitch, attempt]);

  if (allowed) return children;
  if (failure) {
    return (
      <ErrorState
        title="Could not open your own account"
        error={failure}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  if (mustSwitch) return <LoadingState />;
  return <ForbiddenState description="Only the account holder manages workspaces." />;
};
