import type { PlatformRole } from './enums.ts';

/*
 * Who a session is, apart from what it may do: the sign-in route's guards ask only this, so they
 * load it without permissions.ts and the module registry it reads (the 140 KB budget, decision 006).
 */

export const isPlatformStaff = (auth: { platform_role: PlatformRole | null }): boolean =>
  auth.platform_role !== null;
/** Holds one account or more. */
export const isAccountHolder = (auth: { accounts: number }): boolean => auth.accounts >= 1;
