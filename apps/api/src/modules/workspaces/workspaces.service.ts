import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { messages } from '@workhub/shared/messages';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type {
  Workspace,
  workspaceBody,
  workspaceCreateBody,
  workspaceListQuery,
} from '@workhub/shared/schemas/workspaces';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { countOf, summedCompletion } from '../../db/aggregates.ts';
import { lockVersion } from '../../db/edit-lock.ts';
import { projectTaskCounts } from '../../db/schema/task-counts.ts';
import { type WorkspaceRow, workspaceMembers, workspaces } from '../../db/schema/workspaces.ts';
import { type AccountScope, accountScope } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertCan } from '../../lib/assert-can.ts';
import type { EditVersion } from '../../lib/edit-version.ts';
import { pageOf } from '../../lib/paging.ts';
import { inScope, recordAudit } from '../audit/audit.ts';
import { assertWorkspaceRoom } from '../plans/plan-limits.ts';
import { detectImage, logoStorage, logoUrl } from './logo-storage.ts';

export const logoInvalid = (status: 400 | 413 = 400) =>
  new AppError(status, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED', messages.logoInvalid, {
    fields: { logo: messages.logoInvalid },
  });

/**
 * A new workspace's public slug: up to 32 of its name's ASCII letters and digits, lower-case and
 * joined by '-', then 6 random hex characters ('Acme Clinic' -> 'acme-clinic-3f9a0c'), so that it
 * reads as the business and cannot be guessed from another one's.
 */
export function publicSlugOf(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
  const tail = randomBytes(3).toString('hex');
  return words ? `${words}-${tail}` : tail;
}

/** How many slugs a new workspace draws before giving up: a clash at 6 random characters is rare. */
export const SLUG_DRAWS = 8;

/**
 * Inserts a row with a public slug no other workspace holds: `insert` answers nothing when its
 * slug is taken (ON CONFLICT DO NOTHING), and the slug is drawn again. The random tail is 24 bits,
 * so among thousands of workspaces of one name ("Acme", "Main") a clash is to be expected; it
 * used to fail the request with the unique index's 409.
 */
export async function withFreshSlug<T>(
  name: string,
  insert: (slug: string) => Promise<T | undefined>,
  slugOf: (name: string) => string = publicSlugOf,
): Promise<T> {
  for (let draw = 0; draw < SLUG_DRAWS; draw++) {
    const row = await insert(slugOf(name));
    if (row) return row;
  }
  throw new Error(`no free public slug for a workspace after ${SLUG_DRAWS} draws`);
}

