const money = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** '15000.5000' -> '15,000.50'. */
export const formatMoney = (value: string | number) => money.format(Number(value));
