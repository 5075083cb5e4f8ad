import { isPlatformStaff } from '@workhub/shared/permissions';
import type { ReactNode } from 'react';
import { SubscribersPage } from '../features/admin/pages/subscribers-page.tsx';
import { authOf } from '../lib/auth.ts';
import { useSession } from '../lib/use-session.ts';
import { RequireCan } from './guards/require-can.tsx';

/**
 * /team is two pages (spec section 2): the team of the current workspace, and for platform staff
 * (the Super Admin's 'Subscribers' link) the Subscribers table.
 */
export const TeamOrSubscribers = ({ team }: { team: ReactNode }) => {
  const session = useSession();
  if (session.status === 'signed_in' && isPlatformStaff(authOf(session))) {
    return (
      <RequireCan action="admin:subscribers">
        <SubscribersPage />
      </RequireCan>
    );
  }
  return <RequireCan action="team:view">{team}</RequireCan>;
};
