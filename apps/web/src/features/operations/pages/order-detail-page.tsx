import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryState } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { headed, priced } from '../../../lib/currency.ts';
import { formatDate, formatDateTime } from '../../../lib/labels.ts';
import { useWorkspaceCurrency } from '../../../lib/my-workspaces.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { type OrderDetail, type OrderKind, type OrderStep, useOrder } from '../api/orders.ts';
import { Fact } from '../components/fact.tsx';
import { LateBadge, OrderStatusBadge } from '../components/ops-status-badge.tsx';
import { OrderForm } from '../components/order-form.tsx';
import { OrderStepDialog } from '../components/order-step-dialog.tsx';
import { Section } from '../components/section.tsx';
import { formatMoney, formatQty } from '../operations-format.ts';
import { allowedSteps, deliveredOf, ORDER_TEXTS, partyOf, STEP_LABELS } from '../order-kinds.ts';

type OrderLine = OrderDetail['lines'][number];

const OrderLines = ({ kind, order }: { kind: OrderKind; order: OrderDetail }) => {
  const currency = useWorkspaceCurrency();
  return (
    <DataTable<OrderLine>
      label="Order lines"
      minWidth={760}
      rows={order.lines}
      rowKey={(line) => line.id}
      columns={[
        { key: 'position', header: '#', cell: (line) => line.position },
        {
          key: 'product',
          header: 'Product',
          cell: (line) => (
            <Anchor component={Link} to={`/operations/products/${line.product_id}`} size="sm" fw={600}>
              {line.product_name}
            </Anchor>
          ),
        },
        {
          key: 'quantity',
          header: 'Quantity',
          cell: (line) => `${formatQty(line.quantity)}${line.uom_name ? ` ${line.uom_name}` : ''}`,
        },
        {
          key: 'delivered',
          header: ORDER_TEXTS[kind].deliveredHeader,
          cell: (line) => formatQty(deliveredOf(line)),
        },
        {
          key: 'price',
          header: headed('Unit price', currency),
          cell: (line) => formatMoney(line.unit_price),
        },
        {
          key: 'total',
          header: headed('Line total', currency),
          cell: (line) => formatMoney(line.line_total),
        },
        { key: 'due', header: 'Due date', cell: (line) => formatDate(line.due_date) },
      ]}
    />
  );
};

const OrderView = ({ kind, order }: { kind: OrderKind; order: OrderDetail }) => {
  const texts = ORDER_TEXTS[kind];
  useDocumentTitle(order.number_label);
  const mayWrite = useMay()('operations:write');
  const currency = useWorkspaceCurrency();
  const [step, setStep] = useState<OrderStep | null>(null);
  const [editing, setEditing] = useState(false);
  const steps = mayWrite ? allowedSteps(kind, order) : [];
  const editable = mayWrite && order.status === 'draft';
  // A purchase draft without a supplier (every MRP draft) is refused by confirm (409): its button
  // waits, saying what to do first.
  const supplierMissing = kind === 'purchase' && order.status === 'draft' && !partyOf(order);

  return (
    <>
      <PageHeader
        title={`${order.number_label}${partyOf(order) ? ` · ${partyOf(order)}` : ''}`}
        description={
          <Anchor component={Link} to={texts.path} size="sm">
            ← All {texts.plural}
          </Anchor>
        }
        actions={steps.map((name) => (
          <Button
            key={name}
            variant={name === 'cancel' || name === 'close' ? 'light' : 'filled'}
            color={name === 'cancel' ? 'red' : undefined}
            disabled={name === 'confirm' && supplierMissing}
            aria-describedby={name === 'confirm' && supplierMissing ? 'supplier-missing-hint' : undefined}
            onClick={() => setStep(name)}
          >
            {STEP_LABELS[name]}
          </Button>
        ))}
      />
      <Stack gap="lg">
        {steps.includes('confirm') && supplierMissing ? (
          <Alert color="yellow" variant="light" id="supplier-missing-hint">
            <Group gap="xs">
              <Text size="sm">{operationsMessages.orderSupplierMissingHint}</Text>
              <Anchor component="button" type="button" size="sm" fw={600} onClick={() => setEditing(true)}>
                Edit the draft
              </Anchor>
            </Group>
          </Alert>
        ) : null}
        <Section title="Order">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact label="Status">
              <Group gap={6}>
                <OrderStatusBadge order={order} />
                {order.late ? <LateBadge /> : null}
              </Group>
            </Fact>
            <Fact label={texts.party}>{partyOf(order) || '—'}</Fact>
            <Fact label="Order date">{formatDate(order.order_date)}</Fact>
            <Fact label="Due date">{formatDate(order.due_date)}</Fact>
            <Fact label="Total">{priced(formatMoney(order.total), currency)}</Fact>
            <Fact label="Confirmed">{formatDateTime(order.confirmed_at)}</Fact>
            <Fact label="Closed">{formatDateTime(order.closed_at)}</Fact>
            <Fact label="Cancelled">{formatDateTime(order.cancelled_at)}</Fact>
          </SimpleGrid>
          {order.notes ? (
            <Text size="sm" mt="md" style={{ whiteSpace: 'pre-wrap' }}>
              {order.notes}
            </Text>
          ) : null}
        </Section>
        {editable && editing ? (
          <OrderForm kind={kind} order={order} onClose={() => setEditing(false)} />
        ) : (
          <Section
            title="Lines"
            actions={
              editable ? (
                <Button size="xs" variant="light" onClick={() => setEditing(true)}>
                  Edit draft
                </Button>
              ) : null
            }
          >
            <OrderLines kind={kind} order={order} />
          </Section>
        )}
      </Stack>
      <OrderStepDialog
        key={step ?? 'none'}
        kind={kind}
        order={order}
        step={step}
        onClose={() => setStep(null)}
      />
    </>
  );
};

/**
 * /operations/{purchase,customer}-orders/:id: the order, its lines (what was received or shipped of
 * each), the steps its status allows (asked first), and while it is a draft its lines editor;
 * /operations/{...}-orders/new: a new draft.
 */
export const OrderDetailPage = ({ kind }: { kind: OrderKind }) => {
  const { id } = useParams();
  const navigate = useNavigate();
  const texts = ORDER_TEXTS[kind];
  const order = useOrder(kind, id);
  if (!id) {
    return (
      <>
        <PageHeader title={`New ${texts.noun}`} description="A draft: confirm it once its lines are right." />
        <OrderForm kind={kind} onClose={() => void navigate(texts.path)} />
      </>
    );
  }
  return (
    <QueryState
      query={order}
      errorTitle={`This ${texts.noun} could not be loaded`}
      back={{ to: texts.path, label: `All ${texts.plural}` }}
    >
      {(loaded) => <OrderView key={loaded.id} kind={kind} order={loaded} />}
    </QueryState>
  );
};
