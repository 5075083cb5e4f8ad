import { cbeMessages, cbeSettingsBody, cbeSettings as cbeSettingsSchema } from '@workhub/shared/schemas/cbe';
import { dataEnvelope } from '@workhub/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.ts';
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
        body: cbeSettingsBody,
        response: { 200: dataEnvelope(cbeSettingsSchema), ...readErrors },
      },
    },
    async (request) => {
      const scope = moduleScope(request);
      const at = ctx.now();
      await ctx.db
        .insert(cbeSettings)
        .values({ ...scope.workspaceValues(), timeZone: request.body.time_zone, updatedAt: at })
        .onConflictDoUpdate({
          target: [cbeSettings.accountId, cbeSettings.workspaceId],
          set: { timeZone: request.body.time_zone, updatedAt: at },
        });
      return { message: cbeMessages.saved, data: await settingsOf(ctx, scope) };
    },
  );
};
