import { REFRESH_COOKIE } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import {
  authSession,
  codeSentResponse,
  forgotPasswordBody,
  loginBody,
  newPasswordBody,
  registerBody,
  resendCodeBody,
  verifyEmailBody,
} from '@workhub/shared/schemas/auth';
import { dataEnvelope } from '@workhub/shared/schemas/common';
import { workspaceSessionBody } from '@workhub/shared/schemas/workspaces';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { AuthRateLimit } from '../../plugins/rate-limit.ts';
import { refuseCrossSite } from '../../plugins/same-origin.ts';
import { allowReadOnlyRoutes } from '../../plugins/subscription-access.ts';
import type { AuthService, CodeSent } from './auth.service.ts';
import { clientMeta, sessionCookie } from './session-cookie.ts';
import type { SessionService, SignedIn } from './sessions.service.ts';

type Options = {
  auth: AuthService;
  sessions: SessionService;
  /** Counts every try per IP and per e-mail; a sign-in gives its try back (plugins/rate-limit.ts). */
  rateLimit: AuthRateLimit;
  secureCookies: boolean;
  /** The app's own origin: a request from any other site is refused (plugins/same-origin.ts). */
  publicUrl: string;
};

const sessionResponse = dataEnvelope(authSession);
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { auth, sessions, rateLimit, secureCookies, publicUrl },
) => {
  // Signing in and out, codes and choosing a workspace change no account's data.
  allowReadOnlyRoutes(app);
  // Every route here reads or sets the refresh cookie, or mails a code: none is for another site.
  app.addHook('onRequest', refuseCrossSite(publicUrl));
  const cookie = sessionCookie(secureCookies);
  const signedIn = cookie.signedIn;
  const meta = clientMeta;

  const codeSent = (message: string, sent: CodeSent) => ({
    message,
    data: {
      email: sent.email,
      resend_available_at: sent.resendAvailableAt.toISOString(),
      ...(sent.attemptId ? { attempt_id: sent.attemptId } : {}),
    },
  });

  app.post(
    '/register',
    {
      preValidation: rateLimit,
      schema: {
        tags,
        summary: 'Start a sign-up attempt and mail its verify code',
        description:
          'The same 201 whether or not the address has an account (its owner is mailed instead). `attempt_id` names this attempt: the verify page sends it back with the code and with resend.',
        body: registerBody,
        response: { 201: codeSentResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(codeSent(messages.registerDone, await auth.register(request.body))),
  );

  app.post(
    '/verify-email',
    {
      preValidation: rateLimit,
      schema: {
        tags,
        summary: 'Check the verify code, then sign in',
        body: verifyEmailBody,
        response: { 200: sessionResponse, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) =>
      signedIn(reply, await auth.verifyEmail(request.body, meta(request)), messages.welcome),
  );

  app.post(
    '/resend-code',
    {
      preValidation: rateLimit,
      schema: {
        tags,
        summary: 'Send a new code (60 s after the previous one)',
        body: resendCodeBody,
        response: { 200: codeSentResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => codeSent(messages.codeSent, await auth.resendCode(request.body)),
  );

  app.post(
    '/login',
    {
      preValidation: rateLimit,
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: loginBody,
        response: { 200: sessionResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const signed = await auth.login(request.body, meta(request));
      await rateLimit.refund(request);
      return signedIn(reply, signed, messages.loginWelcome);
    },
  );

  app.post(
    '/forgot-password',
    {
      preValidation: rateLimit,
      schema: {
        tags,
        summary: 'Send a reset code; the same answer whether or not the address exists',
        body: forgotPasswordBody,
        response: { 200: codeSentResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => codeSent(messages.forgotDone, await auth.forgotPassword(request.body)),
  );

  app.post(
    '/new-password',
    {
      preValidation: rateLimit,
      schema: {
        tags,
        summary: 'Check the reset code, set the password, then sign in',
        body: newPasswordBody,
        response: { 200: sessionResponse, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) =>
      signedIn(reply, await auth.newPassword(request.body, meta(request)), messages.welcome),
  );

  /** A refused session (401) also clears the cookie; other refusals leave it. */
  const clearingOn401 = async (reply: FastifyReply, signIn: () => Promise<SignedIn>) => {
    try {
      return signedIn(reply, await signIn());
    } catch (err) {
      if (isAppError(err) && err.status === 401) cookie.clear(reply);
      throw err;
    }
  };
  const refresh = (request: FastifyRequest, reply: FastifyReply) =>
    clearingOn401(reply, () => sessions.refresh(request.cookies[REFRESH_COOKIE], meta(request)));
  const refreshSchema = (summary: string) => ({
    tags,
    summary,
    response: { 200: sessionResponse, ...errorResponses(401) },
  });
  app.post('/refresh', { schema: refreshSchema('A new access token; rotates the refresh cookie') }, refresh);
  app.post(
    '/session',
    {
      schema: {
        tags,
        summary: 'Restore the session on page load (as refresh)',
        description:
          'No refresh cookie means an anonymous visitor, not an error: 200 `{ data: null }`. A cookie that is present but invalid answers 401 and is cleared.',
        response: { 200: dataEnvelope(authSession.nullable()), ...errorResponses(401) },
      },
    },
    // Every anonymous page load asks; a 401 there would be a console error on each public page.
    // An empty cookie is no cookie (what a cleared one leaves in some clients).
    async (request, reply) => (request.cookies[REFRESH_COOKIE] ? refresh(request, reply) : { data: null }),
  );

  app.post(
    '/logout',
    {
      schema: { tags, summary: 'Revoke this sign-in and clear the cookie', response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await sessions.logout(request.cookies[REFRESH_COOKIE]);
      cookie.clear(reply);
      return reply.status(204).send();
    },
  );

  app.post(
    '/workspace-session',
    {
      schema: {
        tags,
        summary: 'Act in a workspace (login-auto): tokens scoped to it, remembered by refresh',
        description:
          'Needs the refresh cookie. `workspace_id: null` goes back to the own account. 404 not a member, 403 membership inactive, 409 workspace archived.',
        body: workspaceSessionBody,
        response: { 200: sessionResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      clearingOn401(reply, () =>
        sessions.chooseWorkspace(request.cookies[REFRESH_COOKIE], request.body.workspace_id, meta(request)),
      ),
  );
};
