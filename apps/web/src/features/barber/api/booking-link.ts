import { usePublicUrl } from '../../../lib/use-public-slug.ts';

/** The salon's public booking page (/book/:slug), for the dashboard to show and share. */
export const useBookingLink = () => usePublicUrl((slug) => `/book/${slug}`);
