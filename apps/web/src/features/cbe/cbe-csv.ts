/** A CSV cell: quoted when needed, a formula-like start neutralised (as the API's exports do). */
const cell = (value: string | number | null | undefined) => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const toCsv = (header: string[], rows: (string | number | null | undefined)[][]) =>
  [header, ...rows].map((row) => `${row.map(cell).join(',')}\r\n`).join('');

/** Saves `csv` as `filename`: the export of a short list the page already holds in full. */
export function saveCsv(filename: string, csv: string): Promise<{ truncatedAt: number | null }> {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return Promise.resolve({ truncatedAt: null });
}

const money = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** '15000.5000' -> '15,000.50'. */
export const formatMoney = (value: string | number) => money.format(Number(value));
