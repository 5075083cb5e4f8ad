import { messages } from '@workhub/shared/messages';
import { type ReactNode, Suspense, useDeferredValue, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { RouteAnnouncer } from '../components/route-announcer.tsx';
import { useFirstPageLoaded } from '../lib/first-page.ts';
import { notify } from '../lib/notify.tsx';
import { clearSession, setSessionLostHandler } from '../lib/session.ts';
import { acknowledgeSignOut, getSession } from '../lib/session-store.ts';
import { listenForLogout } from '../lib/tab-sync.ts';
import { useSession } from '../lib/use-session.ts';
import { AFTER_LOGOUT_PATH, SIGNED_OUT_ELSEWHERE_PATH } from './guards/access.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/**
 * Around every route: waits for the session restore (spec section 2: a loader while it is
 * pending), wires session loss and cross-tab logout, reads out each new page (RouteAnnouncer) and
 * holds the error boundary.
 */
export const AppRoot = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    setSessionLostHandler((loss, message) => {
      if (loss === 'other_tab') {
        navigate(SIGNED_OUT_ELSEWHERE_PATH, { replace: true });
        return;
      }
      notify.error(loss === 'refused' ? message : messages.sessionExpired);
      if (!pathname.startsWith('/auth/'))
        navigate('/auth/login', { replace: true, state: { from: `${pathname}${search}` } });
    });
    return () => setSessionLostHandler(null);
  }, [navigate, pathname, search]);

  useEffect(
    () =>
      listenForLogout(() => {
        if (getSession().status !== 'signed_in') return;
        clearSession('other_tab');
        navigate(SIGNED_OUT_ELSEWHERE_PATH, { replace: true });
      }),
    [navigate],
  );

  // Once the user stands where a sign-out sent them, later guards treat them as a plain visitor.
  useEffect(() => {
    if (session.status !== 'signed_out') return;
    const arrived =
      (session.reason === 'logout' && pathname === AFTER_LOGOUT_PATH) ||
      (session.reason === 'other_tab' && pathname === SIGNED_OUT_ELSEWHERE_PATH);
    if (arrived) acknowledgeSignOut();
  }, [session, pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is "the path changed", so scroll to the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // The routes' first render after the restore is deferred: React renders the shell and the page in
  // slices, letting the browser in between, instead of one long task (Total Blocking Time).
  // Held until the first page's chunks are in too (lib/first-page.ts): the page then renders without
  // suspending, so without the 300 ms React holds a page back after showing a fallback.
  const firstPage = useFirstPageLoaded();
  const restored = useDeferredValue(session.status !== 'restoring' && firstPage);
  if (!restored) return <FullPageLoader />;
  // The announcer stands outside the routes' layouts, so a move between them (the public site, the
  // sign-in pages and the signed-in shell: signing in, a link from the pricing page) is read out too.
  return (
    <>
      <RouteAnnouncer />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<FullPageLoader />}>{children}</Suspense>
      </RouteErrorBoundary>
    </>
  );
};
