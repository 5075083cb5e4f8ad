import { Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { Invitation } from '@workhub/shared/schemas/team';
import { QueryState } from '../../../components/data-states.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate, INVITATION_STATUS_LABELS, ROLE_LABELS } from '../../../lib/labels.ts';
import { notify } from '../../../lib/notify.tsx';
import { useInvitations } from '../api/get-invitations.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';

/** Invitations not accepted yet: pending ones, and expired ones that can be sent again. */
export const InvitationsTable = () => {
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const busyId = resend.isPending ? resend.variables : revoke.isPending ? revoke.variables : null;

  const onResend = async (invitation: Invitation) => {
    try {
      const answer = await resend.mutateAsync(invitation.invitation_id);
      notify.success(answer.message || messages.invitationResent);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const onRevoke = async (invitation: Invitation) => {
    try {
      await revoke.mutateAsync(invitation.invitation_id);
      notify.success(messages.invitationRevoked);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="invitations-title">
      <Title order={2} fz="h4" mb="md" id="invitations-title">
        Pending invitations
      </Title>
      <QueryState query={invitations} errorTitle="The invitations could not be loaded">
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed" size="sm" py="md" ta="center">
              No pending invitations.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Expires</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((invitation) => (
                    <Table.Tr key={invitation.invitation_id}>
                      <Table.Td>{invitation.email}</Table.Td>
                      <Table.Td>{ROLE_LABELS[invitation.role]}</Table.Td>
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={invitation.status === 'pending' ? 'yellow' : 'gray'}
                          size="sm"
                        >
                          {INVITATION_STATUS_LABELS[invitation.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{formatDate(invitation.expires_at)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="light"
                            loading={resend.isPending && busyId === invitation.invitation_id}
                            disabled={busyId !== null}
                            onClick={() => onResend(invitation)}
                          >
                            Resend
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            loading={revoke.isPending && busyId === invitation.invitation_id}
                            disabled={busyId !== null}
                            onClick={() => onRevoke(invitation)}
                          >
                            Revoke
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
    </Paper>
  );
};
