import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import type { Envelope } from './api-types.ts';
import { useAuth } from './use-auth.ts';

/**
 * The session workspace's public slug (GET /api/workspaces/:id), which names its public pages: a
 * salon's booking page (/book/:slug), a queue's kiosk and board (/q/:slug/take, /q/:slug/board).
 * It never changes for a workspace: read once.
 */
export const usePublicSlug = () => {
  const workspaceId = useAuth()?.workspace_id ?? null;
  return useQuery({
    queryKey: ['workspace-public-slug', workspaceId],
    enabled: workspaceId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () =>
      (
        await apiRequest<Envelope<{ public_slug: string }>>(
          `/api/workspaces/${encodeURIComponent(workspaceId ?? '')}`,
        )
      ).data.public_slug,
  });
};

/** The address of a public page of the session workspace (`path` of its slug), once the slug is in. */
export const usePublicUrl = (path: (slug: string) => string): string | undefined => {
  const slug = usePublicSlug().data;
  return slug === undefined ? undefined : `${window.location.origin}${path(encodeURIComponent(slug))}`;
};
