import { useQuery } from '@tanstack/react-query';
import type { PublicTicket } from '@workhub/shared/schemas/ticketing';
import { apiRequest } from '../../../../lib/api-client.ts';
import type { Envelope } from '../../../../lib/api-types.ts';
import { isNotFound } from '../not-found.tsx';

/** GET /api/public/queues/:slug/tickets/:publicId (no sign-in): a ticket's live place. */
export const getPublicTicket = async (slug: string, id: string): Promise<PublicTicket> =>
  (
    await apiRequest<Envelope<PublicTicket>>(
      `/api/public/queues/${encodeURIComponent(slug)}/tickets/${encodeURIComponent(id)}`,
      { auth: false },
    )
  ).data;

/**
 * Read again every 5 s while the page is open, and at once when the board's events say so; no
 * more once it is known not to exist (asking again finds nothing).
 */
export const usePublicTicket = (slug: string, id: string) =>
  useQuery({
    queryKey: ['ticketing-public', 'ticket', slug, id] as const,
    queryFn: () => getPublicTicket(slug, id),
    refetchInterval: (query) => (isNotFound(query.state.error) ? false : 5000),
  });
