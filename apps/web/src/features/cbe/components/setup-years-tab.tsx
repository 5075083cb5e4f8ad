import { Button, Group, Stack, Title } from '@mantine/core';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { useCbeChoices } from '../api/cbe-query.ts';
import type { CbeTerm, CbeYear } from '../api/types.ts';
import { CbeExportButton } from './cbe-export-button.tsx';
import { DeleteRecordButton } from './delete-record-button.tsx';
import { TermForm, YearForm } from './record-forms.tsx';
import type { SetupTabProps } from './setup-dialog.ts';

/** The academic years and their terms, each with Edit and Delete. */
export const YearsTab = ({ open, mayManage }: SetupTabProps) => {
  const years = useCbeChoices<CbeYear>('years');
  const terms = useCbeChoices<CbeTerm>('terms');
  const close = () => open(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={4}>Academic years</Title>
        <Group gap="xs">
          <CbeExportButton path="years" noun="academic years" />
          {mayManage ? (
            <Button
              size="xs"
              onClick={() => open({ title: 'New academic year', body: <YearForm onDone={close} /> })}
            >
              + New year
            </Button>
          ) : null}
        </Group>
      </Group>
      <DataTable
        label="Academic years"
        minWidth={480}
        rows={years.data}
        loading={years.isPending}
        error={years.error}
        onRetry={() => void years.refetch()}
        rowKey={(y) => y.id}
        empty={<EmptyList title="No academic year yet" description="A year holds the terms." />}
        columns={[
          { key: 'name', header: 'Year', cell: (y) => y.name },
          { key: 'starts', header: 'Starts', cell: (y) => y.starts_on },
          { key: 'ends', header: 'Ends', cell: (y) => y.ends_on },
          mayManage && {
            key: 'edit',
            header: 'Actions',
            hideHeader: true,
            cell: (y) => (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() =>
                    open({ title: `Edit ${y.name}`, body: <YearForm year={y} onDone={close} /> })
                  }
                >
                  Edit
                </Button>
                <DeleteRecordButton path="years" id={y.id} name={y.name} along="Its terms go with it." />
              </Group>
            ),
          },
        ]}
      />
      <Group justify="space-between">
        <Title order={4}>Terms</Title>
        <Group gap="xs">
          <CbeExportButton path="terms" noun="terms" />
          {mayManage && (years.data?.length ?? 0) > 0 ? (
            <Button
              size="xs"
              onClick={() =>
                open({ title: 'New term', body: <TermForm years={years.data ?? []} onDone={close} /> })
              }
            >
              + New term
            </Button>
          ) : null}
        </Group>
      </Group>
      <DataTable
        label="Terms"
        minWidth={480}
        rows={terms.data}
        loading={terms.isPending}
        error={terms.error}
        onRetry={() => void terms.refetch()}
        rowKey={(t) => t.id}
        empty={<EmptyList title="No term yet" description="Terms lie within a year." />}
        columns={[
          { key: 'year', header: 'Year', cell: (t) => t.year_name },
          { key: 'name', header: 'Term', cell: (t) => t.name },
          { key: 'starts', header: 'Starts', cell: (t) => t.starts_on },
          { key: 'ends', header: 'Ends', cell: (t) => t.ends_on },
          mayManage && {
            key: 'edit',
            header: 'Actions',
            hideHeader: true,
            cell: (t) => (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() =>
                    open({
                      title: `Edit ${t.name}`,
                      body: <TermForm term={t} years={years.data ?? []} onDone={close} />,
                    })
                  }
                >
                  Edit
                </Button>
                <DeleteRecordButton path="terms" id={t.id} name={`${t.year_name} ${t.name}`} />
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
};
