import type { PublicTicket, TicketBody } from '@workhub/shared/schemas/ticketing';
import { apiRequest } from '../../../../lib/api-client.ts';
import type { Envelope } from '../../../../lib/api-types.ts';

/** POST /api/public/queues/:slug/tickets (no sign-in): the kiosk's ticket. */
export const takeTicket = async (slug: string, body: TicketBody): Promise<PublicTicket> =>
  (
    await apiRequest<Envelope<PublicTicket>>(`/api/public/queues/${encodeURIComponent(slug)}/tickets`, {
      method: 'POST',
      body,
      auth: false,
    })
  ).data;
