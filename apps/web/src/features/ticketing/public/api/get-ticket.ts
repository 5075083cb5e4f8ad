import { useQuery } from '@tanstack/react-query';
import type { PublicTicket } from '@workhub/shared/schemas/ticketing';
import { apiRequest } from '../../../../lib/api-client.ts';
import type { Envelope } from '../../../../lib/api-types.ts';

/** GET /api/public/queues/:slug/tickets/:publicId (no sign-in): a ticket's live place. */
export const getPublicTicket = async (slug: string, id: string): Promise<PublicTicket> =>
  (
    await apiRequest<Envelope<PublicTicket>>(
      `/api/public/queues/${encodeURIComponent(slug)}/tickets/${encodeURIComponent(id)}`,
      { auth: false },
    )
  ).data;

/** Read again every 5 s while the page is open, and at once when the board's events say so. */
export const usePublicTicket = (slug: string, id: string) =>
  useQuery({
    queryKey: ['ticketing-public', 'ticket', slug, id] as const,
    queryFn: () => getPublicTicket(slug, id),
    refetchInterval: 5000,
  });
