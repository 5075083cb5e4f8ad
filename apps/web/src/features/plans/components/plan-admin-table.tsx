import { Anchor, Badge, Group, Switch, Text, VisuallyHidden } from '@mantine/core';
import { DEFAULT_PLAN_ID } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import type { Plan } from '@workhub/shared/schemas/plans';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { formatPriceAmount } from '../plan-rules.ts';

type PlanAdminTableProps = {
  plans: Plan[];
  /** The plan whose status is being changed, if any. */
  togglingId: number | null;
  onToggleStatus: (plan: Plan) => void;
};

/** Every plan: Title, Price($), Months, Status with its active/inactive switch, and Edit. */
export const PlanAdminTable = ({ plans, togglingId, onToggleStatus }: PlanAdminTableProps) => (
  <DataTable
    label="Plans"
    minWidth={640}
    rows={plans}
    rowKey={(plan) => plan.subscription_id}
    columns={[
      {
        key: 'title',
        header: 'Title',
        sortValue: (plan) => plan.title,
        cell: (plan) => (
          <>
            <Text fw={600} size="sm">
              {plan.title}
            </Text>
            {plan.subscription ? (
              <Text size="xs" c="dimmed">
                {plan.subscription}
              </Text>
            ) : null}
          </>
        ),
      },
      {
        key: 'price',
        header: 'Price($)',
        sortValue: (plan) => plan.price,
        cell: (plan) => formatPriceAmount(plan.price),
      },
      { key: 'months', header: 'Months', sortValue: (plan) => plan.month, cell: (plan) => plan.month },
      {
        key: 'status',
        header: 'Status',
        sortValue: (plan) => plan.status,
        cell: (plan) => {
          const active = plan.status === 'active';
          // Every sign-up starts on the free plan: the API refuses to switch it off (409).
          const locked = plan.subscription_id === DEFAULT_PLAN_ID && active;
          return (
            <Group gap="sm" wrap="nowrap">
              <Switch
                label={<VisuallyHidden>Active: {plan.title}</VisuallyHidden>}
                // The (invisible) input lies under the track; letting clicks through the track
                // makes the input itself the target, for people and for test drivers alike.
                styles={{ track: { pointerEvents: 'none' } }}
                checked={active}
                disabled={togglingId !== null || locked}
                title={locked ? messages.freePlanStaysActive : undefined}
                onChange={() => onToggleStatus(plan)}
              />
              <Badge variant="light" color={active ? 'green' : 'gray'} size="sm">
                {active ? 'Active' : 'Inactive'}
              </Badge>
            </Group>
          );
        },
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
);
