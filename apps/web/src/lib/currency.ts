/**
 * Codes the runtime still lists that no business would price in now: retired (the Croatian kuna and
 * the Bulgarian lev for the euro, the Cuban convertible peso, the old Sierra Leonean leone and
 * Zimbabwean dollar, the Netherlands Antillean guilder for the Caribbean guilder) or not money one
 * pays with (the IMF's Special Drawing Rights, the ALBA's Sucre). The API still takes them, so a
 * workspace that has one keeps it.
 */
export const RETIRED_CURRENCIES: ReadonlySet<string> = new Set([
  'ANG',
  'BGN',
  'CUC',
  'HRK',
  'SLL',
  'XDR',
  'XSU',
  'ZWL',
]);

/**
 * The currencies the browser knows, for a select ('KES · Kenyan Shilling', by code), less the
 * retired ones, unless `current` (a workspace's own) is one of them.
 */
export const currencyOptions = (current?: string | null): { value: string; label: string }[] => {
  const names = new Intl.DisplayNames(undefined, { type: 'currency' });
  return Intl.supportedValuesOf('currency')
    .filter((code) => !RETIRED_CURRENCIES.has(code) || code === current)
    .map((code) => ({
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
