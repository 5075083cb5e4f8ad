import { useCallback } from 'react';

/**
 * A dialog (Mantine's Modal or Drawer) focuses its `[data-autofocus]` element as it opens, else the
 * first focusable one: the header's Close. Fields that arrive after it opened (read first, a loader
 * shown meanwhile) are too late for that, and the dialog stays on Close. This ref, put on the element
 * holding such fields, moves the focus on to their `[data-autofocus]` field as they arrive, unless
 * the focus is no longer in the dialog's frame (the user has moved it into the content already).
 * Fields there from the start need none of this: `data-autofocus` alone does it.
 */
export const useLateAutofocus = () =>
  useCallback((node: HTMLElement | null) => {
    if (!node) return;
    const dialog = node.closest('[role="dialog"]');
    const active = document.activeElement;
    if (!dialog || !active || !dialog.contains(active) || node.contains(active)) return;
    node.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);
