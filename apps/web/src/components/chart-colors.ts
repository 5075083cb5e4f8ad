/**
 * The colours charts draw their marks in (bars, lines, points, a legend's swatches), as Mantine
 * palette shades: each at least 3:1 against the white card (WCAG 2.2 1.4.11, non-text contrast),
 * which a chart's bars and lines need to be told from the page. Mantine's brighter shades fall short:
 * teal 6 is 2.5:1, yellow 5 1.6:1 (chart-colors.test.ts holds every one of these to 3:1).
 */
export const CHART_COLORS = [
  'indigo-6',
  'teal-8',
  'blue-6',
  'blue-7',
  'orange-8',
  'red-9',
  'gray-6',
] as const;

export type ChartColor = (typeof CHART_COLORS)[number];

/** The CSS value of a chart colour. */
export const chartColor = (color: ChartColor): string => `var(--mantine-color-${color})`;
