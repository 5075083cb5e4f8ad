import { isPlatformStaff } from '@workhub/shared/permissions';
import { isAccountHolder } from '@workhub/shared/roles';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { authOf } from '../lib/auth.ts';
import { useSession } from '../lib/use-session.ts';
import { actsForOwnAccount, BILLING_PATH, HOME_PATH, mayPickPlan } from './guards/access.ts';

/**
 * /subscription_type is two pages (spec section 2): for platform staff the plan administration,
 * inside the shell (`staff`, a layout whose outlet shows the list); for an account holder the
 * pick-a-plan page that follows sign-up (`picker`), outside the shell, while the free trial runs.
 * A holder whose trial is over or whose plan is paid for changes it on the billing page; someone
 * who holds no account has no plan to pick, and goes home; so does a holder acting in another
 * account's workspace (an invitation they accepted), whose plan is that account's.
 */
export const PlansOrPicker = ({ staff, picker }: { staff: ReactNode; picker: ReactNode }) => {
  const session = useSession();
  if (session.status !== 'signed_in') return picker;
  const auth = authOf(session);
  if (isPlatformStaff(auth)) return staff;
  if (!isAccountHolder(auth) || !actsForOwnAccount(session)) return <Navigate to={HOME_PATH} replace />;
  if (!mayPickPlan(session)) return <Navigate to={BILLING_PATH} replace />;
  return picker;
};
