import { CBE_TIME_ZONE, type CbeSettings } from '@workhub/shared/schemas/cbe';
import type { Ctx } from '../../context.ts';
import { workspaces } from '../../db/schema/workspaces.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { joinSettings, theWorkspace, zoneOf } from '../../db/workspace-zone.ts';
import { cbeSettings } from './cbe.schema.ts';

/** 'YYYY-MM-DD' of `at` in `timeZone`. */
export const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/**
 * The school's settings; a school that never saved any keeps the zone its workspace was created
 * in, else Africa/Nairobi (db/workspace-zone.ts).
 */
export async function settingsOf(ctx: Ctx, scope: WorkspaceScope): Promise<CbeSettings> {
  const [row] = await ctx.db
    .select({ timeZone: zoneOf(cbeSettings.timeZone, CBE_TIME_ZONE) })
    .from(workspaces)
    .leftJoin(cbeSettings, joinSettings(cbeSettings))
    .where(theWorkspace(scope));
  return { time_zone: row?.timeZone ?? CBE_TIME_ZONE };
}

/** The school's today, in its time zone. */
export const schoolToday = async (ctx: Ctx, scope: WorkspaceScope) =>
  dayIn(ctx.now(), (await settingsOf(ctx, scope)).time_zone);
