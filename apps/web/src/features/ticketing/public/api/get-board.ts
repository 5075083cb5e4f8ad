import { useQuery } from '@tanstack/react-query';
import type { BoardState } from '@workhub/shared/schemas/ticketing';
import { apiRequest } from '../../../../lib/api-client.ts';
import type { Envelope } from '../../../../lib/api-types.ts';

export const boardKey = (slug: string) => ['ticketing-public', 'board', slug] as const;

/** GET /api/public/queues/:slug (no sign-in): the queue's board; 404 for an unknown or closed queue. */
export const getBoard = async (slug: string, signal?: AbortSignal): Promise<BoardState> =>
  (
    await apiRequest<Envelope<BoardState>>(`/api/public/queues/${encodeURIComponent(slug)}`, {
      auth: false,
      signal,
    })
  ).data;

export const useBoard = (slug: string) =>
  useQuery({ queryKey: boardKey(slug), queryFn: () => getBoard(slug) });

/** The board's server-sent events stream. */
export const boardEventsUrl = (slug: string) => `/api/public/queues/${encodeURIComponent(slug)}/events`;
