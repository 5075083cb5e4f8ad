import type { TemplateModule } from '@workhub/shared/modules';
import { type Action, can } from '@workhub/shared/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.ts';
import { type WorkspaceScope, workspaceScope } from '../db/tenant-scope.ts';
import { forbidden, notFound, unauthorized } from '../lib/app-error.ts';
import { hasVerifiedToken, requireAuth } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The can() action a route of a template module requires (module-gate.ts): 403 without it. */
    action?: Action;
  }
  interface FastifyRequest {
    /** The workspace a template module's route acts in, once the module's gate let the request in. */
    moduleScope: WorkspaceScope | null;
  }
}

const actionsOf = (module: TemplateModule): string[] => Object.keys(module.actions);

/**
 * Registers a template module's routes (its `<key>.routes.ts` plugin, under /api) behind one gate
 * (docs/modules.md):
 * - every route declares `config: { action }`, one of the module's actions, or the app does not
 *   start;
 * - on every request, before the body is read (onRequest), a request without a validly signed
 *   token is 401;
 * - then, once the auth hook has checked the session (preValidation, before a 400 can describe the
 *   input), the caller must be signed in (401) and act in a workspace whose template, read with the
 *   membership now, includes the module; anything else (no workspace, platform staff, a workspace
 *   of another template) is answered 404 with the body of a missing record, so the module does not
 *   exist there; and can() must allow the route's action to the member's role, else 403.
 * Handlers read the workspace with `moduleScope(request)`; their own rules (a record of another
 * workspace is a 404) still go through the tenant scope.
 */
export async function registerModule<O extends Record<string, unknown>>(
  app: FastifyInstance,
  db: Db,
  module: TemplateModule,
  routes: FastifyPluginAsyncZod<O>,
  options: O,
): Promise<void> {
  await app.register(
    async (gated) => {
      gated.decorateRequest('moduleScope', null);
      gated.addHook('onRoute', (route) => {
        const action = route.config?.action;
        if (action === undefined || !actionsOf(module).includes(action)) {
          throw new Error(
            `${[route.method].flat().join(',')} ${route.url}: a route of the ${module.key} module declares config.action, one of ${actionsOf(module).join(', ')}`,
          );
        }
      });
      // Before the body is read: no token with a valid signature is 401 at once.
      gated.addHook('onRequest', async (request) => {
        if (!hasVerifiedToken(request)) throw unauthorized();
      });
      // After the auth hook (app-level preValidation) checked the session in the request's
      // transaction, and before the route's own validation can describe the input.
      gated.addHook('preValidation', async (request) => {
        const auth = requireAuth(request);
        if (auth.account_id === null || auth.workspace_id === null) throw notFound();
        const scope = await workspaceScope(db, auth);
        if (!module.templates.includes(scope.template)) throw notFound();
        request.moduleScope = scope;
        const { action } = request.routeOptions.config;
        if (action === undefined || !can(scope.auth, action)) throw forbidden();
      });
      await gated.register(routes, options);
    },
    { prefix: '/api' },
  );
}

/** The workspace of a request the module gate let in (only a module's own handlers call this). */
export function moduleScope(request: FastifyRequest): WorkspaceScope {
  if (!request.moduleScope) throw new Error(`${request.url} is not a route of a template module`);
  return request.moduleScope;
}
