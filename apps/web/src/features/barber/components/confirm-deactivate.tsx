import { Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/**
 * Asks before a save that takes a record out of use (active before, inactive now): it leaves the
 * booking page and the calendar. Any other save goes straight on.
 */
export const useConfirmDeactivate = (
  wasActive: boolean,
  name: string,
  consequence: string,
): {
  submit: (nowActive: boolean, save: () => Promise<unknown>) => (event: FormEvent) => void;
  dialog: ReactNode;
} => {
  const [pending, setPending] = useState<(() => void) | null>(null);
  /** The form's onSubmit: saves now, or once the deactivation is confirmed. */
  const submit = (nowActive: boolean, save: () => Promise<unknown>) => (event: FormEvent) => {
    event.preventDefault();
    const run = () => void save();
    if (wasActive && !nowActive) setPending(() => run);
    else run();
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
  return { submit, dialog };
};
