import { Button, Group, Modal, Text } from '@mantine/core';
import type { TeamMember } from '@workhub/shared/schemas/team';

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
    <Modal opened={member !== null} onClose={onCancel} title={`Remove ${name}?`} centered>
      <Text size="sm">
        {name} will leave {workspaceName} only. Their login, their other workspaces and what they did here
        stay as they are; you can invite them again later.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={removing}>
          Cancel
        </Button>
        <Button color="red" loading={removing} onClick={() => member && onConfirm(member)}>
          Remove from workspace
        </Button>
      </Group>
    </Modal>
  );
};
