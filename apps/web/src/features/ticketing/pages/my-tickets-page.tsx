import { Badge, Paper, Title } from '@mantine/core';
import { ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { useState } from 'react';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMyTickets } from '../api/my-tickets.ts';
import { TakeTicketForm } from '../components/take-ticket-form.tsx';
import { TicketStatusBadge } from '../components/ticket-status-badge.tsx';

/**
 * /ticketing/my-tickets (and a customer's /dashboard_ticketing): a form to take a ticket, and the
 * tickets the customer took signed in (POST /api/ticketing/my-tickets), each with its status and
 * place in the queue, read again every 10 s.
 */
export const MyTicketsPage = () => {
  useDocumentTitle('My tickets');
  const [page, setPage] = useState(1);
  const list = useMyTickets(page);
  return (
    <>
      <PageHeader title="My tickets" description="The tickets you took, and your place in the queue." />
      <Paper withBorder p="md" radius="md" mb="md">
        <Title order={2} size="h4" mb="sm">
          Take a ticket
        </Title>
        <TakeTicketForm />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <DataTable
          label="My tickets"
          minWidth={560}
          rows={list.data?.data}
          loading={list.isPending}
          error={list.error}
          errorTitle="Your tickets could not be loaded"
          onRetry={() => void list.refetch()}
          rowKey={(t) => t.id}
          empty={
            <EmptyList
              title="No tickets yet"
              description="Tickets you take signed in show here with your place in the queue."
            />
          }
          pagination={
            list.data
              ? { meta: list.data.meta, page, onChange: setPage, noun: ['ticket', 'tickets'] }
              : undefined
          }
          columns={[
            {
              key: 'number',
              header: 'Number',
              sticky: true,
              nowrap: true,
              cell: (t) => (
                <>
                  <strong>{t.number}</strong> {t.priority ? <Badge size="xs">priority</Badge> : null}
                </>
              ),
            },
            { key: 'service', header: 'Service', cell: (t) => t.service_name },
            { key: 'day', header: 'Day', nowrap: true, cell: (t) => t.service_day },
            { key: 'status', header: 'Status', cell: (t) => <TicketStatusBadge status={t.status} /> },
            {
              key: 'place',
              header: 'Place',
              cell: (t) =>
                t.status !== 'waiting'
                  ? (t.counter_name ?? '—')
                  : !t.counter_open
                    ? ticketingMessages.noCounterServing(t.service_name)
                    : t.people_ahead === 0
                      ? 'You are next'
                      : `${t.people_ahead} ahead · ${ticketingMessages.estimatedWait(t.estimated_wait_minutes).toLowerCase()}`,
            },
          ]}
        />
      </Paper>
    </>
  );
};
