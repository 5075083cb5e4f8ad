import { Anchor, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState, LoadingState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Panel, PanelEmpty } from '../../../components/panel.tsx';
import { ScrollFrame } from '../../../components/scroll-frame.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { WeekChart } from '../../../components/week-chart.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { headed } from '../../../lib/currency.ts';
import { WEEKDAY_SHORT } from '../../../lib/labels.ts';
import { useWorkspaceCurrency } from '../../../lib/my-workspaces.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { useBookingLink } from '../api/booking-link.ts';
import { useBarberDashboard, useSampleData } from '../api/dashboard.ts';
import { money } from '../barber-format.ts';
import { MyAppointmentsPage } from './my-appointments-page.tsx';

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);
const weekLabel = (week: string) =>
  new Date(`${week}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** /dashboard_barber: the salon's day and its trends, every figure from its records (a customer: their appointments). */
export const BarberDashboardPage = () => {
  const may = useMay();
  // A customer of the salon reads no figures of it: their dashboard is their own appointments.
  return may('barber:read') ? <SalonDashboard /> : <MyAppointmentsPage />;
};

const SalonDashboard = () => {
  useDocumentTitle('Salon dashboard');
  const mayManage = useMay()('barber:manage');
  const dashboard = useBarberDashboard();
  const currency = useWorkspaceCurrency();
  const sample = useSampleData();
  const [clearing, setClearing] = useState(false);
  const bookingUrl = useBookingLink();

  if (dashboard.isPending) return <LoadingState />;
  if (dashboard.isError)
    return (
      <ErrorState
        error={dashboard.error}
        title="The dashboard could not be loaded"
        onRetry={() => dashboard.refetch()}
      />
    );
  const d = dashboard.data;

  const run = async (action: 'load' | 'clear') => {
    try {
      const answer = await sample.mutateAsync(action);
      notify.success(answer.message ?? 'Done');
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setClearing(false);
    }
  };

  const revenueWeek = d.revenue_per_week.at(-1)?.revenue ?? '0';
  return (
    <Stack gap="lg">
      <PageHeader
        title="Salon dashboard"
        description={`Today (${d.today}, ${d.timezone}) and the last weeks, from the salon's own bookings.`}
        actions={
          mayManage && d.has_sample ? (
            <Button variant="default" color="red" onClick={() => setClearing(true)}>
              Clear sample data
            </Button>
          ) : null
        }
      />
      {bookingUrl ? (
        <Text size="sm">
          Customers book at{' '}
          <Anchor href={bookingUrl} target="_blank" rel="noreferrer">
            {bookingUrl}
          </Anchor>
        </Text>
      ) : null}
      {!d.has_data ? (
        <Panel title="An empty salon">
          <Stack gap="sm" align="flex-start">
            <Text>
              No services or appointments yet. Add services and staff, share the booking page, or see the
              dashboard come alive with a realistic month of sample bookings.
            </Text>
            {mayManage ? (
              <Button loading={sample.isPending} onClick={() => run('load')}>
                Load sample data
              </Button>
            ) : null}
          </Stack>
        </Panel>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <StatCard label="Today" value={d.today_appointments} detail="appointments (not cancelled)" />
        <StatCard
          label="Revenue this week"
          value={money(revenueWeek)}
          currency={currency}
          detail="done appointments, at their booked prices"
        />
        <StatCard
          label="No-show rate"
          value={percent(d.no_show_rate)}
          detail="no-shows of done and no-shows, 30 days"
        />
        <StatCard
          label="Returning customers"
          value={percent(d.returning_customer_rate)}
          detail="of those served in 30 days, served before"
        />
      </SimpleGrid>
      <Panel title="Today per staff member">
        {d.today_staff.length === 0 ? (
          <PanelEmpty>No staff yet.</PanelEmpty>
        ) : (
          <ScrollFrame label="Today per staff member">
            <Table aria-label="Today per staff member">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Staff member</Table.Th>
                  <Table.Th>Appointments</Table.Th>
                  <Table.Th>Booked</Table.Th>
                  <Table.Th>Utilisation</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.today_staff.map((s) => (
                  <Table.Tr key={s.staff_id}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>{s.appointments}</Table.Td>
                    <Table.Td>
                      {s.booked_minutes} of {s.working_minutes} min
                    </Table.Td>
                    <Table.Td>{s.utilisation === null ? 'Not working' : `${s.utilisation}%`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollFrame>
        )}
      </Panel>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Panel title="Revenue per week">
          {d.revenue_per_week.every((w) => Number(w.revenue) === 0) ? (
            <PanelEmpty>No appointment done in the last {d.revenue_per_week.length} weeks.</PanelEmpty>
          ) : (
            <WeekChart
              kind="line"
              caption="Revenue per week"
              valueHeader={headed('Revenue', currency)}
              color="teal-8"
              format={(v) => money(Math.round(v))}
              points={d.revenue_per_week.map((w) => ({
                week: w.week,
                label: weekLabel(w.week),
                value: Number(w.revenue),
                text: money(w.revenue),
              }))}
            />
          )}
        </Panel>
        <Panel title="Bookings per weekday">
          {d.bookings_per_weekday.every((w) => w.bookings === 0) ? (
            <PanelEmpty>No bookings in the last 8 weeks.</PanelEmpty>
          ) : (
            <WeekChart
              kind="bar"
              caption="Bookings per weekday (8 weeks)"
              keyHeader="Weekday"
              valueHeader="Bookings"
              color="indigo-6"
              points={d.bookings_per_weekday.map((w) => ({
                week: String(w.weekday),
                label: WEEKDAY_SHORT[w.weekday - 1] ?? '',
                value: w.bookings,
                text: String(w.bookings),
              }))}
            />
          )}
        </Panel>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Panel title="Top services (30 days)">
          {d.top_services.length === 0 ? (
            <PanelEmpty>No bookings in the last 30 days.</PanelEmpty>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Service</Table.Th>
                  <Table.Th>Bookings</Table.Th>
                  <Table.Th>{headed('Revenue', currency)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.top_services.map((s) => (
                  <Table.Tr key={s.name}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>{s.bookings}</Table.Td>
                    <Table.Td>{money(s.revenue)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Panel>
        <Panel title="Sales per staff member (30 days)">
          {d.staff_sales.length === 0 ? (
            <PanelEmpty>No appointment done in the last 30 days.</PanelEmpty>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Staff member</Table.Th>
                  <Table.Th>Done</Table.Th>
                  <Table.Th>{headed('Revenue', currency)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.staff_sales.map((s) => (
                  <Table.Tr key={s.name}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>{s.appointments}</Table.Td>
                    <Table.Td>{money(s.revenue)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Panel>
      </SimpleGrid>
      <ConfirmDialog
        opened={clearing}
        title="Clear the sample data?"
        confirmLabel="Clear sample data"
        busy={sample.isPending}
        onCancel={() => setClearing(false)}
        onConfirm={() => run('clear')}
      >
        <Group>
          <Text size="sm">
            Every sample service, staff member, customer and appointment goes; what you added yourself stays
            (and so does a sample record one of your bookings uses).
          </Text>
        </Group>
      </ConfirmDialog>
    </Stack>
  );
};
