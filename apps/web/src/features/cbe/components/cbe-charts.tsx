import { Box, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { CBE_LEVEL_LABELS, CBE_LEVELS, type CbeDashboard } from '@workhub/shared/schemas/cbe';
import { type ChartColor, chartColor } from '../../../components/chart-colors.ts';
import { formatMoney, useSchoolCurrency } from '../cbe-money.ts';

/** Each level's colour: 3:1 or more on the card (chart-colors.ts); a bar's segments are kept apart by a white gap. */
export const LEVEL_COLORS = {
  exceeding: 'teal-8',
  meeting: 'blue-7',
  approaching: 'orange-8',
  below: 'red-9',
} as const satisfies Record<(typeof CBE_LEVELS)[number], ChartColor>;

/**
 * Levels per learning area as stacked horizontal bars (plain elements sized by CSS: no chart
 * engine on the dashboard's chunk), with the same figures as a table for screen readers.
 */
export const LevelBars = ({ rows }: { rows: CbeDashboard['levels'] }) => (
  <Stack gap="xs">
    <Group gap="md" aria-hidden>
      {CBE_LEVELS.map((level) => (
        <Group key={level} gap={4}>
          <Box w={12} h={12} style={{ background: chartColor(LEVEL_COLORS[level]), borderRadius: 2 }} />
          <Text size="xs">{CBE_LEVEL_LABELS[level]}</Text>
        </Group>
      ))}
    </Group>
    {rows.map((row) => {
      const total = CBE_LEVELS.reduce((sum, level) => sum + row[level], 0) || 1;
      return (
        <div key={row.learning_area} aria-hidden>
          <Text size="sm" mb={2}>
            {row.learning_area}
          </Text>
          <div style={{ display: 'flex', gap: 2, height: 18, borderRadius: 4, overflow: 'hidden' }}>
            {CBE_LEVELS.map((level) =>
              row[level] === 0 ? null : (
                <div
                  key={level}
                  title={`${CBE_LEVEL_LABELS[level]}: ${row[level]}`}
                  style={{
                    width: `${(100 * row[level]) / total}%`,
                    background: chartColor(LEVEL_COLORS[level]),
                  }}
                />
              ),
            )}
          </div>
        </div>
      );
    })}
    <VisuallyHidden>
      <Table>
        <caption>Performance levels per learning area</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Learning area</Table.Th>
            {CBE_LEVELS.map((level) => (
              <Table.Th key={level}>{CBE_LEVEL_LABELS[level]}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.learning_area}>
              <Table.Td>{row.learning_area}</Table.Td>
              {CBE_LEVELS.map((level) => (
                <Table.Td key={level}>{row[level]}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  </Stack>
);

const WIDTH = 560;
const HEIGHT = 200;
const PAD = 8;

/** Expected against collected fees, cumulative per day: two lines in an SVG, and the table behind them. */
export const CollectionLines = ({ points }: { points: NonNullable<CbeDashboard['collection']> }) => {
  const currency = useSchoolCurrency();
  const max = Math.max(1, ...points.map((p) => Math.max(Number(p.expected), Number(p.collected))));
  const x = (i: number) => PAD + (points.length <= 1 ? 0 : (i * (WIDTH - 2 * PAD)) / (points.length - 1));
  const y = (value: string) => HEIGHT - PAD - (Number(value) / max) * (HEIGHT - 2 * PAD);
  const line = (field: 'expected' | 'collected') =>
    points.map((p, i) => `${x(i).toFixed(1)},${y(p[field]).toFixed(1)}`).join(' ');
  const last = points.at(-1);
  return (
    <Stack gap="xs">
      <Group gap="md" aria-hidden>
        <Group gap={4}>
          <Box w={12} h={3} bg={chartColor('gray-6')} />
          <Text size="xs">Expected</Text>
        </Group>
        <Group gap={4}>
          <Box w={12} h={3} bg={chartColor('teal-8')} />
          <Text size="xs">Collected</Text>
        </Group>
      </Group>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label="Fee collection against expected"
      >
        <polyline
          points={line('expected')}
          fill="none"
          stroke={chartColor('gray-6')}
          strokeWidth={2}
          strokeDasharray="6 4"
        />
        <polyline points={line('collected')} fill="none" stroke={chartColor('teal-8')} strokeWidth={2.5} />
      </svg>
      {last ? (
        <Text size="sm" c="dimmed">
          {points[0]?.date} to {last.date}: {currency} {formatMoney(last.collected)} of{' '}
          {formatMoney(last.expected)} collected
        </Text>
      ) : null}
      <VisuallyHidden>
        <Table>
          <caption>Fee collection against expected, per day</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              <Table.Th>Expected ({currency})</Table.Th>
              <Table.Th>Collected ({currency})</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((p) => (
              <Table.Tr key={p.date}>
                <Table.Td>{p.date}</Table.Td>
                <Table.Td>{formatMoney(p.expected)}</Table.Td>
                <Table.Td>{formatMoney(p.collected)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
};
