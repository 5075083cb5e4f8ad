import { useLocation } from 'react-router';

type ReturnState = { from?: unknown };

/** Router state for a link whose target should come back here after saving. */
export const useHereAsReturn = (): { from: string } => {
  const { pathname, search } = useLocation();
  return { from: `${pathname}${search}` };
};

/**
 * The page that opened a form (a list with its filters and page), where the form goes back to after
 * saving; null when it was opened directly. Only paths of this app are followed.
 */
export const useReturnTo = (): string | null => {
  const state = useLocation().state as ReturnState | null;
  const from = state?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
};
