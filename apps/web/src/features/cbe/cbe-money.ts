import { useWorkspaceCurrency } from '../../lib/my-workspaces.ts';

const money = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** '15000.5000' -> '15,000.50'. */
export const formatMoney = (value: string | number) => money.format(Number(value));

/** A school's fees are in KES (the CBE curriculum's country) until its workspace names a currency. */
export const CBE_DEFAULT_CURRENCY = 'KES';

/** The currency the school's fees are shown in: its workspace's, else KES. */
export const useSchoolCurrency = (): string => useWorkspaceCurrency() ?? CBE_DEFAULT_CURRENCY;
