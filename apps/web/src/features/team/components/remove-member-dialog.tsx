import { Text } from '@mantine/core';
import type { TeamMember } from '@workhub/shared/schemas/team';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

type RemoveMemberDialogProps = {
  member: TeamMember | null;
  workspaceName: string;
  removing: boolean;
  onCancel: () => void;
  onConfirm: (member: TeamMember) => void;
};

/** Asks before removing: the person leaves this workspace only, nothing else of theirs changes. */
export const RemoveMemberDialog = ({
  member,
  workspaceName,
  removing,
  onCancel,
  onConfirm,
}: RemoveMemberDialogProps) => {
  const name = member ? `${member.first_name} ${member.last_name}`.trim() || member.email : '';
  return (
    <ConfirmDialog
      opened={member !== null}
      title={`Remove ${name}?`}
      confirmLabel="Remove from workspace"
      busy={removing}
      onCancel={onCancel}
      onConfirm={() => member && onConfirm(member)}
    >
      <Text size="sm">
        {name} will leave {workspaceName} only. Their login, their other workspaces and what they did here
        stay as they are; you can invite them again later.
      </Text>
    </ConfirmDialog>
  );
};
