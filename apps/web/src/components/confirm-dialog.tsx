import { Button, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  /** What will happen, in plain words. */
  children: ReactNode;
  confirmLabel: string;
  /** The button that leaves things as they are: 'Cancel', or a clearer word where the action is itself a cancel ('Keep appointment'). */
  cancelLabel?: string;
  /** The confirmed action is under way: the confirm button spins, Cancel waits. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * Asks before a change that cannot be taken back (remove, delete). It opens with the focus on the
 * button that leaves things as they are (data-autofocus, which Mantine's focus trap takes before the
 * header's Close): Enter or Space pressed at once keeps the record.
 */
export const ConfirmDialog = ({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) => (
  <Modal opened={opened} onClose={onCancel} title={title} centered>
    {children}
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
        {cancelLabel}
      </Button>
      <Button color="red" loading={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </Group>
  </Modal>
);
