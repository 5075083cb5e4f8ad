import { messages } from '@workhub/shared/messages';
import { dataEnvelope, listEnvelope, paginationQuery } from '@workhub/shared/schemas/common';
import {
  invitation,
  inviteBody,
  memberStatusBody,
  memberUpdateBody,
  teamListQuery,
  teamMember,
  userIdParam,
} from '@workhub/shared/schemas/team';
import { idParam } from '@workhub/shared/schemas/workspaces';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editVersionOf } from '../../lib/edit-version.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { InvitationService } from './invite-members.service.ts';
import type { TeamService } from './team.service.ts';

const tags = ['team'];
const security = [{ bearerAuth: [] }];
const memberResponse = dataEnvelope(teamMember);
const invitationResponse = dataEnvelope(invitation);

/** The team of the workspace the session acts in (POST /api/auth/workspace-session). */
export const teamRoutes: FastifyPluginAsyncZod<{
  team: TeamService;
  invitations: InvitationService;
}> = async (app, { team, invitations }) => {
  app.get(
    '/team',
    {
      schema: {
        tags,
        security,
        summary: 'Members of the current workspace, in the order they joined (q: name or e-mail)',
        querystring: teamListQuery,
        response: { 200: listEnvelope(teamMember), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => team.list(requireAuth(request), request.query),
  );

  app.post(
    '/team/invitations',
    {
      schema: {
        tags,
        security,
        summary: 'Invite a person: mails a link valid 7 days',
        body: inviteBody,
        response: { 201: invitationResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.invitationSent,
        data: await invitations.invite(requireAuth(request), request.body),
      }),
  );

  app.get(
    '/team/invitations',
    {
      schema: {
        tags,
        security,
        summary: 'Invitations not accepted nor revoked (pending and expired), newest first',
        querystring: paginationQuery,
        response: { 200: listEnvelope(invitation), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => invitations.listOpen(requireAuth(request), request.query),
  );

  app.post(
    '/team/invitations/:id/resend',
    {
      schema: {
        tags,
        security,
        summary: 'Mail a new link with a new 7-day expiry (the old link stops working)',
        params: idParam,
        response: { 200: invitationResponse, ...errorResponses(400, 401, 403, 404, 409, 410, 429) },
      },
    },
    async (request) => ({
      message: messages.invitationResent,
      data: await invitations.resend(requireAuth(request), request.params.id),
    }),
  );

  app.delete(
    '/team/invitations/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke an invitation (its link stops working)',
        params: idParam,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      await invitations.revoke(requireAuth(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/team/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'One member of the current workspace',
        params: userIdParam,
        response: { 200: memberResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await team.get(requireAuth(request), request.params.userId) }),
  );

  app.patch(
    '/team/:userId',
    {
      schema: {
        tags,
        security,
        summary: "Edit a member's role (and details, when the person belongs to this account alone)",
        description: EDIT_VERSION_NOTE,
        params: userIdParam,
        headers: ifMatchHeader,
        body: memberUpdateBody,
        response: { 200: memberResponse, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await team.update(
        requireAuth(request),
        request.params.userId,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  app.patch(
    '/team/:userId/status',
    {
      schema: {
        tags,
        security,
        summary: "Active ('1') or inactive ('0') in this workspace",
        params: userIdParam,
        body: memberStatusBody,
        response: { 200: memberResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: messages.statusToggled,
      data: await team.setStatus(requireAuth(request), request.params.userId, request.body.status),
    }),
  );

  app.delete(
    '/team/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'Take the person out of this workspace (their login and other workspaces stay)',
        params: userIdParam,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await team.remove(requireAuth(request), request.params.userId);
      return reply.status(204).send();
    },
  );
};
