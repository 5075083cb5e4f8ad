/**
 * How the operations screens write the API's decimals (exact strings such as '12.5000' or
 * '1.11108889'). Quantities keep every significant digit the server sent (the text is trimmed,
 * never rounded through a float); money is shown with 2 to 4 decimals and thousands separators.
 */

/** '12.5000' -> '12.5', '40.0000' -> '40', '-3.2500' -> '-3.25'; anything unreadable as given. */
export const formatQty = (value: string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '—';
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const whole = (match[2] ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const sign = match[1] === '-' && `${match[2]}${fraction}`.replace(/0/g, '') !== '' ? '-' : '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
};

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const MONEY_DECIMALS = 4;

/**
 * '1234.5000' -> '1,234.50', 2 to 4 decimals (more rounded half away from zero). Display only:
 * sums and rules stay on the server. The API's decimal text is formatted as text (BigInt for the
 * rounding), never through a float, whose 15-16 digits turned '999999999999999999999.99' into
 * '999,999,999,999,999,970,000.00'.
 */
export const formatMoney = (value: string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '—';
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) {
    const number = Number(value);
    return Number.isFinite(number) ? money.format(number) : value;
  }
  const [, minus = '', whole = '0', fraction = ''] = match;
  // The value in units of 1/10^5, then rounded half up to 1/10^4.
  const fifth = BigInt(`${whole}${fraction.padEnd(MONEY_DECIMALS + 1, '0').slice(0, MONEY_DECIMALS + 1)}`);
  const rounded = (fifth + 5n) / 10n;
  const scale = 10n ** BigInt(MONEY_DECIMALS);
  // 4 decimals, of which the last 2 shown only when not zero.
  const decimals = (rounded % scale)
    .toString()
    .padStart(MONEY_DECIMALS, '0')
    .replace(/0{1,2}$/, '');
  const grouped = (rounded / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = minus && rounded !== 0n ? '-' : '';
  return `${sign}${grouped}.${decimals}`;
};

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const scientific = new Intl.NumberFormat('en-US', { notation: 'scientific', maximumFractionDigits: 1 });

/**
 * A chart axis's figure: '1.2K', '45M', '999T', then scientific ('1E20'): compact notation has no
 * unit past trillions, and wrote 1e20 as '100,000,000T'.
 */
export const formatCompact = (value: number): string =>
  Math.abs(value) < 9.9995e14 ? compact.format(value) : scientific.format(value);

/** '+12.5' / '-3': a stock move's signed change. */
export const formatDelta = (value: string): string => {
  const text = formatQty(value);
  return text.startsWith('-') || text === '0' ? text : `+${text}`;
};

/** The colour of a stock move's change: red down, green up, dimmed for a count that changed nothing. */
export const deltaColor = (value: string): string => {
  const number = Number(value);
  if (number < 0) return 'red.8';
  return number > 0 ? 'green.8' : 'dimmed';
};

/** The text an input starts from for an answer's decimal: '12.5000' -> '12.5'. */
export const decimalInput = (value: string | null | undefined): string =>
  value === null || value === undefined ? '' : formatQty(value).replace(/,/g, '');

/** Today's calendar day, UTC ('YYYY-MM-DD'): the API's "today". */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);
