import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { liveSession } from '../db/live-session.ts';
import {
  beginReadAhead,
  beginRequestTransaction,
  beginWriteBatch,
  type RequestTransaction,
  requestPipelines,
  runInRequestContext,
  type Tenant,
} from '../db/tenant-context.ts';
import { accountInactive, type LiveMembership, primeMembership, type ReadAhead } from '../db/tenant-scope.ts';
import type { AccessTokens } from '../lib/access-tokens.ts';
import { unauthorized } from '../lib/app-error.ts';
import { withClientIp } from '../lib/client-ip.ts';
import type { Clock } from '../lib/clock.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified claims of the Bearer token, or null when there is none, or it or its session is not valid. */
    auth: AccessTokenClaims | null;
    /** Set when the token is valid but its holder's accounts were all made inactive (403, not 401). */
    authAccountInactive: boolean;
    /** The transaction this request's tenant queries run in (db/tenant-context.ts), while it is open. */
    tenantTransaction: RequestTransaction | undefined;
    /** The Bearer token's claims once its signature is verified (onRequest); its session is checked later. */
    verifiedClaims: AccessTokenClaims | null;
    /** The session check still under way on a read-ahead route (readAheadOf); undefined once done. */
    sessionCheck: Promise<void> | undefined;
    /**
     * Why the token's workspace claims no longer hold (false: they do): its membership is gone
     * (`removed`) or inactive, the workspace was archived, or its role or template changed
     * (`changed`). Answered as `X-Session-Stale: <why>`.
     */
    sessionStale: StaleReason | false;
  }
  interface FastifyContextConfig {
    /**
     * A read that may be sent ahead of the session check, in the same round trip (readAheadOf,
     * db/tenant-scope.ts workspaceRead): only reads whose effects end with their transaction.
     */
    readAhead?: boolean;
    /**
     * A write route whose usual request writes one statement (lastWrite): on PostgreSQL its session
     * check and its write go as messages on connections no request holds, not in a transaction it
     * holds (db/tenant-context.ts beginWriteBatch). The check is still answered before it writes.
     */
    writeBatch?: boolean;
  }
}

/**
 * The tenant the token's queries may see: its account, and its workspace unless it is the
 * account's owner's (who reaches every workspace of the account, as reachableWorkspaces says).
 */
const tenantOf = (claims: AccessTokenClaims, accountId: string): Tenant => ({
  accountId,
  workspaceId: claims.role === 'owner' ? null : claims.workspace_id,
  userId: claims.user_id,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads `Authorization: Bearer <token>` on every request; routes that need it call requireAuth.
 * A signature is not enough: the token's sign-in (`sid`, its refresh-token family) must still be
 * live and its user active, so logout, "sign out other sessions", a new password and deactivation
 * end the token at once rather than when it expires.
 *
 * In two steps. onRequest checks the signature only (no database), so a request with no valid
 * token can be refused before its body is read (`hasVerifiedToken`). preValidation, once the body
 * is in, opens the request's transaction and checks the session in it: a request never holds a
 * pooled connection while its client is still sending (ten slow uploads would hold the whole pool,
 * and under load the requests holding connections waited for bodies that the ones waiting for a
 * connection held up: the server stopped answering; docs/performance.md).
 *
 * A read-ahead route (`config: { readAhead: true }`: the task and project lists, one task, project
 * or milestone, the dashboard) does not wait for the check's answer on PostgreSQL: its reads follow
 * the check's statement in the same write, and its handler answers only once the check holds
 * (readAheadOf; docs/decisions.md 028).
 */
export function registerAuth(app: FastifyInstance, tokens: AccessTokens, db: Db, now: Clock): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authAccountInactive', false);
  app.decorateRequest('tenantTransaction', undefined);
  app.decorateRequest('verifiedClaims', null);
  app.decorateRequest('sessionCheck', undefined);
  app.decorateRequest('sessionStale', false);
  // First: the rest of the request runs where its transaction can be found.
  app.addHook('onRequest', (_request, _reply, done) => runInRequestContext(done));
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const claims = await tokens.verify(header.slice(7).trim());
    // Every token issued carries sid; one without (or with a malformed one) has no session to check.
    if (!claims?.sid || !UUID.test(claims.sid) || !UUID.test(claims.user_id)) return;
    request.verifiedClaims = claims;
  });
  app.addHook('preValidation', async (request) => {
    const claims = request.verifiedClaims;
    if (!claims) return;
    // Platform staff act in no account: their transaction sees no tenant until assertStaff
    // switches it to the platform role.
    const readAhead = request.routeOptions.config?.readAhead === true;
    if (readAhead && claims.account_id) {
      // On PostgreSQL its statements go out as one read-only message (db/read-batch.ts).
      request.tenantTransaction = await beginReadAhead(db, tenantOf(claims, claims.account_id));
    } else if (request.routeOptions.config?.writeBatch === true && claims.account_id) {
      request.tenantTransaction = await beginWriteBatch(db, tenantOf(claims, claims.account_id));
    } else if (claims.account_id || claims.platform_role) {
      request.tenantTransaction = await beginRequestTransaction(
        db,
        tenantOf(claims, claims.account_id ?? ''),
      );
    }
    const checking = liveSession(db, claims, now()).then(async ({ state, membership }) => {
      if (state === 'live' && claims.workspace_id) request.sessionStale = claimsOutlived(claims, membership);
      if (state !== 'live') await endTenantTransaction(request, true);
      if (state === 'live') {
        request.auth = claims;
        // Read with the session: the tenant scope of this request does not read it again.
        if (claims.account_id && claims.workspace_id) primeMembership(claims, membership);
      } else if (state === 'account_inactive') request.authAccountInactive = true;
    });
    // A read-ahead route sends its statements behind the session's before its answer is back; the
    // handler waits for the check before it answers (readAheadOf). Without pipelining it would
    // only run the read before knowing whether it is wanted: the check is awaited here.
    if (readAhead && requestPipelines()) {
      checking.catch(() => {});
      request.sessionCheck = checking;
      return;
    }
    await checking;
  });
  registerTransactionEnd(app);
  // The API applies a new role (or a removal) at once; the token, and the navigation the web app
  // built from it, still say the old one until it is refreshed: this tells the client to refresh.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.sessionStale) reply.header(STALE_SESSION_HEADER, request.sessionStale);
    return payload;
  });
}

