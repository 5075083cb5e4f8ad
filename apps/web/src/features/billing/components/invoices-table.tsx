import { Badge, Table } from '@mantine/core';
import type { InvoiceStatus } from '@workhub/shared/enums';
import type { Invoice } from '@workhub/shared/schemas/billing';
import { formatDate } from '../../../lib/labels.ts';
import { formatAmount, formatPeriodRange, INVOICE_STATUS_LABELS } from '../billing-format.ts';

const STATUS_COLORS: Record<InvoiceStatus, string> = { open: 'yellow', paid: 'green', void: 'gray' };

/** The account's invoices: Number, Plan, Period, Amount, Status, Issued, Due. */
export const InvoicesTable = ({ invoices }: { invoices: Invoice[] }) => (
  <Table.ScrollContainer minWidth={760}>
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Number</Table.Th>
          <Table.Th>Plan</Table.Th>
          <Table.Th>Period</Table.Th>
          <Table.Th>Amount</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Issued</Table.Th>
          <Table.Th>Due</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoices.map((invoice) => (
          <Table.Tr key={invoice.invoice_id}>
            <Table.Td fw={600}>{invoice.number}</Table.Td>
            <Table.Td>{invoice.plan_title}</Table.Td>
            <Table.Td>{formatPeriodRange(invoice.period_start, invoice.period_end)}</Table.Td>
            <Table.Td>{formatAmount(invoice.amount, invoice.currency)}</Table.Td>
            <Table.Td>
              <Badge size="sm" variant="light" color={STATUS_COLORS[invoice.status]}>
                {INVOICE_STATUS_LABELS[invoice.status]}
              </Badge>
            </Table.Td>
            <Table.Td>{formatDate(invoice.issued_at)}</Table.Td>
            <Table.Td>{formatDate(invoice.due_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
