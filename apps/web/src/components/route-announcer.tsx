import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { OFF_SCREEN } from '../lib/off-screen.ts';

/** How long a new page may take to name itself (its code and data loading) before it is read out as is. */
const SETTLE_MS = 1000;

/**
 * Reads out the new page's title after a move within the app: a screen reader hears nothing when
 * the router swaps the page, as a browser's own page load would have announced. The page names
 * itself (useDocumentTitle) once its code has loaded, so the title is read once it changes, or
 * after a second when it stays the same. Focus stays where it was (the link clicked), or, when the
 * move took it with it (a form's Save), goes to the new page's heading (useFocusAfterNavigation);
 * the first page of a visit is announced by the browser itself.
 */
export const RouteAnnouncer = () => {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is "the path changed", so read out the new title.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const announce = () => setMessage(document.title);
    let timer = window.setTimeout(announce, SETTLE_MS);
    const title = document.querySelector('title');
    const observer = new MutationObserver(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(announce, 50);
    });
    if (title) observer.observe(title, { childList: true, characterData: true, subtree: true });
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
  return (
    <span style={OFF_SCREEN} aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </span>
  );
};
