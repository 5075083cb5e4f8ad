import { Button, type ButtonProps, Loader } from '@mantine/core';
import type { ReactNode } from 'react';

type SaveButtonProps = Omit<ButtonProps, 'loading' | 'disabled'> & {
  /** A save is on its way: shown, and a second press does nothing. */
  busy: boolean;
  /** Nothing to save: looks and reads disabled, and a press does nothing. */
  idle?: boolean;
  onSave: () => void;
  children: ReactNode;
};

/**
 * The Save of a page that stays open after saving (the register, the gradebook). Mantine's
 * `loading` and `disabled` take the button out of the focus order: a keyboard user who pressed
 * Enter on it found the focus on the page's body, as it went busy and again as nothing was left to
 * save. This one stays focusable (aria-busy, aria-disabled) and ignores a press meanwhile.
 */
export const SaveButton = ({ busy, idle = false, onSave, children, ...props }: SaveButtonProps) => (
  <Button
    {...props}
    aria-busy={busy || undefined}
    aria-disabled={idle || undefined}
    data-disabled={idle || undefined}
    leftSection={busy ? <Loader size="xs" color="currentColor" /> : undefined}
    onClick={() => {
      if (!busy && !idle) onSave();
    }}
  >
    {children}
  </Button>
);
