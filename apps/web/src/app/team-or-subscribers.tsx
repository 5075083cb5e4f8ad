import { isPlatformStaff } from '@workhub/shared/permissions';
import type { ReactNode } from 'react';
import { authOf } from '../lib/auth.ts';
import { useSession } from '../lib/use-session.ts';
import { RequireCan } from './guards/require-can.tsx';

/**
 * /team is two pages (spec section 2): the team of the current workspace, and for platform staff
 * (the Super Admin's 'Subscribers' link) the Subscribers table. Both come as elements of lazy
 * pages: this switch sits in the signed-in shell's chunk, which every signed-in page loads, and
 * imported, the staff's page (and the schemas it validates with) came along on every one of them.
 */
export const TeamOrSubscribers = ({ team, subscribers }: { team: ReactNode; subscribers: ReactNode }) => {
  const session = useSession();
  if (session.status === 'signed_in' && isPlatformStaff(authOf(session))) {
    return <RequireCan action="admin:subscribers">{subscribers}</RequireCan>;
  }
  return <RequireCan action="team:view">{team}</RequireCan>;
};
