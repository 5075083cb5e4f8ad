import '@mantine/charts/styles.css';
import { BarsList } from '@mantine/charts';
import { getThemeColor, type MantineColor, Table, useMantineTheme, VisuallyHidden } from '@mantine/core';
import classes from './figure-bars.module.css';

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
 * A few figures as bars (Mantine's BarsList for the frame: plain elements sized by CSS, no chart
 * engine, so a dashboard does not carry recharts' ~120 KB gzip), with the same figures as a table
 * for screen readers; the bars are hidden from them. Each row is drawn here: the label beside its
 * bar, whole however long and however short the bar, a zero as an empty pale track.
 */
export const FigureBars = ({ caption, header, rows, color }: FigureBarsProps) => {
  const theme = useMantineTheme();
  const fill = getThemeColor(color, theme);
  const max = Math.max(0, ...rows.map((row) => row.value));
  return (
    <>
      <BarsList
        aria-hidden
        data={rows.map((row) => ({ name: row.label, value: row.value }))}
        barsLabel={header[0]}
        valueLabel={header[1]}
        barGap={4}
        renderBar={(item) => (
          <div className={classes.row}>
            <span className={classes.label} data-figure-label>
              {item.name}
            </span>
            <div className={classes.track}>
              {item.value > 0 && max > 0 ? (
                <div
                  className={classes.bar}
                  data-figure-bar
                  style={{ width: `${(item.value / max) * 100}%`, backgroundColor: fill }}
                />
              ) : null}
            </div>
            <span className={classes.value}>{item.value}</span>
          </div>
        )}
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
};
