import { Badge, Text } from '@mantine/core';
import type { InvoiceStatus } from '@workhub/shared/enums';
import type { Invoice } from '@workhub/shared/schemas/billing';
import { DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../lib/labels.ts';
import { formatAmount, formatPeriodRange, INVOICE_STATUS_LABELS } from '../billing-format.ts';

const STATUS_COLORS: Record<InvoiceStatus, string> = { open: 'yellow', paid: 'green', void: 'gray' };

/** The account's invoices: Number, Plan, Period, Amount, Status, Issued, Due. */
export const InvoicesTable = ({ invoices }: { invoices: Invoice[] }) => (
  <DataTable
    label="Invoices"
    minWidth={760}
    rows={invoices}
    rowKey={(invoice) => invoice.invoice_id}
    columns={[
      {
        key: 'number',
        header: 'Number',
        sortValue: (invoice) => invoice.number,
        cell: (invoice) => (
          <Text fw={600} size="sm">
            {invoice.number}
          </Text>
        ),
      },
      {
        key: 'plan',
        header: 'Plan',
        sortValue: (invoice) => invoice.plan_title,
        cell: (invoice) => invoice.plan_title,
      },
      {
        key: 'period',
        header: 'Period',
        sortValue: (invoice) => invoice.period_start,
        cell: (invoice) => formatPeriodRange(invoice.period_start, invoice.period_end),
      },
      {
        key: 'amount',
        header: 'Amount',
        sortValue: (invoice) => invoice.amount,
        cell: (invoice) => formatAmount(invoice.amount, invoice.currency),
      },
      {
        key: 'status',
        header: 'Status',
        sortValue: (invoice) => invoice.status,
        cell: (invoice) => (
          <Badge size="sm" variant="light" color={STATUS_COLORS[invoice.status]}>
            {INVOICE_STATUS_LABELS[invoice.status]}
          </Badge>
        ),
      },
      {
        key: 'issued',
        header: 'Issued',
        sortValue: (invoice) => invoice.issued_at,
        cell: (invoice) => formatDate(invoice.issued_at),
      },
      {
        key: 'due',
        header: 'Due',
        sortValue: (invoice) => invoice.due_at,
        cell: (invoice) => formatDate(invoice.due_at),
      },
    ]}
  />
);
