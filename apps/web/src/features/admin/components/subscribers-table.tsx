import { Badge, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Subscriber } from '@workhub/shared/schemas/admin';
import { formatDate } from '../../../lib/labels.ts';
import { ACCOUNT_STATUS_LABELS, holderName, SUBSCRIPTION_STATUS_LABELS } from './subscriber-labels.ts';

type SubscribersTableProps = {
  subscribers: Subscriber[];
  /** The account whose status is being changed, if any. */
  togglingId: string | null;
  onToggleStatus: (subscriber: Subscriber) => void;
};

/** The account holders: name, e-mail, plan, trial end, status, workspaces and the status switch. */
export const SubscribersTable = ({ subscribers, togglingId, onToggleStatus }: SubscribersTableProps) => (
  <Table.ScrollContainer minWidth={760}>
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>E-mail</Table.Th>
          <Table.Th>Plan</Table.Th>
          <Table.Th>Trial ends</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Workspaces</Table.Th>
          <Table.Th>Active</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {subscribers.map((row) => {
          const name = holderName(row);
          return (
            <Table.Tr key={row.account_id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {name}
                </Text>
              </Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>
                <Text size="sm">{row.plan_title ?? '—'}</Text>
                {row.subscription_status ? (
                  <Text size="xs" c="dimmed">
                    {SUBSCRIPTION_STATUS_LABELS[row.subscription_status]}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{formatDate(row.trial_ends_at)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={row.status === 'active' ? 'green' : 'gray'} size="sm">
                  {ACCOUNT_STATUS_LABELS[row.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{row.workspaces}</Table.Td>
              <Table.Td>
                <Switch
                  label={<VisuallyHidden>Active: {name}</VisuallyHidden>}
                  // As in the team table: clicks go through the track to the (invisible) input.
                  styles={{ track: { pointerEvents: 'none' } }}
                  checked={row.status === 'active'}
                  disabled={togglingId !== null}
                  onChange={() => onToggleStatus(row)}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
