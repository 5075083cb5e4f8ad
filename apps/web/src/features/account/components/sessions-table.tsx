import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ActiveSession } from '@workhub/shared/schemas/account';
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
  <Table.ScrollContainer minWidth={640}>
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Device</Table.Th>
          <Table.Th>IP</Table.Th>
          <Table.Th>Signed in</Table.Th>
          <Table.Th>Last used</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sessions.map((session) => {
          const device = deviceLabel(session.user_agent);
          return (
            <Table.Tr key={session.session_id}>
              <Table.Td>
                <Text fw={600} size="sm" span title={session.user_agent ?? undefined}>
                  {device}
                </Text>
                {session.current ? (
                  <Badge ml="xs" size="sm" variant="light" color="green">
                    This device
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{session.ip ?? '—'}</Table.Td>
              <Table.Td>{formatDateTime(session.created_at)}</Table.Td>
              <Table.Td>{formatDateTime(session.last_used_at)}</Table.Td>
              <Table.Td>
                {session.current ? null : (
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
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
