import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { barberKey } from './query-keys.ts';

/** The public booking page's address of the current workspace (its public_slug, GET /api/workspaces/:id). */
export const useBookingLink = () => {
  const workspaceId = useAuth()?.workspace_id ?? null;
  return useQuery({
    queryKey: [...barberKey, 'booking-link', workspaceId],
    enabled: workspaceId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const answer = await apiRequest<Envelope<{ public_slug: string }>>(
        `/api/workspaces/${encodeURIComponent(workspaceId ?? '')}`,
      );
      return `${window.location.origin}/book/${answer.data.public_slug}`;
    },
  });
};
