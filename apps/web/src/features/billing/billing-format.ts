import type { InvoiceStatus, SubscriptionStatus } from '@workhub/shared/enums';
import type { CheckoutPreview } from '@workhub/shared/schemas/billing';
import { formatDate } from '../../lib/labels.ts';

/** '$49.00', '$19.50', 'Free': with cents always, as /pricing and the plan admin show prices. */
export const formatAmount = (amount: number, currency = 'USD'): string => {
  if (amount === 0) return 'Free';
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
};

export const formatMonths = (months: number): string => (months === 1 ? '1 month' : `${months} months`);

export const formatPeriodRange = (start: string | null, end: string | null): string =>
  `${formatDate(start)} – ${formatDate(end)}`;

export const daysLeftLabel = (days: number): string => (days === 1 ? '1 day left' : `${days} days left`);

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: 'Free trial',
  active: 'Active',
  expired: 'Expired',
  canceled: 'Canceled',
};

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
};

/** The provider as the holder reads it; the built-in one is an invoice paid by transfer. */
export const providerLabel = (provider: string, manualLabel: string): string =>
  provider === 'manual_invoice' ? manualLabel : provider;

/**
 * What the account holds beyond this plan's limits ('2 workspaces; Starter allows 1'): a downgrade
 * goes through, and afterwards new workspaces or invitations are refused until the account is within
 * them. Said here, before the purchase (it was found on the billing page after, 'Workspaces 2 of 1').
 */
export const overLimits = ({ plan, usage }: Pick<CheckoutPreview, 'plan' | 'usage'>): string[] => {
  const over: string[] = [];
  const { workspaces, members } = usage;
  if (workspaces.max !== null && workspaces.used > workspaces.max) {
    over.push(
      `${counted(workspaces.used, 'workspace')}; ${plan.title} allows ${workspaces.max}. Until you archive ${
        workspaces.used - workspaces.max === 1 ? 'one' : workspaces.used - workspaces.max
      }, no new workspace can be created.`,
    );
  }
  if (members.max !== null && members.used > members.max) {
    over.push(
      `${counted(members.used, 'member')} and invitations; ${plan.title} allows ${members.max}. Until you remove ${
        members.used - members.max
      }, no one new can be invited.`,
    );
  }
  return over;
};

const counted = (n: number, noun: string) => `You have ${n} ${noun}${n === 1 ? '' : 's'}`;
