import { useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '@workhub/shared/schemas/team';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';

export const invitationKey = (token: string) => ['invitation', token] as const;

/** GET /api/invitations/:token (public): who invited whom to what; 404 unknown, 410 expired or revoked. */
export const getInvitation = async (token: string): Promise<InvitationPreview> =>
  (
    await apiRequest<Envelope<InvitationPreview>>(`/api/invitations/${encodeURIComponent(token)}`, {
      auth: false,
    })
  ).data;

export const useInvitation = (token: string) =>
  useQuery({ queryKey: invitationKey(token), queryFn: () => getInvitation(token), staleTime: 0 });
