import { isPlatformStaff } from '@workhub/shared/permissions';
import type { ReactNode } from 'react';
import { authOf } from '../lib/auth.ts';
import { useSession } from '../lib/use-session.ts';
import { RequireCan } from './guards/require-can.tsx';
import { UpcomingPage } from './upcoming/upcoming-page.tsx';

/**
 * /team is two pages (spec section 2): the team of the current workspace, and for platform staff
 * (the Super Admin's 'Subscribers' link) the subscribers, which the admin area builds later.
 */
export const TeamOrSubscribers = ({ team }: { team: ReactNode }) => {
  const session = useSession();
  if (session.status === 'signed_in' && isPlatformStaff(authOf(session))) {
    return <UpcomingPage title="Subscribers" purpose="Every account holder and their plan." />;
  }
  return <RequireCan action="team:view">{team}</RequireCan>;
};
