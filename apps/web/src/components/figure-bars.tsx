import '@mantine/charts/styles.css';
import { BarsList } from '@mantine/charts';
import { type MantineColor, Table, VisuallyHidden } from '@mantine/core';

export type Figure = { label: string; value: number };

type FigureBarsProps = {
  /** The table's caption: what screen readers announce. */
  caption: string;
  /** Column headings: the label's and the value's. */
  header: [string, string];
  rows: Figure[];
  color: MantineColor;
};

/**
 * A few figures as bars (Mantine's BarsList: plain elements sized by CSS, no chart engine, so a
 * dashboard does not carry recharts' ~120 KB gzip), with the same figures as a table for screen
 * readers; the bars are hidden from them.
 */
export const FigureBars = ({ caption, header, rows, color }: FigureBarsProps) => (
  <>
    <BarsList
      aria-hidden
      // A zero keeps the room for its label but shows as an empty, pale track, not as a bar.
      data={rows.map((row) =>
        row.value === 0
          ? { name: row.label, value: 0, variant: 'light' as const, color: 'gray.1', textColor: 'gray.7' }
          : { name: row.label, value: row.value, variant: 'filled' as const },
      )}
      barColor={color}
      autoContrast
      barsLabel={header[0]}
      valueLabel={header[1]}
      barHeight={26}
      barGap={4}
      // Room for the label inside the shortest bar; the value column gives the exact figure.
      minBarSize="5.5rem"
    />
    <VisuallyHidden>
      <Table>
        <caption>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{header[0]}</Table.Th>
            <Table.Th>{header[1]}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td>{row.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  </>
);
