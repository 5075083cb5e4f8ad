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

/** How often a kiosk reads its queue again (open or closed, the waiting counts). */
export const KIOSK_REFRESH_MS = 30_000;

/**
 * The queue's board, read again every `refreshMs` when given: a kiosk left running follows the
 * queue opening and closing, and its waiting counts, without anyone touching it.
 */
export const useBoard = (slug: string, refreshMs?: number) =>
  useQuery({ queryKey: boardKey(slug), queryFn: () => getBoard(slug), refetchInterval: refreshMs });

/** The board's server-sent events stream. */
export const boardEventsUrl = (slug: string) => `/api/public/queues/${encodeURIComponent(slug)}/events`;
