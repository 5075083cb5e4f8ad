import { messages } from '@workhub/shared/messages';
import { authSession } from '@workhub/shared/schemas/auth';
import { dataEnvelope } from '@workhub/shared/schemas/common';
import { acceptInvitationBody, invitationPreview, invitationTokenParam } from '@workhub/shared/schemas/team';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { refuseCrossSite } from '../../plugins/same-origin.ts';
import { allowReadOnlyRoutes } from '../../plugins/subscription-access.ts';
import { clientMeta, sessionCookie } from '../auth/session-cookie.ts';
import type { PublicInvitationService } from './accept-invitation.service.ts';

const tags = ['invitations'];

type Options = { invitations: PublicInvitationService; secureCookies: boolean; publicUrl: string };

/** The invitee's side of an invitation: public, opened by the token of the mailed link. */
export const invitationRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { invitations, secureCookies, publicUrl },
) => {
  // Accepting an invitation signs the person in; it changes no data of their own account.
  allowReadOnlyRoutes(app);
  const cookie = sessionCookie(secureCookies);

  app.get(
    '/invitations/:token',
    {
      schema: {
        tags,
        summary: 'What an invitation link opens (public)',
        params: invitationTokenParam,
        response: { 200: dataEnvelope(invitationPreview), ...errorResponses(400, 404, 410) },
      },
    },
    async (request) => ({ data: await invitations.preview(request.params.token) }),
  );

  app.post(
    '/invitations/:token/accept',
    {
      // It signs in and sets the refresh cookie: another site's page may not make it do so.
      onRequest: refuseCrossSite(publicUrl),
      schema: {
        tags,
        summary:
          'Accept: a new address sends its name and password; an existing login sends {} with its token',
        description: `New address: ${Object.keys(acceptInvitationBody.shape).join(', ')}. An address that already has a login must be signed in as it (401 otherwise, 403 as another address).`,
        params: invitationTokenParam,
        // Which body applies depends on the invitation, so the service validates it.
        body: z.looseObject({}),
        response: { 200: dataEnvelope(authSession), ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request, reply) =>
      cookie.signedIn(
        reply,
        await invitations.accept(request.params.token, request.body, request.auth, clientMeta(request)),
        messages.invitationAccepted,
      ),
  );
};
