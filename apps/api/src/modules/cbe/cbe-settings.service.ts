import { CBE_TIME_ZONE, type CbeSettings } from '@workhub/shared/schemas/cbe';
import type { Ctx } from '../../context.ts';
import { settingsVersion } from '../../db/edit-lock.ts';
import { workspaces } from '../../db/schema/workspaces.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { joinSettings, theWorkspace, zoneOf } from '../../db/workspace-zone.ts';
import { AppError } from '../../lib/app-error.ts';
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
    .select({
      timeZone: zoneOf(cbeSettings.timeZone, CBE_TIME_ZONE),
      version: settingsVersion(cbeSettings.updatedAt),
    })
    .from(workspaces)
    .leftJoin(cbeSettings, joinSettings(cbeSettings))
    .where(theWorkspace(scope));
  const timeZone = row?.timeZone ?? CBE_TIME_ZONE;
  // The day the web opens the register and the payment form on, and their latest day.
  return {
    time_zone: timeZone,
    today: dayIn(ctx.now(), timeZone),
    updated_at: (row?.version ?? new Date(0)).toISOString(),
  };
}

/** The school's today, in its time zone. */
export const schoolToday = async (ctx: Ctx, scope: WorkspaceScope) => (await settingsOf(ctx, scope)).today;

/**
 * A day the school has not reached yet is refused (400 on `field`): a register marked ahead mails
 * guardians an absence that has not happened, a payment dated ahead is counted in the arrears
 * already but in the dashboard's collection only once its day comes.
 */
export async function refuseAfterToday(
  ctx: Ctx,
  scope: WorkspaceScope,
  day: string,
  field: string,
  message: string,
): Promise<void> {
  if (day > (await schoolToday(ctx, scope)))
    throw new AppError(400, 'VALIDATION_FAILED', message, { fields: { [field]: message } });
}
