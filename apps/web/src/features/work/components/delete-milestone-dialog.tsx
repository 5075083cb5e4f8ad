import { Text } from '@mantine/core';
import type { Milestone } from '@workhub/shared/schemas/work';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { counted } from '../../../lib/labels.ts';

type DeleteMilestoneDialogProps = {
  milestone: Milestone | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (milestone: Milestone) => void;
};

const taskCount = (count: number) => counted(count, 'task');

/** Asks before deleting a milestone, and says what becomes of its tasks: they move to the project. */
export const DeleteMilestoneDialog = ({
  milestone,
  deleting,
  onCancel,
  onConfirm,
}: DeleteMilestoneDialogProps) => (
  <ConfirmDialog
    opened={milestone !== null}
    title={`Delete ${milestone?.name ?? 'milestone'}?`}
    confirmLabel="Delete milestone"
    busy={deleting}
    onCancel={onCancel}
    onConfirm={() => milestone && onConfirm(milestone)}
  >
    <Text size="sm">
      Its tasks are not deleted: they move to the project {milestone?.project_name}, without a milestone.
    </Text>
    {milestone && milestone.tasks_count > 0 ? (
      <Text size="sm" mt="xs" c="dimmed">
        {taskCount(milestone.tasks_count)} will move.
      </Text>
    ) : null}
  </ConfirmDialog>
);
