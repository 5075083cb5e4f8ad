import { useCallback, useEffect, useRef, useState } from 'react';

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

/** The focus is nowhere: its element was removed (or blurred), the page's body holds it. */
const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * An editor shown in place of the button that opened it (a form in a dialog or a table's row): the
 * button is gone, the focus falls to the page's body, and a keyboard user starts again from the
 * top. This ref, put on the element holding the editor's fields, moves the focus to their
 * `[data-autofocus]` field as it appears (also when it appears after a read), unless the focus has
 * gone somewhere meanwhile. A dialog does this itself when it opens, not for what appears later.
 */
export const useFocusOnMount = () =>
  useCallback((node: HTMLElement | null) => {
    if (!node || !focusLost()) return;
    node.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

/**
 * Which in-place editor is open, by key, for buttons that make way for the editor they open:
 * `open(key)` shows it, `done(key)` closes it (Cancel, or saved) and gives the focus back to its
 * button as the button returns, `opener(key)` being that button's ref; `reset()` closes it without
 * (the dialog around it closing hands the focus back itself). The editor takes the focus with
 * `useFocusOnMount`.
 */
export const useInPlaceEditor = <K extends string>() => {
  const [editing, setEditing] = useState<K | null>(null);
  const current = useRef<K | null>(null);
  const returnTo = useRef<K | null>(null);
  const open = useCallback((key: K) => {
    current.current = key;
    setEditing(key);
  }, []);
  const done = useCallback((key: K) => {
    // A late answer of an editor already left (another one opened since) closes nothing.
    if (current.current !== key) return;
    current.current = null;
    returnTo.current = key;
    setEditing(null);
  }, []);
  const reset = useCallback(() => {
    current.current = null;
    returnTo.current = null;
    setEditing(null);
  }, []);
  const opener = useCallback(
    (key: K) => (node: HTMLElement | null) => {
      if (!node || returnTo.current !== key) return;
      returnTo.current = null;
      if (focusLost()) node.focus();
    },
    [],
  );
  // Refs are set before effects run: a button that did not come back (gone with its record) is not
  // focused later, when it shows again for something else.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each open or close on purpose
  useEffect(() => {
    returnTo.current = null;
  }, [editing]);
  return { editing, open, done, reset, opener };
};