/** The answer header that says the token's workspace claims no longer hold (refresh the session). */
export const STALE_SESSION_HEADER = 'x-session-stale';

/**
 * Why a workspace token's claims no longer hold: the first four put the session out of its
 * workspace (the web says which), `changed` keeps it there with another role or template.
 */
export type StaleReason = 'removed' | 'inactive' | 'archived' | 'changed';

/** Whether (and why) a workspace token's role, template or membership is no longer the live one. */
function claimsOutlived(
  claims: AccessTokenClaims,
  membership: LiveMembership | undefined,
): StaleReason | false {
  if (!membership) return 'removed';
  if (membership.status !== 'active') return 'inactive';
  if (membership.archived) return 'archived';
  return membership.role !== claims.role || membership.template !== claims.template ? 'changed' : false;
}

/**
 * Whether the request carries a token with a valid signature (onRequest, before its session is
 * checked): a gate that needs a signed-in caller answers 401 without one before reading the body.
 */
export const hasVerifiedToken = (request: FastifyRequest): boolean => request.verifiedClaims !== null;

/** Commits (or not) the request's transaction, once; later queries of the request run without it. */
async function endTenantTransaction(request: FastifyRequest, commit: boolean): Promise<void> {
  const transaction = request.tenantTransaction;
  if (!transaction) return;
  request.tenantTransaction = undefined;
  await transaction.end(commit);
}

/**
 * A request that a public page makes (plugins/public-gate.ts) acts for the workspace its address
 * names, not for whoever may be signed in: a token's transaction and claims are dropped, and the
 * request's transaction is opened for `tenant`.
 */
export async function actAsPublic(request: FastifyRequest, db: Db, tenant: Tenant): Promise<void> {
  await endTenantTransaction(request, true);
  request.auth = null;
  request.verifiedClaims = null;
  request.authAccountInactive = false;
  request.tenantTransaction = await beginRequestTransaction(db, tenant);
}

/**
 * Ends each request's transaction before its answer leaves: a change is answered 2xx only once it
 * is committed (a commit that fails is answered as the error it is); a 4xx or 5xx rolls back, so a
 * refused request changes nothing. A request that ends without an answer (the client went away)
 * rolls back.
 */
function registerTransactionEnd(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    await endTenantTransaction(request, reply.statusCode < 400);
    return payload;
  });
  const rollBack = async (request: FastifyRequest) => endTenantTransaction(request, false);
  app.addHook('onResponse', rollBack);
  app.addHook('onRequestAbort', rollBack);
}

/**
 * The token of a read-ahead route (`config: { readAhead: true }`), for db/tenant-scope.ts
 * workspaceRead, the one place that acts on claims whose session is still being checked, and that
 * never answers with what it read before the check holds. Without a check under way (PGlite, or
 * done already), the claims requireAuth gives.
 */
export function readAheadOf(request: FastifyRequest): ReadAhead {
  const checking = request.sessionCheck;
  if (!checking) return { claims: requireAuth(request), confirmed: null };
  request.sessionCheck = undefined;
  const claims = request.verifiedClaims;
  if (!claims) throw unauthorized();
  return { claims, confirmed: checking.then(() => requireAuth(request)) };
}

export function requireAuth(request: FastifyRequest): AccessTokenClaims {
  if (request.authAccountInactive) throw accountInactive(request.verifiedClaims?.role === 'owner');
  if (!request.auth) throw unauthorized();
  // The audit log's address of the change (lib/client-ip.ts).
  return withClientIp(request.auth, request.ip);
}
