import './lib/zod-setup.ts';
import fastifyCookie from '@fastify/cookie';
import { MODULES } from '@workhub/shared/modules';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type Config, ConfigError } from './config.ts';
import type { Ctx } from './context.ts';
import { type DbHandle, openDb } from './db/client.ts';
import { tenantAware, watchPlatformUse } from './db/tenant-context.ts';
import { createAccessTokens } from './lib/access-tokens.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { openRedisLink } from './lib/redis-link.ts';
import { registerViewerDate } from './lib/viewer-date.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createAdminDashboardService } from './modules/admin/admin-dashboard.service.ts';
import { createSubscriberService } from './modules/admin/subscribers.service.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCodeService } from './modules/auth/codes.service.ts';
import { createSessionService } from './modules/auth/sessions.service.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createPublicInvitationService } from './modules/invitations/accept-invitation.service.ts';
import { invitationRoutes } from './modules/invitations/invitations.routes.ts';
import { Mailer } from './modules/mail/mailer.ts';
import { meRoutes } from './modules/me/me.routes.ts';
import { securityRoutes } from './modules/me/security.routes.ts';
import { createSecurityService } from './modules/me/security.service.ts';
import { milestoneRoutes } from './modules/milestones/milestones.routes.ts';
import { createMilestoneService } from './modules/milestones/milestones.service.ts';
import { adminPlanRoutes } from './modules/plans/admin-plans.routes.ts';
import { createAdminPlanService } from './modules/plans/admin-plans.service.ts';
import { planRoutes } from './modules/plans/plans.routes.ts';
import { projectRoutes } from './modules/projects/projects.routes.ts';
import { createProjectService } from './modules/projects/projects.service.ts';
import { createProviderClients } from './modules/sso/provider-clients.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { createSsoService } from './modules/sso/sso.service.ts';
import { createSsoStateCodec } from './modules/sso/sso-state.ts';
import { tagRoutes } from './modules/tags/tags.routes.ts';
import { createTagService } from './modules/tags/tags.service.ts';
import { taskRoutes } from './modules/tasks/tasks.routes.ts';
import { createTaskService } from './modules/tasks/tasks.service.ts';
import { createInvitationService } from './modules/team/invite-members.service.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { createTeamService } from './modules/team/team.service.ts';
import { MODULE_ROUTES } from './modules/template-modules.ts';
import { workspaceRoutes } from './modules/workspaces/workspaces.routes.ts';
import { createWorkspaceService } from './modules/workspaces/workspaces.service.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import {
  answerFrameworkError,
  registerErrorHandling,
  registerNotFound,
  safeValidatorCompiler,
} from './plugins/errors.ts';
import { type LogStream, loggerOptions, OneLinePerRequest } from './plugins/logger.ts';
import { registerModule } from './plugins/module-gate.ts';
import { registerPublicModule } from './plugins/public-gate.ts';
import {
  authRateLimit,
  FallbackRateLimitStore,
  MemoryRateLimitStore,
  publicMailRateLimit,
  publicWriteRateLimit,
  type RateLimitStore,
  RedisRateLimitStore,
  registerGlobalRateLimit,
  userRateLimit,
} from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSignInRequired } from './plugins/sign-in-required.ts';
import { registerSubscriptionAccess } from './plugins/subscription-access.ts';
import { registerUploads } from './plugins/uploads.ts';
import { registerWeb } from './plugins/web.ts';

export type Deps = {
  /** An open, migrated database; without it the app opens (and later closes) its own. */
  db?: DbHandle;
  /** The clock of every rule (codes, tokens, limits); tests move it instead of waiting. */
  now?: Clock;
  rateLimitStore?: RateLimitStore;
  /** Sees every route as it is registered (the route-coverage test lists them with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go (pino's JSON, one per line); stdout without it. Tests read the logs here. */
  logStream?: LogStream;
};

const BODY_LIMIT_BYTES = 100 * 1024;

async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline styles; the built SPA loads its own scripts and styles only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  await app.register(fastifyCookie);
}

/** Fastify takes a hop count as a function: trust the nearest `hops` proxies. */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * Fastify's schema compilers made from the zod ones (the same that setValidatorCompiler and
 * setSerializerCompiler take): a factory is asked for a compiler of route schemas and nothing else.
 * Its types are ajv's and fast-json-stringify's (its defaults), hence the cast.
 */
