import type { InvitationStatus, MemberStatus, TokenRole } from '@workhub/shared/enums';

/** How roles read on screen. */
export const ROLE_LABELS: Record<TokenRole, string> = {
  super_admin: 'Super admin',
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  worker: 'Worker',
  guest: 'Guest',
  customer: 'Customer',
};

export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
};

export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  expired: 'Expired',
  revoked: 'Revoked',
};

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** A date (ISO string) as '3 Mar 2026'; an empty or unreadable one as '—'. */
export const formatDate = (value: string | null | undefined): string => {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
};
