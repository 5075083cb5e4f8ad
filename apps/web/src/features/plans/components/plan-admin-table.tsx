import { Anchor, Badge, Group, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { DEFAULT_PLAN_ID } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import type { Plan } from '@workhub/shared/schemas/plans';
import { Link } from 'react-router';

type PlanAdminTableProps = {
  plans: Plan[];
  /** The plan whose status is being changed, if any. */
  togglingId: number | null;
  onToggleStatus: (plan: Plan) => void;
};

const priceFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Every plan: Title, Price($), Months, Status with its active/inactive switch, and Edit. */
export const PlanAdminTable = ({ plans, togglingId, onToggleStatus }: PlanAdminTableProps) => (
  <Table.ScrollContainer minWidth={640}>
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Title</Table.Th>
          <Table.Th>Price($)</Table.Th>
          <Table.Th>Months</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Edit</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {plans.map((plan) => {
          const active = plan.status === 'active';
          // Every sign-up starts on the free plan: the API refuses to switch it off (409).
          const locked = plan.subscription_id === DEFAULT_PLAN_ID && active;
          return (
            <Table.Tr key={plan.subscription_id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {plan.title}
                </Text>
                {plan.subscription ? (
                  <Text size="xs" c="dimmed">
                    {plan.subscription}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{priceFormat.format(plan.price)}</Table.Td>
              <Table.Td>{plan.month}</Table.Td>
              <Table.Td>
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
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/subscription/${plan.subscription_id}`} size="sm">
                  Edit
                </Anchor>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
