import { Table, VisuallyHidden } from '@mantine/core';
import { chartColor } from '../../../components/chart-colors.ts';

type HourChartProps = { caption: string; hours: { hour: number; tickets: number }[] };

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 10, right: 8, bottom: 24, left: 36 };

/**
 * Tickets per hour of the day as plain SVG bars (no chart engine: the dashboards' rule), with the
 * figures as a table for screen readers; the drawing is hidden from them. Hours without tickets at
 * the start and end of the day are left out.
 */
export const HourChart = ({ caption, hours }: HourChartProps) => {
  const used = hours.filter((h) => h.tickets > 0).map((h) => h.hour);
  const first = used.length ? Math.min(...used) : 8;
  const last = used.length ? Math.max(...used) : 17;
  const shown = hours.filter((h) => h.hour >= first && h.hour <= last);
  const top = Math.max(1, ...shown.map((h) => h.tickets));
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, shown.length);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="presentation" aria-hidden="true">
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + plotH}
          y2={PAD.top + plotH}
          stroke="#ced4da"
        />
        <text
          x={PAD.left - 6}
          y={PAD.top + 8}
          fontSize="11"
          textAnchor="end"
          fill="var(--mantine-color-dimmed)"
        >
          {top}
        </text>
        {shown.map((h, i) => {
          const height = (h.tickets / top) * plotH;
          const x = PAD.left + i * slot + slot * 0.15;
          return (
            <g key={h.hour}>
              <rect
                x={x}
                y={PAD.top + plotH - height}
                width={slot * 0.7}
                height={height}
                fill={chartColor('blue-6')}
                rx={2}
              />
              <text
                x={x + slot * 0.35}
                y={HEIGHT - 8}
                fontSize="11"
                textAnchor="middle"
                fill="var(--mantine-color-dimmed)"
              >
                {String(h.hour).padStart(2, '0')}
              </text>
            </g>
          );
        })}
      </svg>
      <VisuallyHidden>
        <Table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th>Hour</th>
              <th>Tickets</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((h) => (
              <tr key={h.hour}>
                <td>{`${String(h.hour).padStart(2, '0')}:00`}</td>
                <td>{h.tickets}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
};
