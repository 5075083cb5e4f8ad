import { REFRESH_COOKIE, REFRESH_TOKEN_TTL_DAYS } from '@workhub/shared/constants';
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
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { AuthService, CodeSent } from './auth.service.ts';
import type { ClientMeta, SessionService, SignedIn } from './sessions.service.ts';

type Options = {
  auth: AuthService;
  sessions: SessionService;
  /** Counts every try per IP and per e-mail (plugins/rate-limit.ts). */
  rateLimit: preValidationAsyncHookHandler;
  secureCookies: boolean;
};

const COOKIE_PATH = '/api/auth';
const sessionResponse = dataEnvelope(authSession);
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { auth, sessions, rateLimit, secureCookies },
) => {
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies,
    path: COOKIE_PATH,
  } as const;

  const meta = (request: FastifyRequest): ClientMeta => ({
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });

  const codeSent = (message: string, sent: CodeSent) => ({
    message,
    data: { email: sent.email, resend_available_at: sent.resendAvailableAt.toISOString() },
  });

  const signedIn = (reply: FastifyReply, { session, refreshToken }: SignedIn, message?: string) => {
    if (refreshToken) {
      reply.setCookie(REFRESH_COOKIE, refreshToken, {
        ...cookieOptions,
        maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
      });
    }
    return message ? { message, data: session } : { data: session };
  };

  const clearCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, cookieOptions);

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Create an account holder and send the verify code',
        body: registerBody,
        response: { 201: codeSentResponse, ...errorResponses(400, 409, 429) },
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
    async (request, reply) =>
      signedIn(reply, await auth.login(request.body, meta(request)), messages.loginWelcome),
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

  const refresh = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return signedIn(reply, await sessions.refresh(request.cookies[REFRESH_COOKIE], meta(request)));
    } catch (err) {
      clearCookie(reply);
      throw err;
    }
  };
  const refreshSchema = (summary: string) => ({
    tags,
    summary,
    response: { 200: sessionResponse, ...errorResponses(401) },
  });
  app.post('/refresh', { schema: refreshSchema('A new access token; rotates the refresh cookie') }, refresh);
  app.post('/session', { schema: refreshSchema('Restore the session on page load (as refresh)') }, refresh);

  app.post(
    '/logout',
    {
      schema: { tags, summary: 'Revoke this sign-in and clear the cookie', response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await sessions.logout(request.cookies[REFRESH_COOKIE]);
      clearCookie(reply);
      return reply.status(204).send();
    },
  );
};
