import { Badge, Button, Text } from '@mantine/core';
import type { ActiveSession } from '@workhub/shared/schemas/account';
import { DataTable } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/labels.ts';
import { deviceLabel } from '../device-label.ts';

type SessionsTableProps = {
  sessions: ActiveSession[];
  /** The session being signed out, if any. */
  revokingId: string | null;
  onRevoke: (session: ActiveSession) => void;
};

/** The signed-in devices: Device, IP, Signed in, Last used, and 'Sign out' for each other one. */
export const SessionsTable = ({ sessions, revokingId, onRevoke }: SessionsTableProps) => (
  <DataTable
    label="Signed-in devices"
    minWidth={640}
    rows={sessions}
    rowKey={(session) => session.session_id}
    columns={[
      {
        key: 'device',
        header: 'Device',
        sortValue: (session) => deviceLabel(session.user_agent),
        cell: (session) => (
          <>
            <Text fw={600} size="sm" span title={session.user_agent ?? undefined}>
              {deviceLabel(session.user_agent)}
            </Text>
            {session.current ? (
              <Badge ml="xs" size="sm" variant="light" color="green">
                This device
              </Badge>
            ) : null}
          </>
        ),
      },
      { key: 'ip', header: 'IP', sortValue: (session) => session.ip, cell: (session) => session.ip ?? '—' },
      {
        key: 'created',
        header: 'Signed in',
        sortValue: (session) => session.created_at,
        cell: (session) => formatDateTime(session.created_at),
      },
      {
        key: 'used',
        header: 'Last used',
        sortValue: (session) => session.last_used_at,
        cell: (session) => formatDateTime(session.last_used_at),
      },
      {
        key: 'actions',
        header: 'Actions',
        hideHeader: true,
        cell: (session) =>
          session.current ? null : (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={revokingId === session.session_id}
              disabled={revokingId !== null && revokingId !== session.session_id}
              onClick={() => onRevoke(session)}
            >
              Sign out
            </Button>
          ),
      },
    ]}
  />
);
