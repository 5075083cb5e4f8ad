import { Button, Group, Modal } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

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
  /** The action; one that returns its promise holds the button until it settles. */
  onConfirm: () => unknown;
};

/** How long a confirmation holds the button when the action never reports itself busy. */
export const CONFIRM_HOLD_MS = 1000;

/**
 * One confirmation per click: `busy` comes from a mutation whose pending state reaches React a task
 * after the click (TanStack Query notifies on a timer), so a double-click on "Delete task" sent two
 * deletes, the second answered 404 with an error toast beside the success. The first click holds
 * the button until the action's promise settles (an action that returns one), or until the action
 * has been busy and is done, the dialog opens anew, or (an action that never reports busy)
 * CONFIRM_HOLD_MS have passed.
 */
const useOneConfirmation = (opened: boolean, busy: boolean, onConfirm: () => unknown) => {
  const held = useRef(false);
  const sawBusy = useRef(false);
  const [holding, setHolding] = useState(false);
  const release = useCallback(() => {
    held.current = false;
    sawBusy.current = false;
    setHolding(false);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new opening starts afresh.
  useEffect(release, [opened]);
  useEffect(() => {
    if (busy) sawBusy.current = true;
    else if (sawBusy.current) release();
  }, [busy, release]);
  useEffect(() => {
    if (!holding || busy) return;
    const timer = setTimeout(() => {
      if (!sawBusy.current) release();
    }, CONFIRM_HOLD_MS);
    return () => clearTimeout(timer);
  }, [holding, busy, release]);
  const confirm = () => {
    if (held.current || busy) return;
    held.current = true;
    setHolding(true);
    const action = onConfirm();
    if (action instanceof Promise) {
      // The action handles its own failure; here it only ends the hold.
      sawBusy.current = true;
      action.then(release, release);
    }
  };
  return { holding, confirm };
};

/**
 * What an open dialog shows, kept while it closes: its caller lets go of the record as it closes
 * (`deleting` back to null), and the title and text would turn blank during the fade-out ("Delete
 * milestone?", "move to the project , without a milestone"). Written while open only, and the same
 * value for the same props: rendering twice is harmless.
 */
export const useShownWhileOpen = <T,>(opened: boolean, value: T): T => {
  const shown = useRef(value);
  if (opened) shown.current = value;
  return opened ? value : shown.current;
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
}: ConfirmDialogProps) => {
  const { holding, confirm } = useOneConfirmation(opened, busy, onConfirm);
  const shown = useShownWhileOpen(opened, { title, children });
  return (
    <Modal opened={opened} onClose={onCancel} title={shown.title} centered>
      {shown.children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color="red" loading={busy || holding} onClick={confirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
};
