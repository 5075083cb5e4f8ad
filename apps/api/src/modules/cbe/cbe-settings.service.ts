import { CBE_TIME_ZONE, type CbeSettings } from '@workhub/shared/schemas/cbe';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { cbeSettings } from './cbe.schema.ts';

/** 'YYYY-MM-DD' of `at` in `timeZone`. */
export const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/** The school's settings; a school that never saved any has the defaults (Africa/Nairobi). */
export async function settingsOf(ctx: Ctx, scope: WorkspaceScope): Promise<CbeSettings> {
  const [row] = await ctx.db
    .select({ timeZone: cbeSettings.timeZone })
    .from(cbeSettings)
    .where(and(scope.workspace(cbeSettings), eq(cbeSettings.workspaceId, scope.workspaceId)));
  return { time_zone: row?.timeZone ?? CBE_TIME_ZONE };
}

/** The school's today, in its time zone. */
export const schoolToday = async (ctx: Ctx, scope: WorkspaceScope) =>
  dayIn(ctx.now(), (await settingsOf(ctx, scope)).time_zone);
