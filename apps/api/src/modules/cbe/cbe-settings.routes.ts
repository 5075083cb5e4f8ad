import { cbeMessages, cbeSettingsBody, cbeSettings as cbeSettingsSchema } from '@workhub/shared/schemas/cbe';
import { dataEnvelope } from '@workhub/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.ts';
import { lockSettings } from '../../db/edit-lock.ts';
import { editVersionOf } from '../../lib/edit-version.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import { cbeSettings } from './cbe.schema.ts';
import { readErrors, security, tags } from './cbe-common.ts';
import { settingsOf } from './cbe-settings.service.ts';

/** GET /api/cbe/settings (cbe:read), PUT /api/cbe/settings (cbe:manage). */
export const cbeSettingsRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.get(
    '/cbe/settings',
    {
      config: { action: 'cbe:read' },
      schema: {
        tags,
        security,
        summary:
          "The school's settings: its time zone, and its today in it (the dashboard's day, the register's and payment form's default and latest day)",
        response: { 200: dataEnvelope(cbeSettingsSchema), ...readErrors },
      },
    },
    async (request) => ({ data: await settingsOf(ctx, moduleScope(request)) }),
  );
  app.put(
    '/cbe/settings',
    {
      config: { action: 'cbe:manage' },
      schema: {
        tags,
        security,
        summary: "Set the school's time zone (an IANA name, e.g. Africa/Nairobi)",
        description: EDIT_VERSION_NOTE,
        headers: ifMatchHeader,
        body: cbeSettingsBody,
        response: { 200: dataEnvelope(cbeSettingsSchema), ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => {
      const scope = moduleScope(request);
      const expected = editVersionOf((request.headers as Record<string, string | undefined>)['if-match']);
      await ctx.db.transaction(async (tx) => {
        const at = await lockSettings(tx, 'cbe', cbeSettings, scope, expected, ctx.now());
        await tx
          .insert(cbeSettings)
          .values({ ...scope.workspaceValues(), timeZone: request.body.time_zone, updatedAt: at })
          .onConflictDoUpdate({
            target: [cbeSettings.accountId, cbeSettings.workspaceId],
            set: { timeZone: request.body.time_zone, updatedAt: at },
          });
      });
      return { message: cbeMessages.saved, data: await settingsOf(ctx, scope) };
    },
  );
};
