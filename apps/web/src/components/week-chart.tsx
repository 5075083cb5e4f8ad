import { Table, VisuallyHidden } from '@mantine/core';
import { type ChartColor, chartColor } from './chart-colors.ts';

export type WeekPoint = { week: string; label: string; value: number; text: string };

type WeekChartProps = {
  kind: 'line' | 'bar';
  /** The hidden table's caption: what screen readers announce. */
  caption: string;
  valueHeader: string;
  /** The hidden table's first column: what each point is ('Week of', or 'Weekday'). */
  keyHeader?: string;
  points: WeekPoint[];
  /** The marks' colour: one that reads at 3:1 on the card (chart-colors.ts). */
  color: ChartColor;
  /** The y axis' labels. */
  format?: (value: number) => string;
};

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 12, right: 12, bottom: 28 };
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
/** The axis' room: 64 units, or what its longest label needs at 11px (~6.6 units a character). */
const axisWidth = (labels: string[]) =>
  Math.max(64, Math.ceil(Math.max(...labels.map((l) => l.length)) * 6.6) + 12);

/** A round top for the y axis: 1, 2, 2.5 or 5 times a power of ten, at or above `max`. */
const niceMax = (max: number): number => {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
};

/**
 * The y axis' top for `values`: a round one (niceMax) whose half, the middle tick, is a whole
 * number when every value is (a count of orders showed ticks of 0, 0.5 and 1 order).
 */
export const axisTop = (values: number[]): number => {
  let top = niceMax(Math.max(...values, 0));
  if (values.every(Number.isInteger)) while (!Number.isInteger(top / 2)) top = niceMax(top * 1.0001);
  return top;
};

/**
 * A week-by-week line or bar chart drawn as plain SVG (the other dashboards' rule: no chart engine,
 * so this page stays under the route budget instead of carrying recharts' ~120 KB gzip), with the
 * same figures as a table for screen readers; the drawing is hidden from them. Shared by the
 * modules' dashboards (MRP's week chart, the salon's revenue and weekdays).
 */
export const WeekChart = ({
  kind,
  caption,
  valueHeader,
  keyHeader = 'Week of',
  points,
  color,
  format = String,
}: WeekChartProps) => {
  const top = axisTop(points.map((point) => point.value));
  const ticks = [0, 0.5, 1].map((share) => ({ share, label: format(top * share) }));
  const left = axisWidth(ticks.map((tick) => tick.label));
  const slot = (WIDTH - left - PAD.right) / Math.max(points.length, 1);
  const x = (index: number) => left + slot * index + slot / 2;
  const y = (value: number) => PAD.top + PLOT_H - (value / top) * PLOT_H;
  const stroke = chartColor(color);
  const labelEvery = points.length > 8 ? 2 : 1;
  return (
    <>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="presentation"
        aria-hidden
        style={{ display: 'block', maxHeight: HEIGHT, fontSize: 11 }}
      >
        {ticks.map(({ share, label }) => (
          <g key={share}>
            <line
              x1={left}
              x2={WIDTH - PAD.right}
              y1={y(top * share)}
              y2={y(top * share)}
              stroke="var(--mantine-color-gray-3)"
              strokeDasharray={share === 0 ? undefined : '4 4'}
            />
            <text x={left - 8} y={y(top * share) + 4} textAnchor="end" fill="var(--mantine-color-dimmed)">
              {label}
            </text>
          </g>
        ))}
        {points.map((point, index) =>
          index % labelEvery === (points.length - 1) % labelEvery ? (
            <text
              key={point.week}
              x={x(index)}
              y={HEIGHT - 8}
              textAnchor="middle"
              fill="var(--mantine-color-dimmed)"
            >
              {point.label}
            </text>
          ) : null,
        )}
        {kind === 'bar' ? (
          points.map((point, index) => (
            <rect
              key={point.week}
              x={x(index) - slot * 0.3}
              width={slot * 0.6}
              y={y(point.value)}
              height={Math.max(PAD.top + PLOT_H - y(point.value), 0)}
              rx={3}
              fill={stroke}
            >
              <title>{`${point.label}: ${point.text}`}</title>
            </rect>
          ))
        ) : (
          <>
            <polyline
              points={points.map((point, index) => `${x(index)},${y(point.value)}`).join(' ')}
              fill="none"
              stroke={stroke}
              strokeWidth={2.5}
              strokeLinejoin="round"
            />
            {points.map((point, index) => (
              <circle key={point.week} cx={x(index)} cy={y(point.value)} r={3.5} fill={stroke}>
                <title>{`${point.label}: ${point.text}`}</title>
              </circle>
            ))}
          </>
        )}
      </svg>
      <VisuallyHidden>
        <Table>
          <caption>{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{keyHeader}</Table.Th>
              <Table.Th>{valueHeader}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((point) => (
              <Table.Tr key={point.week}>
                <Table.Td>{point.label}</Table.Td>
                <Table.Td>{point.text}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
};
