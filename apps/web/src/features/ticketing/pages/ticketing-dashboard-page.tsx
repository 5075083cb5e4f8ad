import { Anchor, Button, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ScrollFrame } from '../../../components/scroll-frame.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatNumber } from '../../../lib/labels.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { usePublicUrl } from '../../../lib/use-public-slug.ts';
import { useSampleData, useTicketingDashboard } from '../api/dashboard.ts';
import { HourChart } from '../components/hour-chart.tsx';
import { MyTicketsPage } from './my-tickets-page.tsx';

const minutes = (value: number | null) => (value === null ? '—' : `${value} min`);

const Stat = ({ label, value, hint }: { label: string; value: string; hint?: string }) => (
  <Card withBorder padding="md">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text fz={28} fw={700} data-testid={`stat-${label}`}>
      {value}
    </Text>
    {hint ? (
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    ) : null}
  </Card>
);

/** /dashboard_ticketing: the queue today and over 30 days, every figure from the tickets. */
export const TicketingDashboardPage = () => {
  const may = useMay();
  // A customer holds no figures of the queue: their own tickets instead.
  if (!may('ticketing:read') && may('ticketing:own')) return <MyTicketsPage />;
  return <QueueDashboard />;
};

/** The queue's public pages, to open on the kiosk's and the board's screens or to share. */
const PublicPages = () => {
  const kiosk = usePublicUrl((slug) => `/q/${slug}/take`);
  const board = usePublicUrl((slug) => `/q/${slug}/board`);
  if (!kiosk || !board) return null;
  return (
    // The addresses are long unbroken words: they wrap anywhere rather than widen a phone's page.
    <Stack gap={2} mb="md" style={{ overflowWrap: 'anywhere' }}>
      <Text size="sm">
        Customers take tickets at{' '}
        <Anchor href={kiosk} target="_blank" rel="noreferrer">
          {kiosk}
        </Anchor>
      </Text>
      <Text size="sm">
        The display board is at{' '}
        <Anchor href={board} target="_blank" rel="noreferrer">
          {board}
        </Anchor>
      </Text>
    </Stack>
  );
};

const QueueDashboard = () => {
  useDocumentTitle('Queue dashboard');
  const may = useMay();
  const mayManage = may('ticketing:manage');
  const figures = useTicketingDashboard();
  const sample = useSampleData();
  const [clearing, setClearing] = useState(false);

  const runSample = async (action: 'load' | 'clear') => {
    try {
      const answer = await sample.mutateAsync(action);
      notify.success(
        answer.message ||
          (action === 'load' ? ticketingMessages.sampleLoaded : ticketingMessages.sampleCleared),
      );
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setClearing(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Queue dashboard"
        description="Today's tickets, and how the queue went over the last 30 days."
        actions={
          figures.data?.has_sample && mayManage ? (
            <Button variant="light" color="red" onClick={() => setClearing(true)}>
              Clear sample data
            </Button>
          ) : null
        }
      />
      <PublicPages />
      <QueryState query={figures} errorTitle="The dashboard could not be loaded">
        {(d) =>
          d.empty ? (
            <EmptyList
              title="Your queue is empty"
              description="Add services and counters, or load a realistic month of sample data to see the dashboard at work."
            >
              <Group>
                {mayManage ? (
                  <Button loading={sample.isPending} onClick={() => void runSample('load')}>
                    Load sample data
                  </Button>
                ) : null}
                <Button variant="default" component={Link} to="/ticketing/services">
                  Services
                </Button>
              </Group>
            </EmptyList>
          ) : (
            <Stack>
              <SimpleGrid cols={{ base: 2, md: 4 }}>
                <Stat
                  label="Average wait"
                  value={minutes(d.wait_avg_minutes)}
                  hint={`90% within ${minutes(d.wait_p90_minutes)}`}
                />
                <Stat
                  label="Average service"
                  value={minutes(d.service_avg_minutes)}
                  hint={`90% within ${minutes(d.service_p90_minutes)}`}
                />
                <Stat label="No-show rate" value={d.no_show_rate === null ? '—' : `${d.no_show_rate}%`} />
                <Stat label="Tickets (30 days)" value={formatNumber(d.tickets_30d)} />
              </SimpleGrid>
              <Paper withBorder p="md">
                <Title order={2} fz="h4" mb="sm">
                  Today ({d.day}, {d.time_zone})
                </Title>
                {d.today_by_service.length === 0 ? (
                  <Text c="dimmed">No tickets today yet.</Text>
                ) : (
                  // Seven columns are wider than a phone: the table scrolls in its card, not the page.
                  <ScrollFrame label="Today by service">
                    <Table aria-label="Today by service">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Service</Table.Th>
                          <Table.Th>Waiting</Table.Th>
                          <Table.Th>Called</Table.Th>
                          <Table.Th>Serving</Table.Th>
                          <Table.Th>Done</Table.Th>
                          <Table.Th>No-show</Table.Th>
                          <Table.Th>Total</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {d.today_by_service.map((s) => (
                          <Table.Tr key={s.service_id}>
                            <Table.Td>{s.service_name}</Table.Td>
                            <Table.Td>{s.waiting}</Table.Td>
                            <Table.Td>{s.called}</Table.Td>
                            <Table.Td>{s.serving}</Table.Td>
                            <Table.Td>{s.done}</Table.Td>
                            <Table.Td>{s.no_show}</Table.Td>
                            <Table.Td>{s.total}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </ScrollFrame>
                )}
              </Paper>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <Paper withBorder p="md">
                  <Title order={2} fz="h4" mb="sm">
                    Tickets per hour (30 days)
                  </Title>
                  <HourChart caption="Tickets per hour of the day over the last 30 days" hours={d.per_hour} />
                </Paper>
                <Paper withBorder p="md">
                  <Title order={2} fz="h4" mb="sm">
                    Counters' throughput (30 days)
                  </Title>
                  {d.counters.length === 0 ? (
                    <Text c="dimmed">No counters yet.</Text>
                  ) : (
                    <Table>
                      <Table.Tbody>
                        {d.counters.map((c) => (
                          <Table.Tr key={c.counter_id}>
                            <Table.Td>{c.counter_name}</Table.Td>
                            <Table.Td>{formatNumber(c.served)} served</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  )}
                </Paper>
              </SimpleGrid>
            </Stack>
          )
        }
      </QueryState>
      <ConfirmDialog
        opened={clearing}
        title="Clear the sample data?"
        confirmLabel="Clear sample data"
        busy={sample.isPending}
        onCancel={() => setClearing(false)}
        onConfirm={() => runSample('clear')}
      >
        <Text size="sm">
          The sample services, counters and tickets are deleted. What you added yourself stays (and a sample
          service or counter your own tickets use).
        </Text>
      </ConfirmDialog>
    </>
  );
};