export function createWorkspaceService(ctx: Ctx) {
  const { db, now } = ctx;
  const logos = logoStorage(join(ctx.config.dataDir, 'uploads'));

  /**
   * A workspace with its team size and completion, both counted in SQL (in the same tenant); the
   * completion sums its projects' kept task counts (project_task_counts) instead of its tasks.
   */
  function selectWorkspaces(scope: AccountScope) {
    const ofThisWorkspace = <T extends typeof projectTaskCounts | typeof workspaceMembers>(table: T) =>
      and(scope.account(table), eq(table.workspaceId, workspaces.id));
    const teamSize = sql<number>`(select ${countOf()} from ${workspaceMembers} where ${ofThisWorkspace(workspaceMembers)})`;
    const completion = sql<number>`(select ${summedCompletion()} from ${projectTaskCounts} where ${ofThisWorkspace(projectTaskCounts)})`;
    return db
      .select({ row: workspaces, teamSize: teamSize.mapWith(Number), completion: completion.mapWith(Number) })
      .from(workspaces);
  }

  const toWorkspace = ({
    row,
    teamSize,
    completion,
  }: {
    row: WorkspaceRow;
    teamSize: number;
    completion: number;
  }): Workspace => ({
    workspace_id: row.id,
    account_id: row.accountId,
    workspace_name: row.name,
    template: row.template,
    description: row.description,
    workspace_logo: logoUrl(row.logoPath),
    archived: row.archived,
    public_slug: row.publicSlug,
    currency: row.currency,
    team_size: teamSize,
    completion,
    time_inserted: row.createdAt.toISOString(),
    time_updated: row.updatedAt.toISOString(),
  });

  /** The workspace if the session reaches it (else 404, as a missing one), then the permission. */
  async function reachable(scope: AccountScope, id: string, action: Parameters<typeof assertCan>[1]) {
    const [found] = await selectWorkspaces(scope)
      .where(and(scope.reachableWorkspaces(), eq(workspaces.id, id)))
      .limit(1);
    if (!found) throw notFound();
    assertCan(scope.auth, action);
    return found;
  }

  async function reload(scope: AccountScope, id: string): Promise<Workspace> {
    const [found] = await selectWorkspaces(scope).where(
      and(scope.account(workspaces), eq(workspaces.id, id)),
    );
    if (!found) throw notFound();
    return toWorkspace(found);
  }

  async function list(claims: AccessTokenClaims, query: z.output<typeof workspaceListQuery>) {
    const scope = await accountScope(db, claims);
    assertCan(scope.auth, 'workspace:list');
    const where = and(scope.account(workspaces), eq(workspaces.archived, query.archived)) as SQL;
    return pageOf(
      query,
      ({ limit, offset }) =>
        selectWorkspaces(scope)
          .where(where)
          .orderBy(desc(workspaces.createdAt), desc(workspaces.id))
          .limit(limit)
          .offset(offset)
          .then((rows) => rows.map(toWorkspace)),
      db.select({ total: countOf() }).from(workspaces).where(where),
    );
  }

  async function get(claims: AccessTokenClaims, id: string): Promise<Workspace> {
    return toWorkspace(await reachable(await accountScope(db, claims), id, 'workspace:list'));
  }

  /** Creates the workspace and makes its creator, the account holder, its owner and first member. */
  async function create(
    claims: AccessTokenClaims,
    input: z.output<typeof workspaceCreateBody>,
  ): Promise<Workspace> {
    const scope = await accountScope(db, claims);
    assertCan(scope.auth, 'workspace:create');
    const at = now();
    const id = await db.transaction(async (tx) => {
      // The plan's workspace limit, counted under the account's lock until this insert commits.
      await assertWorkspaceRoom(tx, scope.accountId, at);
      const created = await withFreshSlug(input.workspace_name, async (publicSlug) => {
        const [row] = await tx
          .insert(workspaces)
          .values({
            ...scope.accountValues(),
            name: input.workspace_name,
            template: input.template,
            description: input.description,
            timeZone: input.time_zone ?? null,
            currency: input.currency ?? null,
            publicSlug,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing({ target: workspaces.publicSlug })
          .returning({ id: workspaces.id });
        return row;
      });
      await tx.insert(workspaceMembers).values({
        ...scope.accountValues(),
        workspaceId: created.id,
        userId: scope.auth.user_id,
        role: 'owner',
        createdAt: at,
        updatedAt: at,
      });
      return created.id;
    });
    return reload(scope, id);
  }

  async function update(
    claims: AccessTokenClaims,
    id: string,
    input: z.output<typeof workspaceBody>,
    expected?: EditVersion,
  ) {
    const scope = await accountScope(db, claims);
    await reachable(scope, id, 'workspace:update');
    const thisWorkspace = and(scope.account(workspaces), eq(workspaces.id, id));
    await db.transaction(async (tx) => {
      // Made against a version (its time_updated): checked under the row's lock first.
      await lockVersion(tx, workspaces, workspaces.updatedAt, thisWorkspace, expected);
      await tx
        .update(workspaces)
        .set({
          name: input.workspace_name,
          template: input.template,
          description: input.description,
          // Missing: as it was (a caller that knows nothing of currencies changes none).
          ...(input.currency === undefined ? {} : { currency: input.currency }),
          updatedAt: now(),
        })
        .where(thisWorkspace);
    });
    return reload(scope, id);
  }

  /**
   * Archives (true) or restores (false) a workspace. An archived workspace holds no place in the
   * plan's limits, so restoring one is checked like creating one (its members come back too).
   */
  async function setArchived(claims: AccessTokenClaims, id: string, archived: boolean): Promise<Workspace> {
    const scope = await accountScope(db, claims);
    const { row } = await reachable(scope, id, 'workspace:archive');
    const at = now();
    await db.transaction(async (tx) => {
      if (!archived && row.archived) await assertWorkspaceRoom(tx, scope.accountId, at, id);
      await tx
        .update(workspaces)
        .set({ archived, updatedAt: at })
        .where(and(scope.account(workspaces), eq(workspaces.id, id)));
      if (archived === row.archived) return;
      await recordAudit(tx, {
        ...inScope(scope),
        workspaceId: id,
        action: archived ? 'workspace.archived' : 'workspace.restored',
        entityType: 'workspace',
        entityId: id,
        before: { name: row.name, archived: row.archived },
        after: { name: row.name, archived },
        at,
      });
    });
    return reload(scope, id);
  }

  /**
   * Replaces the logo. The workspace and the permission are checked before the upload is read;
   * `readFile` answers the uploaded bytes (or throws 400/413). The old file is removed afterwards.
   */
  async function setLogo(claims: AccessTokenClaims, id: string, readFile: () => Promise<Buffer>) {
    const scope = await accountScope(db, claims);
    const { row } = await reachable(scope, id, 'workspace:update');
    const buffer = await readFile();
    const type = detectImage(buffer);
    if (!type) throw logoInvalid();
    const name = await logos.save(buffer, type);
    try {
      await db
        .update(workspaces)
        .set({ logoPath: name, updatedAt: now() })
        .where(and(scope.account(workspaces), eq(workspaces.id, id)));
    } catch (err) {
      await logos.remove(name);
      throw err;
    }
    await logos
      .remove(row.logoPath)
      .catch((err: unknown) => ctx.log.warn({ err }, 'could not remove an old logo'));
    return reload(scope, id);
  }

  return { list, get, create, update, setArchived, setLogo };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
