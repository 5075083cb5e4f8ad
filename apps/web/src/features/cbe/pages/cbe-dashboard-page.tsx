import { Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Panel, PanelEmpty } from '../../../components/panel.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { counted, formatDate } from '../../../lib/labels.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { useCbeGet, useCbeWrite } from '../api/cbe-query.ts';
import type { CbeDashboard } from '../api/types.ts';
import { formatMoney, useSchoolCurrency } from '../cbe-money.ts';
import { CollectionLines, LevelBars } from '../components/cbe-charts.tsx';
import { ChildrenPage } from './children-page.tsx';

const rate = (value: number | null) => (value === null ? '—' : `${value}%`);

/**
 * The school's figures. The fee figures (arrears, collection) are the administration's (cbe:fees):
 * the API answers them null to a teacher (member, worker), and their card and panel are not shown.
 */
export const CbeDashboardView = ({ figures }: { figures: CbeDashboard }) => {
  const currency = useSchoolCurrency();
  const { arrears, collection } = figures;
  const marked = figures.attendance.filter((a) => a.today_rate !== null);
  const todayMean =
    marked.length === 0
      ? null
      : Math.round((10 * marked.reduce((s, a) => s + (a.today_rate ?? 0), 0)) / marked.length) / 10;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: arrears ? 4 : 3 }} spacing="md">
        <StatCard
          label="Attendance today"
          value={rate(todayMean)}
          detail={`${counted(marked.length, 'class register')} marked`}
        />
        <StatCard
          label="Term"
          value={figures.term?.name ?? '—'}
          detail={`Today is ${formatDate(figures.today)}`}
        />
        <StatCard
          label="Below expectation"
          value={figures.struggling.length}
          detail="Students below in 2+ learning areas"
        />
        {arrears ? (
          <StatCard
            label="Arrears"
            value={formatMoney(arrears.total)}
            currency={currency}
            detail={`${counted(arrears.students, 'student')} ${arrears.students === 1 ? 'owes' : 'owe'} fees`}
          />
        ) : null}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Panel title="Attendance per class" seeAll="/cbe/register">
          {figures.attendance.length === 0 ? (
            <PanelEmpty>No classes yet.</PanelEmpty>
          ) : (
            <Table aria-label="Attendance per class" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Class</Table.Th>
                  <Table.Th ta="right">Today</Table.Th>
                  <Table.Th ta="right">This term</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {figures.attendance.map((a) => (
                  <Table.Tr key={a.class_id}>
                    <Table.Td>{a.class_name}</Table.Td>
                    <Table.Td ta="right">{rate(a.today_rate)}</Table.Td>
                    <Table.Td ta="right">{rate(a.term_rate)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Panel>
        <Panel title="Performance levels per learning area" seeAll="/cbe/gradebook">
          {figures.levels.length === 0 ? (
            <PanelEmpty>No levels recorded this term: fill in the gradebook.</PanelEmpty>
          ) : (
            <LevelBars rows={figures.levels} />
          )}
        </Panel>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: collection ? 2 : 1 }} spacing="lg">
        {collection ? (
          <Panel title="Fee collection against expected" seeAll="/cbe/fees">
            {collection.length === 0 || collection.every((p) => p.expected === '0.0000') ? (
              <PanelEmpty>No invoices this term: issue a class's invoices under Fees.</PanelEmpty>
            ) : (
              <CollectionLines points={collection} />
            )}
          </Panel>
        ) : null}
        <Panel title="Below expectation in two or more areas" seeAll="/cbe/students">
          {figures.struggling.length === 0 ? (
            <PanelEmpty>No student is below expectation in two or more learning areas.</PanelEmpty>
          ) : (
            <Table aria-label="Students below expectation" verticalSpacing={6}>
              <Table.Tbody>
                {figures.struggling.map((s) => (
                  <Table.Tr key={s.student_id}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>{s.class_name}</Table.Td>
                    <Table.Td ta="right">{s.areas} areas</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Panel>
      </SimpleGrid>
    </Stack>
  );
};

/**
 * /dashboard_cbe: the school's figures; "Load sample data" on an empty school, "Clear sample data"
 * (asked first). A guardian (customer) reads none of the school's figures: their dashboard is their
 * children (it was the dashboard's 'You are not allowed to do this', where they land on signing in).
 */
export const CbeDashboardPage = () => {
  const may = useMay();
  if (may('cbe:read')) return <SchoolDashboard />;
  return may('cbe:own') ? <ChildrenPage /> : <NoSchoolRecords />;
};

/** A guest's: the school's records are not theirs (the API's 403 read as a failed load, with a retry). */
const NoSchoolRecords = () => {
  useDocumentTitle('School dashboard');
  return (
    <>
      <PageHeader title="School dashboard" />
      <EmptyList
        title="Nothing of the school to show you"
        description="A guest sees none of the school's records. The owner or an admin can give you a member's or worker's role."
      />
    </>
  );
};

const SchoolDashboard = () => {
  useDocumentTitle('School dashboard');
  const may = useMay();
  const mayManage = may('cbe:manage');
  const dashboard = useCbeGet<CbeDashboard>('dashboard');
  const write = useCbeWrite();
  const [confirmClear, setConfirmClear] = useState(false);
  const run = async (method: 'POST' | 'DELETE') => {
    try {
      const answer = await write.mutateAsync({ method, path: 'sample-data' });
      notify.success(answer.message ?? 'Done');
      setConfirmClear(false);
    } catch (error) {
      notify.error(errorMessage(error));
      // Refused because another tab loaded (or cleared) the sample data first: show what it left.
      void dashboard.refetch();
    }
  };
  const clear =
    mayManage && dashboard.data?.has_sample ? (
      <Button variant="default" color="red" onClick={() => setConfirmClear(true)}>
        Clear sample data
      </Button>
    ) : null;
  return (
    <>
      <PageHeader
        title="School dashboard"
        description={
          may('cbe:fees')
            ? "Attendance, performance levels and fees, from the school's own records."
            : "Attendance and performance levels, from the school's own records."
        }
        actions={clear}
      />
      <QueryState query={dashboard} errorTitle="The dashboard could not be loaded">
        {(figures) =>
          figures.empty ? (
            <EmptyList
              title="Your school is empty"
              description="Set up years, classes and students, or load a realistic month of sample data to see the dashboard at work."
            >
              {mayManage ? (
                <Group>
                  <Button onClick={() => void run('POST')} loading={write.isPending}>
                    Load sample data
                  </Button>
                </Group>
              ) : (
                <Text size="sm">An owner or admin can load sample data.</Text>
              )}
            </EmptyList>
          ) : (
            <CbeDashboardView figures={figures} />
          )
        }
      </QueryState>
      <ConfirmDialog
        opened={confirmClear}
        title="Clear the sample data?"
        confirmLabel="Clear sample data"
        busy={write.isPending}
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => run('DELETE')}
      >
        Every sample record goes: its year and term, classes, students, registers, levels, invoices and
        payments, and anything recorded against them. Records you made yourself stay.
      </ConfirmDialog>
    </>
  );
};
