import { Badge, Switch, Text, VisuallyHidden } from '@mantine/core';
import type { Subscriber } from '@workhub/shared/schemas/admin';
import { DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../lib/labels.ts';
import {
  ACCOUNT_STATUS_LABELS,
  holderName,
  subscriptionEnd,
  subscriptionLabel,
} from './subscriber-labels.ts';

type SubscribersTableProps = {
  subscribers: Subscriber[];
  /** The account whose status is being changed, if any. */
  togglingId: string | null;
  onToggleStatus: (subscriber: Subscriber) => void;
};

/** The account holders: name, e-mail, plan, trial or paid end, status, workspaces and the switch. */
export const SubscribersTable = ({ subscribers, togglingId, onToggleStatus }: SubscribersTableProps) => (
  <DataTable
    label="Subscribers"
    minWidth={760}
    rows={subscribers}
    rowKey={(row) => row.account_id}
    columns={[
      {
        key: 'name',
        header: 'Name',
        sortValue: holderName,
        cell: (row) => (
          <Text fw={600} size="sm">
            {holderName(row)}
          </Text>
        ),
      },
      {
        key: 'email',
        header: 'E-mail',
        sortValue: (row) => row.email,
        cell: (row) => (
          <>
            <Text size="sm">{row.email}</Text>
            {row.email_verified ? null : (
              // Signed up without entering the mailed code: the holder cannot sign in yet.
              <Badge variant="light" color="orange" size="sm" mt={4}>
                Not verified
              </Badge>
            )}
          </>
        ),
      },
      {
        key: 'plan',
        header: 'Plan',
        sortValue: (row) => row.plan_title,
        cell: (row) => (
          <>
            <Text size="sm">{row.plan_title ?? '—'}</Text>
            {row.subscription_status ? (
              <Text size="xs" c={row.access === 'read_only' ? 'red.8' : 'dimmed'}>
                {subscriptionLabel(row)}
              </Text>
            ) : null}
          </>
        ),
      },
      {
        key: 'ends',
        header: 'Ends',
        sortValue: (row) => subscriptionEnd(row)?.date,
        cell: (row) => {
          const end = subscriptionEnd(row);
          if (!end) return '—';
          return (
            <>
              <Text size="sm">{formatDate(end.date)}</Text>
              <Text size="xs" c="dimmed">
                {end.label}
              </Text>
            </>
          );
        },
      },
      {
        key: 'status',
        header: 'Status',
        sortValue: (row) => row.status,
        cell: (row) => (
          <Badge variant="light" color={row.status === 'active' ? 'green' : 'gray'} size="sm">
            {ACCOUNT_STATUS_LABELS[row.status]}
          </Badge>
        ),
      },
      {
        key: 'workspaces',
        header: 'Workspaces',
        sortValue: (row) => row.workspaces,
        cell: (row) => row.workspaces,
      },
      {
        key: 'active',
        header: 'Active',
        cell: (row) => (
          <Switch
            label={<VisuallyHidden>Active: {holderName(row)}</VisuallyHidden>}
            // As in the team table: clicks go through the track to the (invisible) input.
            styles={{ track: { pointerEvents: 'none' } }}
            checked={row.status === 'active'}
            disabled={togglingId !== null}
            onChange={() => onToggleStatus(row)}
          />
        ),
      },
    ]}
  />
);
