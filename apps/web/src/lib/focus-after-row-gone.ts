import { useCallback, useEffect, useRef } from 'react';

/** Where the focus was when an action that may take its row away began. */
type Remembered = {
  button: HTMLElement;
  row: Element | null;
  /** The rows' parent (the table's body), and the row's place in it. */
  rows: Element | null;
  index: number;
  name: string;
};

/** The focus is nowhere: its element was removed (the page's body holds it) or is now off. */
const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || active.matches(':disabled');
};

const focusable = (element: HTMLElement | null | undefined): element is HTMLElement =>
  !!element && element.isConnected && !element.matches(':disabled');

/** A heading to start again from: reachable by script, not by Tab, and without a focus ring. */
const focusHeading = (heading: HTMLElement | null) => {
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) {
    heading.tabIndex = -1;
    heading.style.outline = 'none';
  }
  heading.focus();
};

/**
 * A row's button whose action takes its row away (Activate in the archived workspaces, a device's
 * Sign out) goes with the row, and the focus falls to the page's body: a keyboard user starts again
 * from the top. `remember()`, called as the action starts, notes the focused button, its row's
 * place in its table and its name. Once the action is over (`busy` false: the list's answer is
 * shown, and the other rows' buttons, off meanwhile, are on again) and the button is gone or off,
 * the button of the same name in the row now at that place (the next one, else the new last one)
 * takes the focus, else `heading()` (the list's heading: the list emptied, or the button stays
 * off). What happened is said by the action's toast (a live alert). A focus the user moved
 * meanwhile stays where it is.
 */
export const useFocusAfterRowGone = (shown: unknown, busy: boolean, heading: () => HTMLElement | null) => {
  const remembered = useRef<Remembered | null>(null);
  const headingRef = useRef(heading);
  headingRef.current = heading;

  const remember = useCallback(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) {
      remembered.current = null;
      return;
    }
    const row = active.closest('tr');
    const rows = row?.parentElement ?? null;
    remembered.current = {
      button: active,
      row,
      rows,
      index: row && rows ? [...rows.children].indexOf(row) : -1,
      name: active.textContent ?? '',
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list shows an answer or the action ends
  useEffect(() => {
    const at = remembered.current;
    if (!at || busy || focusable(at.button)) return;
    remembered.current = null;
    if (!focusLost()) return;
    const rows = at.rows?.isConnected ? [...at.rows.children] : [];
    const next =
      at.index >= 0
        ? [
            ...(rows[Math.min(at.index, rows.length - 1)]?.querySelectorAll<HTMLElement>('button') ?? []),
          ].find((button) => button.textContent === at.name && focusable(button))
        : undefined;
    if (next) next.focus();
    else focusHeading(headingRef.current());
  }, [shown, busy]);

  return remember;
};
