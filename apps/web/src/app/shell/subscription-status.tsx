import { Badge, Box } from '@mantine/core';
import { can } from '@workhub/shared/permissions';
import { Link, useLocation } from 'react-router';
import target from '../../components/target-size.module.css';
import { ReadOnlyAlert } from '../../features/billing/components/read-only-alert.tsx';
import { authOf } from '../../lib/auth.ts';
import type { SignedInSession } from '../../lib/session-store.ts';

type Props = { session: SignedInSession };

const BILLING_PAGE = '/user/billing';

/** The top bar's 'Trial: 12 days left', for the holder while the trial runs; links to billing. */
export const TrialBadge = ({ session }: Props) => {
  const subscription = session.user.subscription;
  if (subscription?.status !== 'trialing' || subscription.access !== 'full') return null;
  if (!can(authOf(session), 'billing:view')) return null;
  const days = subscription.days_left === 1 ? '1 day' : `${subscription.days_left} days`;
  return (
    <Badge
      component={Link}
      to="/user/billing"
      variant="light"
      color={subscription.days_left <= 7 ? 'orange' : 'blue'}
      style={{ cursor: 'pointer' }}
      className={target.badge}
      visibleFrom="xs"
    >
      Trial: {days} left
    </Badge>
  );
};

/**
 * Above every page of a read-only account: why, and (for the owner) the way to upgrade. Not on the
 * billing page, which says it itself beside the plan (one alert, not two).
 */
export const ReadOnlyBanner = ({ session }: Props) => {
  const subscription = session.user.subscription;
  const { pathname } = useLocation();
  if (subscription?.access !== 'read_only') return null;
  if (pathname === BILLING_PAGE) return null;
  return (
    <Box mb="md">
      <ReadOnlyAlert subscription={subscription} canUpgrade={can(authOf(session), 'billing:manage')} />
    </Box>
  );
};
