/** Every currency the browser knows, for a select: 'KES · Kenyan Shilling', by code. */
export const currencyOptions = (): { value: string; label: string }[] => {
  const names = new Intl.DisplayNames(undefined, { type: 'currency' });
  return Intl.supportedValuesOf('currency').map((code) => ({
    value: code,
    label: `${code} · ${names.of(code) ?? code}`,
  }));
};

/** An amount already formatted ('1,200'), after its currency's code when there is one ('KES 1,200'). */
export const priced = (amount: string, currency: string | null): string =>
  currency ? `${currency} ${amount}` : amount;

/** A column of amounts named with its currency ('Price (KES)'), or alone when there is none. */
export const headed = (header: string, currency: string | null): string =>
  currency ? `${header} (${currency})` : header;
