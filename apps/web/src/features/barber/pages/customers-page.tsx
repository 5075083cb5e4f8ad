import { Anchor, Button, Group, Modal, Paper, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { exportCustomers, useCustomers } from '../api/customers.ts';
import { useBarberSettings } from '../api/settings.ts';
import { dateTimeIn } from '../barber-format.ts';
import { CustomerForm } from '../components/customer-form.tsx';

/**
 * /barber/customers: the customers with their visits; a customer's history is their appointments.
 * Who may book adds a customer (a phone booking's regular, before their first visit); every reader
 * exports the list as searched (CSV).
 */
export const CustomersPage = () => {
  useDocumentTitle('Customers');
  const mayBook = useMay()('barber:book');
  const [adding, setAdding] = useState(false);
  const [q, setQ] = useState('');
  const [page, setPage] = usePageParam();
  const customers = useCustomers({ ...(q ? { q } : {}), page });
  usePageInRange(customers.data?.meta);
  // A visit's time is the shop's, as on the appointments and the calendar, not the browser's.
  const timezone = useBarberSettings().data?.timezone;
  return (
    <>
      <PageHeader
        title="Customers"
        description="Everyone who booked, with their visits (appointments done)."
        actions={
          <Group gap="sm">
            <ExportCsvButton onExport={() => exportCustomers({ q: q || undefined })} />
            {mayBook ? <Button onClick={() => setAdding(true)}>Add customer</Button> : null}
          </Group>
        }
      />
      <Paper withBorder p="md" radius="md">
        <TextInput
          mb="md"
          maw={320}
          label="Search"
          placeholder="Name, phone or e-mail"
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(1);
          }}
        />
        <DataTable
          label="Customers"
          minWidth={720}
          rows={customers.data?.data}
          loading={customers.isPending}
          error={customers.error}
          errorTitle="The customers could not be loaded"
          onRetry={() => customers.refetch()}
          rowKey={(c) => c.id}
          empty={
            <EmptyList
              title={q ? 'No customer matches' : 'No customers yet'}
              description={q ? 'Try another search.' : 'Customers appear with their first booking.'}
            />
          }
          {...(customers.data
            ? {
                pagination: {
                  meta: customers.data.meta,
                  page,
                  onChange: setPage,
                  noun: ['customer', 'customers'] as [string, string],
                },
              }
            : {})}
          columns={[
            { key: 'name', header: 'Name', cell: (c) => c.name },
            { key: 'phone', header: 'Phone', cell: (c) => c.phone ?? '—' },
            { key: 'email', header: 'E-mail', cell: (c) => c.email ?? '—' },
            { key: 'visits', header: 'Visits', cell: (c) => c.visits },
            {
              key: 'last',
              header: 'Last visit',
              cell: (c) => (c.last_visit_at ? (timezone ? dateTimeIn(c.last_visit_at, timezone) : '…') : '—'),
            },
            {
              key: 'history',
              header: 'History',
              hideHeader: true,
              cell: (c) => (
                <Anchor component={Link} to={`/barber/appointments?customer_id=${c.id}`} size="sm">
                  Visit history
                </Anchor>
              ),
            },
          ]}
        />
      </Paper>
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add customer">
        {adding ? <CustomerForm onClose={() => setAdding(false)} /> : null}
      </Modal>
    </>
  );
};