const zodCompilersFactory = {
  buildValidator: () => safeValidatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** The whole HTTP app, not listening: the server and the tests build it the same way. */
export async function buildApp(config: Config, deps: Deps = {}): Promise<FastifyInstance> {
  if (!config.jwtSecret) throw new ConfigError('No JWT secret: load the config with loadConfig()');
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    frameworkErrors: (err, request, reply) => answerFrameworkError(err, request, reply),
    // Every schema is zod's (the two compilers below): without factories of its own, Fastify loads
    // ajv and fast-json-stringify to build its defaults, ~170 ms of every start (docs/performance.md).
    schemaController: { compilersFactory: zodCompilersFactory },
  });
  // Before any route: an onRoute hook sees only the routes registered after it.
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(safeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const now = deps.now ?? systemClock;
  const ownsDb = !deps.db;
  const handle = deps.db ?? (await openDb(config));
  if (ownsDb) await handle.migrate();
  // Every query of the app runs as the app's role, in the request's tenant (db/tenant-context.ts).
  const db = tenantAware(await handle.appDb());
  watchPlatformUse((use) => app.log.info({ platform: use }, 'platform role taken'));
  // Redis (REDIS_URL) holds the rate-limit counters every instance shares; while it is down each
  // process counts on its own (lib/redis-link.ts), and the log says so.
  const redis = config.redisUrl ? await openRedisLink(config.redisUrl, app.log) : undefined;

  const mailer = new Mailer({
    db,
    now,
    log: app.log,
    smtpUrl: config.mailTransport === 'smtp' ? config.smtpUrl : undefined,
    from: config.mailFrom,
  });
  const tokens = createAccessTokens(config.jwtSecret, now);
  const ctx: Ctx = { db, now, config, mailer, tokens, log: app.log };
  const sessions = createSessionService(ctx);
  const auth = createAuthService(ctx, createCodeService(ctx), sessions);
  const store =
    deps.rateLimitStore ??
    (redis
      ? new FallbackRateLimitStore(
          redis,
          new RedisRateLimitStore(redis.client),
          new MemoryRateLimitStore(now),
        )
      : new MemoryRateLimitStore(now));
  const globalStore = redis
    ? new FallbackRateLimitStore(
        redis,
        new RedisRateLimitStore(redis.client, 'workhub:grl:'),
        new MemoryRateLimitStore(now),
      )
    : undefined;

  app.addHook('onClose', async () => {
    await mailer.close();
    await redis?.close();
    if (ownsDb) await handle.close();
  });

  await registerSecurity(app, config);
  await registerGlobalRateLimit(app, config.globalRateLimit, globalStore);
  await registerDocs(app, config.publicUrl);
  registerAuth(app, tokens, db, now);
  registerSignInRequired(app);
  registerViewerDate(app);
  registerSubscriptionAccess(app, db, now);

  await app.register(healthRoutes, { prefix: '/api', db });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    auth,
    sessions,
    rateLimit: authRateLimit(store, config.authRateLimit),
    secureCookies: config.secureCookies,
    publicUrl: config.publicUrl,
  });
  await app.register(ssoRoutes, {
    prefix: '/api/auth',
    sso: createSsoService(ctx, auth, sessions),
    clients: createProviderClients(config),
    stateCodec: createSsoStateCodec(config.jwtSecret, now),
    rateLimit: authRateLimit(store, config.authRateLimit),
    publicUrl: config.publicUrl,
    secureCookies: config.secureCookies,
  });
  await app.register(meRoutes, { prefix: '/api', ctx });
  await app.register(securityRoutes, {
    prefix: '/api',
    security: createSecurityService(ctx, sessions),
    rateLimit: userRateLimit(store, config.authRateLimit),
  });
  await app.register(planRoutes, { prefix: '/api', db });
  await app.register(adminPlanRoutes, { prefix: '/api', plans: createAdminPlanService(ctx) });
  await app.register(adminRoutes, {
    prefix: '/api',
    dashboard: createAdminDashboardService(ctx),
    subscribers: createSubscriberService(ctx),
  });
  await app.register(accountRoutes, { prefix: '/api', ctx });
  await app.register(billingRoutes, { prefix: '/api', billing: createBillingService(ctx) });
  await app.register(workspaceRoutes, { prefix: '/api', workspaces: createWorkspaceService(ctx) });
  await app.register(dashboardRoutes, { prefix: '/api', dashboard: createDashboardService(ctx) });
  await app.register(teamRoutes, {
    prefix: '/api',
    team: createTeamService(ctx),
    invitations: createInvitationService(ctx),
  });
  await app.register(projectRoutes, { prefix: '/api', projects: createProjectService(ctx) });
  await app.register(milestoneRoutes, { prefix: '/api', milestones: createMilestoneService(ctx) });
  await app.register(taskRoutes, { prefix: '/api', tasks: createTaskService(ctx) });
  await app.register(tagRoutes, { prefix: '/api', tags: createTagService(ctx) });
  await app.register(auditRoutes, { prefix: '/api', audit: createAuditService(ctx) });
  // The template modules (docs/modules.md): each behind the gate of its manifest's templates.
  const limitWrite = publicWriteRateLimit(store, config.publicWriteRateLimit);
  const limitMail = publicMailRateLimit(store, config.publicMailRateLimit);
  for (const module of MODULES) {
    const { routes, publicRoutes } = MODULE_ROUTES[module.key];
    await registerModule(app, db, module, routes, { ctx });
    if (publicRoutes)
      await registerPublicModule(app, module, publicRoutes, { ctx }, { db, now, limitWrite, limitMail });
  }
  await app.register(invitationRoutes, {
    prefix: '/api',
    invitations: createPublicInvitationService(ctx, sessions),
    secureCookies: config.secureCookies,
    publicUrl: config.publicUrl,
  });
  await registerUploads(app, config.dataDir);
  // Where mail stays in the outbox, the dev mailbox is how it is read (the README's npm start path).
  if (config.mailTransport === 'outbox') {
    const loopbackOnly = config.nodeEnv !== 'development';
    await app.register(devMailboxRoutes, { db, loopbackOnly });
    if (loopbackOnly) {
      app.log.warn(
        'MAIL_TRANSPORT=outbox: no mail is delivered; /dev-mailbox shows every mail (codes and links included) to callers on this machine only; set SMTP_URL to deliver',
      );
    }
  }

  registerNotFound(app, await registerWeb(app, config.webDist));
  return app;
}
