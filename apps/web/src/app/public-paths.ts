/**
 * The addresses a visitor opens without signing in (spec section 2), as react-router patterns.
 * routes.tsx preloads each one's chunks; the web build (build/signed-in-html.ts) hands them to the
 * API, which answers every other address with the HTML that preloads the signed-in shell. No
 * imports here: vite.config.ts reads this file at build time.
 */
export const LOGIN_PATHS = ['/auth/login', '/auth/user/login', '/sign-in'] as const;

export const PUBLIC_PATHS = [
  '/',
  '/pricing',
  '/profile',
  ...LOGIN_PATHS,
  '/auth/register',
  '/auth/verify/:email?',
  '/auth/forgot-password',
  '/auth/new-password/:email?',
  '/signin',
  '/invitations/:token',
  '/book/:slug',
  '/book/:slug/manage/:token',
  '/q/:slug/take',
  '/q/:slug/board',
  '/q/:slug/t/:id',
] as const;

export type PublicPath = (typeof PUBLIC_PATHS)[number];
