import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_ID } from '../../components/skip-link.tsx';

/** How long a new page may take to show its heading (its code and data loading) before we give up. */
const WAIT_FOR_HEADING_MS = 10_000;

const focusIsLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

/**
 * After a route change that took the focus with it, the new page's main heading takes it: a form's
 * Save that goes back to its list (a member's Save to /team), a row's link gone with its page. The
 * keyboard then goes on from the top of the new page, and a screen reader says where it is. A
 * change that left the focus where it was (a sidebar link, still there) leaves it there. The
 * heading may come later than the route (a lazy page, a page that waits for its data): it is
 * watched for until then, unless the user moves the focus meanwhile.
 */
export const useFocusAfterNavigation = () => {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    // The page first opened: the browser starts at the top, as for any page.
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    /** Done when the focus is no longer lost, or the heading took it. */
    const settle = () => {
      if (!focusIsLost()) return true;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) {
        heading.tabIndex = -1;
        // A target for the keyboard to start from, not a control: no focus ring.
        heading.style.outline = 'none';
      }
      heading.focus();
      return true;
    };
    if (settle()) return;
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname]);
};
