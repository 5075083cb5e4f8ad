import type { AccountAccess } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import type { Auth } from '@workhub/shared/permissions';
import { accountAccess } from '@workhub/shared/subscription';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { accountScope } from '../db/tenant-scope.ts';
import { AppError, isAppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route keeps working for an account whose trial or paid period is over: signing in,
     * the session, the user's own profile, password and sessions, billing and checkout.
     */
    allowReadOnly?: boolean;
  }
}

export const readOnlyAccount = () => new AppError(403, 'READ_ONLY', messages.readOnlyAccount);

/** Methods that never change anything: always allowed. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What the account the token acts in may do now, or null when it has no subscription row. The
 * subscription is read with the account when the scope is resolved: one query, not two.
 */
export async function accessOfAccount(db: Db, auth: Auth, now: Date): Promise<AccountAccess | null> {
  const { subscription } = await accountScope(db, auth);
  return subscription ? accountAccess(subscription, now) : null;
}

/**
 * The read-only rule in one place (docs/api.md, 'Read-only accounts'): once an account's trial or
 * paid period is over, every request that would create or change something in it is refused with
 * 403 READ_ONLY, whatever the route; reading still works, and routes marked
 * `config: { allowReadOnly: true }` keep working. Requests with no account (platform staff, a
 * member at home, no token) are left to their route.
 */
export function registerSubscriptionAccess(app: FastifyInstance, db: Db, now: Clock): void {
  app.addHook('preHandler', async (request) => {
    if (READS.has(request.method)) return;
    if (request.routeOptions.config?.allowReadOnly) return;
    const auth = request.auth;
    if (!auth?.account_id) return;
    let access: AccountAccess | null;
    try {
      access = await accessOfAccount(db, auth, now());
    } catch (err) {
      // A tenant the route itself refuses (a membership gone or inactive): its own answer stands.
      if (isAppError(err)) return;
      throw err;
    }
    if (access === 'read_only') throw readOnlyAccount();
  });
}

/**
 * Marks every route registered after it in this plugin's context `allowReadOnly`: for modules
 * whose routes never change an account's data (sign-in, the user's own settings, billing).
 */
export function allowReadOnlyRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, allowReadOnly: true };
  });
}
