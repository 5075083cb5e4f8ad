import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/** The id of the page's `main`, where the skip link goes; the main takes focus (tabIndex -1). */
export const MAIN_ID = 'main';

const skip = (event: MouseEvent<HTMLAnchorElement>) => {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  // Focus, not the URL's #main: the router keeps the address, the next Tab starts in the page.
  event.preventDefault();
  main.focus();
  main.scrollIntoView?.({ block: 'start' });
};

/**
 * The first thing the Tab key reaches on a page with a header and navigation before it: straight to
 * the page's content (WCAG 2.4.1, bypass blocks), shown only while it has focus. Without it, a
 * keyboard went through the search, the user menu and every sidebar link on every page.
 */
export const SkipLink = () => (
  <a className={classes.link} href={`#${MAIN_ID}`} onClick={skip}>
    Skip to main content
  </a>
);
