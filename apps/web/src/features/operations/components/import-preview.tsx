import { Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ImportError } from '@workhub/shared/schemas/operations-import';
import { importLine } from '@workhub/shared/schemas/operations-import';
import { counted } from '../../../lib/labels.ts';

const ROWS_SHOWN = 50;
const ERRORS_SHOWN = 200;

type ImportPreviewProps = {
  /** The file's known columns, in its order. */
  columns: string[];
  rows: Record<string, string>[];
  errors: ImportError[];
  /** The server has checked the rows (a dry run): only then does no error mean 'No errors'. */
  checked: boolean;
};

/** 'Row 3, price: Price is required' ('Row 3: ...' when the fault is the row's, not a cell's). */
export const errorText = (error: ImportError): string =>
  `Row ${error.row}${error.column ? `, ${error.column}` : ''}: ${error.message}`;

/**
 * What a file would import: its errors first, each naming the file's row (the header is row 1) and
 * column, then the rows as a table, a faulty row tinted and its faulty cells in red (their message
 * on hover). The first 50 rows are shown, and every row with an error after them.
 */
export const ImportPreview = ({ columns, rows, errors, checked }: ImportPreviewProps) => {
  const byRow = new Map<number, Map<string, string>>();
  for (const error of errors) {
    const cells = byRow.get(error.row) ?? new Map<string, string>();
    cells.set(error.column, error.message);
    byRow.set(error.row, cells);
  }
  const shown = rows
    .map((row, index) => ({ row, line: importLine(index) }))
    .filter(({ line }, index) => index < ROWS_SHOWN || byRow.has(line));
  const sorted = [...errors].sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light" size="lg">
          {counted(rows.length, 'row')}
        </Badge>
        {errors.length > 0 ? (
          <Badge color="red" variant="filled" size="lg">
            {counted(byRow.size, 'row')} with errors
          </Badge>
        ) : checked ? (
          <Badge color="green" variant="light" size="lg">
            No errors
          </Badge>
        ) : (
          <Badge color="gray" variant="light" size="lg">
            Not checked by the server
          </Badge>
        )}
      </Group>
      {errors.length > 0 ? (
        <Stack gap={4} component="ul" aria-label="Import errors" p={0} m={0} style={{ listStyle: 'none' }}>
          {sorted.slice(0, ERRORS_SHOWN).map((error) => (
            <Text component="li" key={`${error.row}-${error.column}-${error.message}`} size="sm" c="red.8">
              {errorText(error)}
            </Text>
          ))}
          {sorted.length > ERRORS_SHOWN ? (
            <Text component="li" size="sm" c="dimmed">
              …and {sorted.length - ERRORS_SHOWN} more
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <ScrollArea type="auto" offsetScrollbars>
        <Table
          verticalSpacing={4}
          fz="xs"
          withTableBorder
          aria-label="Rows of the file"
          miw={columns.length * 110}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map(({ row, line }) => {
              const faults = byRow.get(line);
              return (
                <Table.Tr
                  key={line}
                  data-invalid={faults ? true : undefined}
                  bg={faults ? 'var(--mantine-color-red-light)' : undefined}
                >
                  <Table.Td fw={700}>{line}</Table.Td>
                  {columns.map((column) => {
                    const fault = faults?.get(column);
                    return (
                      <Table.Td
                        key={column}
                        c={fault ? 'red.8' : undefined}
                        fw={fault ? 700 : undefined}
                        title={fault}
                      >
                        {row[column] ?? ''}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {rows.length > shown.length ? (
        <Text size="xs" c="dimmed">
          The first {ROWS_SHOWN} rows are shown{byRow.size > 0 ? ', and every row with an error' : ''}.
        </Text>
      ) : null}
    </Stack>
  );
};
