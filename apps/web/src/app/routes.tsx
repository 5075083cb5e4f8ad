import { matchPath, Route, Routes } from 'react-router';
import { PLANS_PATH } from '../features/plans/api/plans-path.ts';
import { signedInFirstRender } from '../lib/first-page.ts';
import { prefetchPublic } from '../lib/http.ts';
import { lazyPage, type Preloadable } from '../lib/lazy-page.ts';
import { GuestOnly } from './guards/guest-only.tsx';
import { LOGIN_PATHS, PUBLIC_PATHS, type PublicPath } from './public-paths.ts';

// Every page and layout is its own chunk, so the first route carries only what it shows.
const PublicLayout = lazyPage(() => import('./layouts/public-layout.tsx'), 'PublicLayout');
const LandingPage = lazyPage(() => import('../features/marketing/pages/landing-page.tsx'), 'LandingPage');
const PricingPage = lazyPage(() => import('../features/plans/pages/pricing-page.tsx'), 'PricingPage');
const ProfilePage = lazyPage(() => import('../features/profile/pages/profile-page.tsx'), 'ProfilePage');
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page.tsx'), 'RegisterPage');
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/pages/verify-email-page.tsx'),
  'VerifyEmailPage',
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const NewPasswordPage = lazyPage(
  () => import('../features/auth/pages/new-password-page.tsx'),
  'NewPasswordPage',
);
const SignedOutPage = lazyPage(() => import('../features/auth/pages/signed-out-page.tsx'), 'SignedOutPage');
const InvitationPage = lazyPage(
  () => import('../features/invitations/pages/invitation-page.tsx'),
  'InvitationPage',
);
const BookingPage = lazyPage(() => import('../features/barber/public/booking-page.tsx'), 'BookingPage');
const ManageBookingPage = lazyPage(
  () => import('../features/barber/public/manage-booking-page.tsx'),
  'ManageBookingPage',
);
const KioskPage = lazyPage(() => import('../features/ticketing/public/kiosk-page.tsx'), 'KioskPage');
const BoardPage = lazyPage(() => import('../features/ticketing/public/board-page.tsx'), 'BoardPage');
const TicketPage = lazyPage(() => import('../features/ticketing/public/ticket-page.tsx'), 'TicketPage');
const loadSignedInRoutes = () => import('./signed-in-routes.tsx');
const SignedInRoutes = lazyPage(loadSignedInRoutes, 'SignedInRoutes');

/** The chunks each public address shows, as in the table below (preloadRoute). */
const PUBLIC_PAGES: Record<PublicPath, Preloadable[]> = {
  '/': [PublicLayout, LandingPage],
  '/pricing': [PublicLayout, PricingPage],
  '/profile': [PublicLayout, ProfilePage],
  '/auth/login': [LoginPage],
  '/auth/user/login': [LoginPage],
  '/sign-in': [LoginPage],
  '/auth/register': [RegisterPage],
  '/auth/verify/:email?': [VerifyEmailPage],
  '/auth/forgot-password': [ForgotPasswordPage],
  '/auth/new-password/:email?': [NewPasswordPage],
  '/signin': [SignedOutPage],
  '/invitations/:token': [InvitationPage],
  '/book/:slug': [BookingPage],
  '/book/:slug/manage/:token': [ManageBookingPage],
  '/q/:slug/take': [KioskPage],
  '/q/:slug/board': [BoardPage],
  '/q/:slug/t/:id': [TicketPage],
};

/**
 * The public data a public address shows first, asked for with its chunks (prefetchPublic): the
 * plans of /pricing went out only once its page had rendered, a round trip after its scripts, and
 * Lighthouse counted that trip in the page's largest contentful paint.
 */
const PUBLIC_DATA: Partial<Record<PublicPath, string>> = { '/pricing': PLANS_PATH };

/**
 * Starts downloading the chunks of the page at `pathname` at once, while the session is being
 * restored (`restoring`), instead of after it (the routes render only then), and the public data it
 * reads first. Saves a round trip or two on a first visit; the routes below still decide what is
 * shown. Settles once the first render has what it shows (main.tsx holds the routes' first render on
 * it): a public page's chunks; for an address behind sign-in, its shell's and page's chunks, or,
 * should the session turn out signed out, the route table's and the sign-in page's, where the
 * table's guard sends the visitor (the page's own chunks are not waited for).
 */
export const preloadRoute = (pathname: string, restoring: Promise<unknown>): Promise<unknown> => {
  const match = PUBLIC_PATHS.find((pattern) => matchPath(pattern, pathname));
  // A chunk that fails to load here fails again when its page renders, and shows there.
  const settled = (loading: Promise<unknown>) => loading.catch(() => {});
  if (match) {
    const data = PUBLIC_DATA[match];
    if (data) prefetchPublic(data);
    return settled(Promise.all(PUBLIC_PAGES[match].map((page) => page.preload())));
  }
  const signedInPage = settled(
    Promise.all([
      SignedInRoutes.preload(),
      loadSignedInRoutes().then(({ preloadSignedIn }) => preloadSignedIn(pathname)),
    ]),
  );
  const signInPage = () => settled(Promise.all([SignedInRoutes.preload(), LoginPage.preload()]));
  return signedInFirstRender(signedInPage, restoring, signInPage);
};

/** The route table (spec section 2): public and sign-in pages here, the rest in signed-in-routes.tsx. */
export const AppRoutes = () => (
  <Routes>
    <Route element={<PublicLayout />}>
      <Route index element={<LandingPage />} />
      <Route path="/pricing" element={<PricingPage />} />
      <Route path="/profile" element={<ProfilePage />} />
    </Route>

    <Route element={<GuestOnly />}>
      {LOGIN_PATHS.map((path) => (
        <Route key={path} path={path} element={<LoginPage />} />
      ))}
      <Route path="/auth/register" element={<RegisterPage />} />
      <Route path="/auth/verify/:email?" element={<VerifyEmailPage />} />
      <Route path="/auth/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/auth/new-password/:email?" element={<NewPasswordPage />} />
    </Route>
    <Route path="/signin" element={<SignedOutPage />} />
    <Route path="/invitations/:token" element={<InvitationPage />} />
    <Route path="/book/:slug" element={<BookingPage />} />
    <Route path="/book/:slug/manage/:token" element={<ManageBookingPage />} />
    <Route path="/q/:slug/take" element={<KioskPage />} />
    <Route path="/q/:slug/board" element={<BoardPage />} />
    <Route path="/q/:slug/t/:id" element={<TicketPage />} />

    {/* Everything behind sign-in: its own chunk, so the sign-in page does not carry its table. */}
    <Route path="*" element={<SignedInRoutes />} />
  </Routes>
);
