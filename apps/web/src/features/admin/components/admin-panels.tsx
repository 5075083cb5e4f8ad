import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { AdminDashboard } from '@workhub/shared/schemas/admin';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { Panel, PanelEmpty } from '../../../components/panel.tsx';
import { formatDate } from '../../../lib/labels.ts';
import { formatPriceAmount } from '../../plans/plan-rules.ts';
import { useSubscribers } from '../api/get-subscribers.ts';
import { ACCOUNT_STATUS_LABELS, holderName } from './subscriber-labels.ts';

const PANEL_ROWS = 5;

/** Trials ending in the next 7 days: who, on which plan, and when. */
export const TrialsPanel = ({ trials }: { trials: AdminDashboard['trials_ending'] }) => (
  <Panel title="Trials ending soon">
    {trials.rows.length === 0 ? (
      <PanelEmpty>No trial ends in the next 7 days.</PanelEmpty>
    ) : (
      <Stack gap="sm">
        {trials.rows.map((row) => (
          <Group key={row.account_id} justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {holderName(row)}
              </Text>
              <Text size="xs" c="dimmed">
                {row.email} · {row.plan_title}
              </Text>
            </Stack>
            <Text size="sm">{formatDate(row.trial_ends_at)}</Text>
          </Group>
        ))}
        {trials.count > trials.rows.length ? (
          <Text size="xs" c="dimmed">
            and {trials.count - trials.rows.length} more
          </Text>
        ) : null}
      </Stack>
    )}
  </Panel>
);

/** The newest subscribers; 'See all' goes to the Subscribers table (/team). */
export const SubscribersPanel = () => {
  const subscribers = useSubscribers(1, '', PANEL_ROWS);
  return (
    <Panel title="Subscribers" seeAll="/team">
      {subscribers.isPending ? (
        <LoadingState />
      ) : subscribers.isError ? (
        <ErrorState
          title="The subscribers could not be loaded"
          error={subscribers.error}
          onRetry={() => void subscribers.refetch()}
        />
      ) : subscribers.data.data.length === 0 ? (
        <PanelEmpty>No subscribers yet.</PanelEmpty>
      ) : (
        <Stack gap="sm">
          {subscribers.data.data.map((row) => (
            <Group key={row.account_id} justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {holderName(row)}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.email}
                </Text>
              </Stack>
              <Badge variant="light" color={row.status === 'active' ? 'green' : 'gray'} size="sm">
                {ACCOUNT_STATUS_LABELS[row.status]}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Panel>
  );
};

/** The plans: Title, Price($) and Edit (/subscription/{id}). */
export const SubscriptionsPanel = ({ plans }: { plans: AdminDashboard['plans'] }) => (
  <Panel title="Subscriptions" seeAll="/subscription_type">
    {plans.length === 0 ? (
      <PanelEmpty>No plans yet.</PanelEmpty>
    ) : (
      <DataTable
        label="Subscriptions"
        minWidth={320}
        verticalSpacing="xs"
        rows={plans}
        rowKey={(plan) => plan.subscription_id}
        columns={[
          { key: 'title', header: 'Title', sortValue: (plan) => plan.title, cell: (plan) => plan.title },
          {
            key: 'price',
            header: 'Price($)',
            sortValue: (plan) => plan.price,
            cell: (plan) => formatPriceAmount(plan.price),
          },
          {
            key: 'edit',
            header: 'Edit',
            cell: (plan) => (
              <Anchor component={Link} to={`/subscription/${plan.subscription_id}`} size="sm">
                Edit
              </Anchor>
            ),
          },
        ]}
      />
    )}
  </Panel>
);
