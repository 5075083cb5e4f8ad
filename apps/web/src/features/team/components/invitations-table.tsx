import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { Invitation } from '@workhub/shared/schemas/team';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate, INVITATION_STATUS_LABELS, personName, ROLE_LABELS } from '../../../lib/labels.ts';
import { notify } from '../../../lib/notify.tsx';
import { useInvitations } from '../api/get-invitations.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';

/** Invitations not accepted yet: pending ones, and expired ones that can be sent again. */
export const InvitationsTable = () => {
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  // Revoking kills the link already in the invitee's inbox: ask first.
  const [revoking, setRevoking] = useState<Invitation | null>(null);
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
    } finally {
      setRevoking(null);
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="invitations-title"
      // A grid item grows to its table's width unless allowed to shrink (cut off at 1366 px).
      miw={0}
    >
      <Title order={2} fz="h4" mb="md" id="invitations-title">
        Pending invitations
      </Title>
      <DataTable
        label="Pending invitations"
        minWidth={560}
        verticalSpacing="xs"
        rows={invitations.data}
        loading={invitations.isPending}
        error={invitations.error}
        errorTitle="The invitations could not be loaded"
        onRetry={() => void invitations.refetch()}
        empty={
          <Text c="dimmed" size="sm" py="md" ta="center">
            No pending invitations.
          </Text>
        }
        rowKey={(invitation) => invitation.invitation_id}
        columns={[
          { key: 'name', header: 'Name', sortValue: (i) => personName(i), cell: (i) => personName(i) },
          { key: 'email', header: 'Email', sortValue: (i) => i.email, cell: (i) => i.email },
          {
            key: 'role',
            header: 'Role',
            sortValue: (i) => ROLE_LABELS[i.role],
            cell: (i) => ROLE_LABELS[i.role],
          },
          {
            key: 'status',
            header: 'Status',
            sortValue: (i) => i.status,
            cell: (invitation) => (
              <Badge variant="light" color={invitation.status === 'pending' ? 'yellow' : 'gray'} size="sm">
                {INVITATION_STATUS_LABELS[invitation.status]}
              </Badge>
            ),
          },
          {
            key: 'expires',
            header: 'Expires',
            sortValue: (i) => i.expires_at,
            cell: (i) => formatDate(i.expires_at),
          },
          {
            key: 'actions',
            header: 'Actions',
            cell: (invitation) => (
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
                  onClick={() => setRevoking(invitation)}
                >
                  Revoke
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <ConfirmDialog
        opened={revoking !== null}
        title={messages.confirmInvitationRevoke(revoking?.email ?? '')}
        confirmLabel="Revoke invitation"
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void onRevoke(revoking)}
      >
        <Text size="sm">{messages.confirmInvitationRevokeBody(revoking?.email ?? '')}</Text>
      </ConfirmDialog>
    </Paper>
  );
};
