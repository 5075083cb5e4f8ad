import type { InvoiceStatus, SubscriptionStatus } from '@workhub/shared/enums';
import { formatDate } from '../../lib/labels.ts';

/** '$49', '$19.50', 'Free'. */
export const formatAmount = (amount: number, currency = 'USD'): string => {
  if (amount === 0) return 'Free';
  const digits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
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
