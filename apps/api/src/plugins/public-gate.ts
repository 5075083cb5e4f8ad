import { messages } from '@workhub/shared/messages';
import type { TemplateModule } from '@workhub/shared/modules';
import { accountAccess } from '@workhub/shared/subscription';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.ts';
import { timesOf } from '../db/subscription-times.ts';
import { findPublicWorkspace, workspaceConditions } from '../db/tenant-scope.ts';
import { AppError, notFound } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { actAsPublic } from './auth.ts';

/** The workspace a public page's request acts for, as the module's handlers use it. */
export type PublicScope = ReturnType<typeof workspaceConditions> & {
  accountId: string;
  workspaceId: string;
  workspaceName: string;
  slug: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The workspace a public route acts for, once the public gate found it by its slug. */
    publicScope: PublicScope | null;
    /** The gate's count of mails to an address a stranger typed (limitPublicMail). */
    publicMailLimit: ((email: string) => Promise<void>) | null;
  }
}

/** What a slug may be (workspaces.public_slug: letters, digits, '-'); anything else is no workspace. */
const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type PublicGateOptions = {
  db: Db;
  now: Clock;
  /** Counts a public write of the caller's IP against the workspace's budget (429 past it). */
  limitWrite: (request: FastifyRequest, workspaceId: string) => Promise<void>;
  /** Counts a mail to an address a stranger typed against that address's budget (429 past it). */
  limitMail: (email: string) => Promise<void>;
};

/**
 * Registers a template module's public routes (a kiosk's, a booking page's; docs/modules.md)
 * under /api/public, behind the one gate they have instead of a session:
 * - every route has a `:slug` parameter, the workspace's public slug, or the app does not start;
 * - on every request the slug must name a workspace that is not archived, of an active account,
 *   whose template includes the module; anything else is 404 with the body of a missing record, so
 *   a slug of another template, a made-up one and a closed business answer alike (a malformed slug
 *   before the body is read, the lookup once it is in: preValidation, before the route's own
 *   validation);
 * - the request then acts for that workspace alone, whoever may be signed in: its transaction's
 *   tenant is the workspace (row-level security, decision 025) and its token is ignored;
 * - a write is refused with 403 READ_ONLY while the account's trial or paid period is over, and
 *   counts against the caller's IP in that workspace (429 past PUBLIC_WRITE_RATE_LIMIT);
 * - a write that mails an address its caller typed calls `limitPublicMail(request, email)` first.
 * Handlers read the workspace with `publicScope(request)` and answer only what the page shows.
 */
export async function registerPublicModule<O extends Record<string, unknown>>(
  app: FastifyInstance,
  module: TemplateModule,
  routes: FastifyPluginAsyncZod<O>,
  options: O,
  gate: PublicGateOptions,
): Promise<void> {
  await app.register(
    async (pub) => {
      pub.decorateRequest('publicScope', null);
      pub.decorateRequest('publicMailLimit', null);
      pub.addHook('onRoute', (route) => {
        if (!route.url.includes('/:slug')) {
          throw new Error(
            `${route.url}: a public route of the ${module.key} module names its workspace with :slug`,
          );
        }
      });
      // Before the body is read: a slug that cannot be one is no workspace.
      pub.addHook('onRequest', async (request) => {
        const { slug } = request.params as { slug?: string };
        if (slug === undefined || !SLUG.test(slug)) throw notFound();
      });
      // Once the body is in (no pooled connection waits on a client still sending).
      pub.addHook('preValidation', async (request) => {
        const { slug } = request.params as { slug: string };
        const found = await findPublicWorkspace(gate.db, slug);
        if (
          !found ||
          found.archived ||
          found.accountStatus !== 'active' ||
          !module.templates.includes(found.template)
        ) {
          throw notFound();
        }
        const tenant = { accountId: found.accountId, workspaceId: found.workspaceId };
        await actAsPublic(request, gate.db, { ...tenant, userId: null });
        request.publicScope = {
          ...workspaceConditions(tenant),
          ...tenant,
          workspaceName: found.workspaceName,
          slug,
        };
        request.publicMailLimit = gate.limitMail;
        if (READS.has(request.method)) return;
        if (found.subscription && accountAccess(timesOf(found.subscription), gate.now()) === 'read_only') {
          throw new AppError(403, 'READ_ONLY', messages.publicReadOnly);
        }
        await gate.limitWrite(request, found.workspaceId);
      });
      await pub.register(routes, options);
    },
    { prefix: '/api/public' },
  );
}

/**
 * For a public write that mails an address its caller typed (a booking's confirmation): counts
 * that mail against the address's budget across every workspace (PUBLIC_MAIL_RATE_LIMIT_PER_EMAIL
 * an hour), 429 past it. Call it first, before anything is written.
 */
export async function limitPublicMail(request: FastifyRequest, email: string): Promise<void> {
  if (!request.publicMailLimit) throw new Error(`${request.url} is not a public route of a template module`);
  await request.publicMailLimit(email);
}

/** The workspace of a request the public gate let in (only a module's public handlers call this). */
export function publicScope(request: FastifyRequest): PublicScope {
  if (!request.publicScope) throw new Error(`${request.url} is not a public route of a template module`);
  return request.publicScope;
}
