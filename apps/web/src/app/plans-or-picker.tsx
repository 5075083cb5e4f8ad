import { isPlatformStaff } from '@workhub/shared/permissions';
import type { ReactNode } from 'react';
import { authOf } from '../lib/auth.ts';
import { useSession } from '../lib/use-session.ts';

/**
 * /subscription_type is two pages (spec section 2): for platform staff the plan administration,
 * inside the shell (`staff`, a layout whose outlet shows the list); for an account holder the
 * pick-a-plan page that follows sign-up (`picker`), outside the shell.
 */
export const PlansOrPicker = ({ staff, picker }: { staff: ReactNode; picker: ReactNode }) => {
  const session = useSession();
  if (session.status === 'signed_in' && isPlatformStaff(authOf(session))) return staff;
  return picker;
};
