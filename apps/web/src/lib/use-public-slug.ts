import { useSession } from './use-session.ts';

/**
 * The address of a public page of the session workspace (`path` of its public slug): a salon's
 * booking page (/book/:slug), a queue's kiosk and board (/q/:slug/take, /q/:slug/board).
 * The slug comes with the session's workspace, so every member may share the page (GET
 * /api/workspaces/:id, where it was read before, is for its owner and admins only: a worker's
 * dashboard asked it and was refused). Undefined outside a workspace.
 */
export const usePublicUrl = (path: (slug: string) => string): string | undefined => {
  const session = useSession();
  const slug = session.status === 'signed_in' ? session.user.workspace?.public_slug : undefined;
  return slug === undefined ? undefined : `${window.location.origin}${path(encodeURIComponent(slug))}`;
};
