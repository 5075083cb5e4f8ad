import { Text } from '@mantine/core';
import { type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/**
 * Asks before unsaved changes are lost: a reload or closing the tab (the browser's own prompt,
 * beforeunload), a move to another page (a sidebar link, any navigate()), and any change the page
 * routes through `guard` (a selector that loads other records in place of the edited ones).
 *
 * React Router's useBlocker needs the data router, which the app does not use (main.tsx: its
 * ~16 KB do not fit the sign-in page's budget). Every in-app move still goes through the router's
 * navigator (push, replace, go): while there are changes, those calls wait for the confirm dialog.
 * The browser's back button moves before any script is asked, and is not held.
 */
export function useUnsavedChangesGuard(
  dirty: boolean,
  what: string,
): {
  guard: (change: () => void) => void;
  dialog: ReactNode;
} {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  // The move waiting for an answer (a function in state: set through an updater that returns it).
  const [pending, setPending] = useState<(() => void) | null>(null);
  const hold = useCallback((change: () => void) => setPending(() => change), []);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chrome before 119 and Safari ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const { push, replace, go } = navigator;
    navigator.push = (...args) => hold(() => push.apply(navigator, args));
    navigator.replace = (...args) => hold(() => replace.apply(navigator, args));
    navigator.go = (delta) => hold(() => go.call(navigator, delta));
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      navigator.go = go;
    };
  }, [dirty, navigator, hold]);

  const guard = useCallback((change: () => void) => (dirty ? hold(change) : change()), [dirty, hold]);

  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      title="Discard unsaved changes?"
      confirmLabel="Discard changes"
      busy={false}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const change = pending;
        setPending(null);
        change?.();
      }}
    >
      <Text size="sm">Your changes to {what} are not saved yet. If you go on, they are lost.</Text>
    </ConfirmDialog>
  );
  return { guard, dialog };
}
