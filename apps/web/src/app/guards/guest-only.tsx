import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { getSession } from '../../lib/session-store.ts';
import { useSession } from '../../lib/use-session.ts';
import { decideGuestAccess } from './access.ts';

/** Wraps the sign-in, sign-up and code screens: a user who is already signed in goes to /workspace. */
export const GuestOnly = () => {
  const session = useSession();
  // The session as it was when these screens opened (see decideGuestAccess).
  const [sessionOnEntry] = useState(getSession);
  const decision = decideGuestAccess(sessionOnEntry.status === 'restoring' ? session : sessionOnEntry);
  switch (decision.kind) {
    case 'allow':
      return <Outlet />;
    case 'wait':
      return <FullPageLoader />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
  }
};
