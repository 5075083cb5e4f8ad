import { Card, Stack, Title } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { useSearchParams } from 'react-router';
import { EmptyList, ErrorState, LoadingState, QueryState } from '../../../components/data-states.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { useBilling } from '../api/get-billing.ts';
import { useInvoices } from '../api/get-invoices.ts';
import { CurrentPlanCard } from '../components/current-plan-card.tsx';
import { InvoicesTable } from '../components/invoices-table.tsx';
import { PlanChooser } from '../components/plan-chooser.tsx';
import { ReadOnlyAlert } from '../components/read-only-alert.tsx';

const Invoices = () => {
  const [page, setPage] = usePageParam();
  const invoices = useInvoices(page);
  usePageInRange(invoices.data?.meta);
  if (invoices.isPending) return <LoadingState />;
  if (invoices.isError) {
    return (
      <ErrorState
        title="Could not load the invoices"
        error={invoices.error}
        onRetry={() => void invoices.refetch()}
      />
    );
  }
  if (invoices.data.meta.total === 0) {
    return <EmptyList title={messages.noInvoices} description={messages.noInvoicesHint} />;
  }
  return (
    <>
      <InvoicesTable invoices={invoices.data.data} />
      <ListPagination
        meta={invoices.data.meta}
        page={page}
        onChange={setPage}
        noun={['invoice', 'invoices']}
      />
    </>
  );
};

/** /user/billing (owner only): the plan, where the trial or paid period stands, and the invoices. */
export const BillingPage = () => {
  useDocumentTitle('Billing');
  const billing = useBilling();
  // ?plans=1 (Change plan, Upgrade) opens the in-app plan chooser.
  const [searchParams, setSearchParams] = useSearchParams();
  const choosing = searchParams.get('plans') === '1';
  const openChooser = () =>
    setSearchParams((params) => {
      params.set('plans', '1');
      return params;
    });
  return (
    <>
      <PageHeader title="Billing" description="Your plan and invoices." />
      <QueryState query={billing} errorTitle="Could not load your plan">
        {(data) => (
          <Stack gap="lg">
            {data.subscription.access === 'read_only' ? (
              <ReadOnlyAlert subscription={data.subscription} canUpgrade />
            ) : null}
            <CurrentPlanCard billing={data} onChangePlan={choosing ? undefined : openChooser} />
            {choosing ? (
              <PlanChooser
                currentPlanId={data.plan.plan_id}
                currentPaid={data.subscription.current_period_end !== null}
              />
            ) : null}
            <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="invoices">
              <Title order={2} fz="h4" mb="sm" id="invoices">
                Invoices
              </Title>
              <Invoices />
            </Card>
          </Stack>
        )}
      </QueryState>
    </>
  );
};
