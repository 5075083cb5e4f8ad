import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { CheckoutPreview } from '@workhub/shared/schemas/billing';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/labels.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCheckout } from '../api/checkout.ts';
import { useCheckoutPreview } from '../api/get-checkout-preview.ts';
import {
  formatAmount,
  formatMonths,
  formatPeriodRange,
  overLimits,
  providerLabel,
} from '../billing-format.ts';

const Fact = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={2}>
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text fw={600}>{value}</Text>
  </Stack>
);

const Summary = ({
  preview,
  planId,
  onRefused,
}: {
  preview: CheckoutPreview;
  planId: number;
  onRefused: () => void;
}) => {
  const navigate = useNavigate();
  const purchase = useCheckout();
  // One key per visit of this page: a double click or a retry after a lost answer buys once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const confirm = () =>
    purchase.mutate(
      // The price and months shown: a plan edited since is refused (409), never charged unseen.
      {
        plan_id: planId,
        idempotency_key: idempotencyKey,
        expected_amount: preview.amount,
        expected_month: preview.plan.month,
      },
      {
        onSuccess: () => {
          notify.success(messages.checkoutDone);
          void navigate('/user/billing');
        },
        onError: (error) => {
          notify.error(errorMessage(error));
          // The plan may have changed (new price, no longer offered): show it as it is now.
          if (error instanceof ApiError && error.status === 409) onRefused();
        },
      },
    );
  return (
    <Card withBorder padding="lg" radius="md" maw={640} component="section" aria-labelledby="checkout-plan">
      <Stack gap="md">
        <Title order={2} fz="h3" id="checkout-plan">
          {preview.plan.title}
        </Title>
        {overLimits(preview).length > 0 ? (
          <Alert color="yellow" title="Your account is over this plan's limits">
            <Stack gap={4}>
              {overLimits(preview).map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fact
            label="Price"
            value={`${formatAmount(preview.amount, preview.currency)} for ${formatMonths(preview.plan.month)}`}
          />
          <Fact label="Period" value={formatPeriodRange(preview.period_start, preview.period_end)} />
          <Fact label="Payment" value={providerLabel(preview.provider, messages.manualInvoiceProvider)} />
          <Fact label="Due" value={formatDate(preview.due_at)} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button component={Link} to="/user/billing?plans=1" variant="default">
            Cancel
          </Button>
          <Button onClick={confirm} loading={purchase.isPending} disabled={purchase.isPending}>
            {messages.confirmCheckout}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};

/** /checkout/:id (owner only): what the plan costs and covers, and Confirm. */
export const CheckoutPage = () => {
  useDocumentTitle('Checkout');
  const { id = '' } = useParams();
  const preview = useCheckoutPreview(id);
  return (
    <>
      <PageHeader title="Checkout" description="Check the plan and confirm to receive its invoice." />
      <QueryState query={preview} errorTitle="This plan cannot be bought">
        {(data) => (
          <Summary preview={data} planId={data.plan.plan_id} onRefused={() => void preview.refetch()} />
        )}
      </QueryState>
    </>
  );
};
