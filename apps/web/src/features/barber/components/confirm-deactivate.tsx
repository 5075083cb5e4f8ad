import { Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/**
 * Asks before a save that takes a record out of use (active before, inactive now): it leaves the
 * booking page and the calendar. Any other save goes straight on.
 */
export const useConfirmDeactivate = (
  wasActive: boolean,
  name: string,
  consequence: string,
): { guard: (nowActive: boolean, save: () => void) => void; dialog: ReactNode } => {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const guard = (nowActive: boolean, save: () => void) => {
    if (wasActive && !nowActive) setPending(() => save);
    else save();
  };
  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      title={`Deactivate ${name}?`}
      confirmLabel="Deactivate"
      busy={false}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const save = pending;
        setPending(null);
        save?.();
      }}
    >
      <Text size="sm">{consequence}</Text>
    </ConfirmDialog>
  );
  return { guard, dialog };
};
