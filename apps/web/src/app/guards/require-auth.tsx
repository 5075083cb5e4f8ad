import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { useSession } from '../../lib/use-session.ts';
import { type AccessRule, decideAccess } from './access.ts';

type RequireAuthProps = AccessRule & { children?: ReactNode };

/** Shows its content (or the nested routes) only to a user who passes the rule; see access.ts. */
export const RequireAuth = ({ children, ...rule }: RequireAuthProps) => {
  const session = useSession();
  const location = useLocation();
  const decision = decideAccess(session, rule);
  switch (decision.kind) {
    case 'allow':
      return children ?? <Outlet />;
    case 'wait':
      return <FullPageLoader />;
    case 'redirect': {
      // `from` travels in history state; the sign-in screen returns there (features/auth/code-state.ts).
      const state = decision.rememberFrom ? { from: `${location.pathname}${location.search}` } : null;
      return <Navigate to={decision.to} replace state={state} />;
    }
  }
};
