import type { AuthSession } from '@workhub/shared/schemas/auth';
import type { AcceptInvitationBody } from '@workhub/shared/schemas/team';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';

type AcceptAs =
  /** A new login: the invitee's name and password; no bearer token. */
  | { kind: 'new'; body: AcceptInvitationBody }
  /** An existing login, signed in as the invited address: `{}` with the bearer token. */
  | { kind: 'signed_in' };

/** POST /api/invitations/:token/accept: 'Welcome to the workspace!' and a session scoped to it. */
export const acceptInvitation = (token: string, as: AcceptAs) =>
  apiRequest<Envelope<AuthSession>>(`/api/invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    body: as.kind === 'new' ? as.body : {},
    auth: as.kind === 'signed_in',
  });
