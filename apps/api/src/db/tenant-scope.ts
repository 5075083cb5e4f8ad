import type { AccountStatus, Template, WorkspaceRole } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import type { Auth } from '@workhub/shared/permissions';
import type { SubscriptionTimes } from '@workhub/shared/subscription';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError, conflict, forbidden } from '../lib/app-error.ts';
import type { Db } from './client.ts';
import { subscriptions } from './schema/plans.ts';
import { accounts } from './schema/users.ts';
import { type InvitationRow, invitations, workspaceMembers, workspaces } from './schema/workspaces.ts';
import { type SubscriptionRowTimes, subscriptionTimeColumns, timesOf } from './subscription-times.ts';
import { crossTenant, reopenRequestTransaction } from './tenant-context.ts';

/*
 * The one way services reach tenant tables. A scope is built from the verified access token
 * (request.auth) and gives the conditions that confine a query to the caller's tenant and the
 * values to stamp on an insert; no service writes its own `account_id = ...`. Keeping it in one
 * place means database-enforced isolation (PostgreSQL row-level security keyed on a
 * `set local app.account_id` issued here, or routing to a Citus shard by account_id) can later be
 * added under it without touching a single service.
 *
 * The token says which workspace the session acts in and with which role; the membership is read
 * again here on every request, so a member who is deactivated, removed or given another role is
 * held to it at once, not when their 15-minute access token runs out. The same holds for the
 * account: one that platform staff made inactive shuts out its holder and every member at once.
 */

type AccountTable = { accountId: PgColumn };
type WorkspaceTable = AccountTable & { workspaceId: PgColumn };

/** The tenant of a session acting in an account (a workspace of it, or its holder at home). */
export type AccountScope = {
  /** The caller as can() sees them, with the role read from the membership just now. */
  auth: Auth;
  accountId: string;
  workspaceId: string | null;
  /** `account_id = <the tenant's account>` on `table`. */
  account(table: AccountTable): SQL;
  /**
   * The workspaces this session may reach at all: every workspace of the account for its holder,
   * only the session's own workspace for anyone else. Outside it, a workspace is a 404.
   */
  reachableWorkspaces(): SQL;
  /** Values to stamp on an insert into an account-level table. */
  accountValues(): { accountId: string };
  /** The account's subscription as the access rule reads it (read with the account), or null. */
  subscription: SubscriptionTimes | null;
};

/** The tenant of a session acting in one workspace. */
export type WorkspaceScope = AccountScope & {
  workspaceId: string;
  template: Template;
  workspaceName: string;
  /** `account_id = <account> and workspace_id = <workspace>` on `table`. */
  workspace(table: WorkspaceTable): SQL;
  /** Values to stamp on an insert into a workspace table. */
  workspaceValues(): { accountId: string; workspaceId: string };
};

type Tenant = { accountId: string; workspaceId: string };

/**
 * The conditions of one account, for a tenant established without a token: by a record found
 * through a cross-tenant lookup (an invitation's token) or at sign-up (the account just made).
 * Nothing else should call these two.
 */
export function accountConditions(accountId: string) {
  return {
    account: (table: AccountTable): SQL => eq(table.accountId, accountId),
    accountValues: () => ({ accountId }),
  };
}

/** The conditions of one workspace, for a tenant established as for accountConditions. */
export function workspaceConditions({ accountId, workspaceId }: Tenant) {
  return {
    ...accountConditions(accountId),
    workspace: (table: WorkspaceTable): SQL =>
      and(eq(table.accountId, accountId), eq(table.workspaceId, workspaceId)) as SQL,
    workspaceValues: () => ({ accountId, workspaceId }),
  };
}

/**
 * The workspace condition of a prepared statement (db/prepared.ts): `account_id` and
 * `workspace_id` are the placeholders `accountId` and `workspaceId`, run with the values of the
 * session's scope (`scope.workspaceValues()`), never a tenant's ids written into the statement.
 */
export const inScopeWorkspace = (table: WorkspaceTable): SQL =>
  and(
    eq(table.accountId, sql.placeholder('accountId')),
    eq(table.workspaceId, sql.placeholder('workspaceId')),
  ) as SQL;

/** What resolve reads of the account: its status and its subscription's dates (null without one). */
const accountStateColumns = { accountStatus: accounts.status, subscription: subscriptionTimeColumns };
type AccountState = { accountStatus: AccountStatus; subscription: SubscriptionRowTimes | null };

export type LiveMembership = AccountState & {
  role: WorkspaceRole;
  status: 'active' | 'inactive';
  archived: boolean;
  template: Template;
  workspaceName: string;
};

/** Joins a membership to its workspace (workspaces are keyed by account and id). */
export const workspaceOfMember = and(
  eq(workspaces.accountId, workspaceMembers.accountId),
  eq(workspaces.id, workspaceMembers.workspaceId),
);

/** What resolve reads of a membership, its workspace and its account. */
export const liveMembershipColumns = {
  role: workspaceMembers.role,
  status: workspaceMembers.status,
  ...accountStateColumns,
  archived: workspaces.archived,
  template: workspaces.template,
  workspaceName: workspaces.name,
};

/**
 * Memberships the auth hook read together with the session (db/live-session.ts: one query per
 * request, not two), keyed by the claims object it made for that one request, so resolve() does
 * not read them again. A request's claims object lives and dies with the request.
 */
const readWithSession = new WeakMap<Auth, LiveMembership | undefined>();

export function primeMembership(claims: Auth, membership: LiveMembership | undefined): void {
  readWithSession.set(claims, membership);
}

async function liveMembership(db: Db, userId: string, tenant: Tenant): Promise<LiveMembership | undefined> {
  const [row] = await db
    .select(liveMembershipColumns)
    .from(workspaceMembers)
    .innerJoin(workspaces, workspaceOfMember)
    .innerJoin(accounts, eq(accounts.id, workspaceMembers.accountId))
    .leftJoin(subscriptions, eq(subscriptions.accountId, workspaceMembers.accountId))
    .where(
      and(
        eq(workspaceMembers.accountId, tenant.accountId),
        eq(workspaceMembers.workspaceId, tenant.workspaceId),
        eq(workspaceMembers.userId, userId),
      ),
    )
    .limit(1);
  return row;
}

const memberInactive = () => forbidden(messages.memberInactive);
const notAMember = () => forbidden(messages.notAMember);
/**
 * The account was made inactive by platform staff: nobody acts in it until it is reactivated. Its
 * holder is told to ask support; a member, who cannot, to ask the account's holder.
 */
export const accountInactive = (holder: boolean) =>
  new AppError(403, 'ACCOUNT_INACTIVE', holder ? messages.accountInactive : messages.accountInactiveMember);

/** The state of an account, for a holder's session at home (a workspace session reads it with the membership). */
async function accountStateOf(db: Db, accountId: string): Promise<AccountState | undefined> {
  const [row] = await db
    .select(accountStateColumns)
    .from(accounts)
    .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}
export const workspaceUnavailable = () => conflict(messages.workspaceUnavailable);

/**
 * The account the token acts in. 403 with no account (platform staff, or a user who holds none
 * and has not chosen a workspace), when the session's membership is gone or inactive, and when
 * the account is inactive.
 * An archived workspace is not refused here: its holder must still be able to restore it.
 */
export async function accountScope(db: Db, claims: Auth): Promise<AccountScope> {
  const scope = await resolve(db, claims);
  return scope.account;
}

/** The workspace the token acts in: 403 outside one (or when the membership is gone), 409 archived. */
export async function workspaceScope(db: Db, claims: Auth): Promise<WorkspaceScope> {
  const scope = await resolve(db, claims);
  if (!scope.workspace) throw forbidden();
  if (scope.archived) throw workspaceUnavailable();
  return scope.workspace;
}

/**
 * The token of a read-ahead route (plugins/auth.ts readAheadOf): `claims` as signed, whose session
 * may still be being checked, and `confirmed`, which settles as requireAuth would once it is (the
 * claims, or the 401 or 403), or null when the check was done before the handler ran.
 */
export type ReadAhead = { claims: Auth; confirmed: Promise<Auth> | null };

/**
 * A read of the session's workspace (a list's page, the dashboard's figures) for a route that
 * reads ahead of its session check (plugins/auth.ts readAheadOf): `read` is started at once with
 * the scope the token claims (its role and template), so its statements go out behind the
 * session's in the same round trip instead of after its answer (docs/decisions.md 028). Its result
 * is used only once the check has confirmed the session and the scope built from the live
 * membership has the same role and template; otherwise the check's refusal (401, 403, 409) is
 * the answer, or the read is made again in a new transaction with the live scope (a role changed
 * since the token was issued). What it read ahead is dropped: `read` must have no effect beyond
 * its transaction (reads only; a read-ahead transaction commits nothing). The tenant of the
 * transaction, set from the signed token, confines what it can see either way (row-level
 * security). With no check under way, it is workspaceScope and `read`, one after the other.
 * Answers what `read` gave, and the live scope (its subscription and workspace name are known).
 */
export async function workspaceRead<T>(
  db: Db,
  ahead: ReadAhead,
  read: (scope: WorkspaceScope) => Promise<T>,
): Promise<{ value: T; scope: WorkspaceScope }> {
  const assumed = ahead.confirmed ? assumedScope(ahead.claims) : undefined;
  if (!ahead.confirmed || !assumed) {
    const scope = await workspaceScope(db, ahead.confirmed ? await ahead.confirmed : ahead.claims);
    return { value: await read(scope), scope };
  }
  // A refusal of the assumed scope (assertCan on the token's role) waits for the check like a result.
  const early = (async () => read(assumed))();
  early.catch(() => {});
  const scope = await workspaceScope(db, await ahead.confirmed);
  if (scope.auth.role === assumed.auth.role && scope.template === assumed.template) {
    return { value: await early, scope };
  }
  await early.catch(() => {});
  await reopenRequestTransaction();
  return { value: await read(scope), scope };
}

/**
 * The workspace scope as the token claims it, before its membership is read: the role and the
 * template the token was issued with. The subscription and the workspace's name come only with
 * the membership; a read ahead that touched them would throw.
 */
function assumedScope(claims: Auth): WorkspaceScope | undefined {
  const { account_id: accountId, workspace_id: workspaceId, template } = claims;
  if (!accountId || !workspaceId || !template) return undefined;
  const inWorkspace = workspaceConditions({ accountId, workspaceId });
  const scope = {
    ...inWorkspace,
    auth: claims,
    accountId,
    workspaceId,
    template,
    reachableWorkspaces: () =>
      claims.role === 'owner'
        ? inWorkspace.account(workspaces)
        : (and(inWorkspace.account(workspaces), eq(workspaces.id, workspaceId)) as SQL),
  };
  const unknown = (what: string) => () => {
    throw new Error(`${what} is not known before the session check (db/tenant-scope.ts workspaceRead)`);
  };
  Object.defineProperty(scope, 'subscription', { get: unknown('the subscription') });
  Object.defineProperty(scope, 'workspaceName', { get: unknown("the workspace's name") });
  return scope as WorkspaceScope;
}

async function resolve(db: Db, claims: Auth) {
  const accountId = claims.account_id;
  if (!accountId) throw forbidden();
  let auth: Auth = claims;
  let membership: LiveMembership | undefined;
  let state: AccountState | undefined;
  if (claims.workspace_id) {
    membership = readWithSession.has(claims)
      ? readWithSession.get(claims)
      : await liveMembership(db, claims.user_id, { accountId, workspaceId: claims.workspace_id });
    // Removed from the team is said as such ('inactive' told a removed member to ask the owner).
    if (!membership) throw notAMember();
    if (membership.status !== 'active') throw memberInactive();
    state = membership;
    auth = { ...claims, role: membership.role, template: membership.template };
  } else {
    state = await accountStateOf(db, accountId);
  }
  if (state?.accountStatus === 'inactive') throw accountInactive(!membership || membership.role === 'owner');
  const conditions = accountConditions(accountId);
  const account: AccountScope = {
    ...conditions,
    auth,
    accountId,
    workspaceId: claims.workspace_id,
    subscription: state?.subscription ? timesOf(state.subscription) : null,
    reachableWorkspaces: () => {
      const inAccount = conditions.account(workspaces);
      if (auth.role === 'owner' || !claims.workspace_id) return inAccount;
      return and(inAccount, eq(workspaces.id, claims.workspace_id)) as SQL;
    },
  };
  if (!claims.workspace_id || !membership) return { account, workspace: undefined, archived: false };
  const inWorkspace = workspaceConditions({ accountId, workspaceId: claims.workspace_id });
  const workspace: WorkspaceScope = {
    ...account,
    workspaceId: claims.workspace_id,
    template: membership.template,
    workspaceName: membership.workspaceName,
    workspace: inWorkspace.workspace,
    workspaceValues: inWorkspace.workspaceValues,
  };
  return { account, workspace, archived: membership.archived };
}

// ---------------------------------------------------------------------------------------------
// Finding tenants. These are the only queries that look across accounts: by the user (the picker,
// choosing a workspace, refreshing a session, whether a person works elsewhere) and by an
// invitation's token. They run before a tenant is chosen, and answer which one it is.

export type Membership = Tenant & {
  role: WorkspaceRole;
  status: 'active' | 'inactive';
  /** The status of the workspace's account: inactive shuts every member out of it. */
  accountStatus: AccountStatus;
  archived: boolean;
  template: Template;
  workspaceName: string;
  /** The name of the workspace's public pages (never changed). */
  publicSlug: string;
  logoPath: string | null;
  currency: string | null;
};

const membershipColumns = {
  accountId: workspaceMembers.accountId,
  workspaceId: workspaceMembers.workspaceId,
  role: workspaceMembers.role,
  status: workspaceMembers.status,
  accountStatus: accounts.status,
  archived: workspaces.archived,
  template: workspaces.template,
  workspaceName: workspaces.name,
  publicSlug: workspaces.publicSlug,
  logoPath: workspaces.logoPath,
  currency: workspaces.currency,
};

const accountOfMember = eq(accounts.id, workspaceMembers.accountId);

/** The user's membership of a workspace, whatever the account, with the workspace's state. */
export async function findMembership(
  db: Db,
  userId: string,
  workspaceId: string,
): Promise<Membership | undefined> {
  const [row] = await crossTenant(db, 'a user choosing a workspace', (tx) =>
    tx
      .select(membershipColumns)
      .from(workspaceMembers)
      .innerJoin(workspaces, workspaceOfMember)
      .innerJoin(accounts, accountOfMember)
      .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)))
      .limit(1),
  );
  return row;
}

/** A workspace's name, whatever the account (what a member put out of it is told it was called). */
export async function workspaceNameOf(db: Db, workspaceId: string): Promise<string | undefined> {
  const [row] = await crossTenant(db, 'the name of a workspace a member left', (tx) =>
    tx.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1),
  );
  return row?.name;
}

/**
 * The workspaces the user may open now, in every account (active membership, workspace not
 * archived, account active), oldest membership first, one page of them and how many there are.
 */
export async function openableMembershipsOf(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: Membership[]; total: number }> {
  const where = and(
    eq(workspaceMembers.userId, userId),
    eq(workspaceMembers.status, 'active'),
    eq(workspaces.archived, false),
    eq(accounts.status, 'active'),
  );
  const [rows, [counted]] = await crossTenant(db, 'the workspaces a user may open', (tx) =>
    Promise.all([
      tx
        .select(membershipColumns)
        .from(workspaceMembers)
        .innerJoin(workspaces, workspaceOfMember)
        .innerJoin(accounts, accountOfMember)
        .where(where)
        .orderBy(workspaceMembers.createdAt, workspaces.id)
        .limit(page.limit)
        .offset(page.offset),
      tx
        .select({ total: count() })
        .from(workspaceMembers)
        .innerJoin(workspaces, workspaceOfMember)
        .innerJoin(accounts, accountOfMember)
        .where(where),
    ]),
  );
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Whether inactive accounts shut the user out entirely, so they may not sign in nor refresh:
 * 'holder' for a holder whose accounts are all inactive, 'member' for a user who holds none and
 * whose every membership is in an inactive account, else null. A user with no account and no
 * membership (removed everywhere) is let in, as before, to an empty picker.
 */
export async function shutOutByInactiveAccounts(db: Db, userId: string): Promise<'holder' | 'member' | null> {
  const [held, joined] = await crossTenant(db, 'the accounts a user works in', (tx) =>
    Promise.all([
      tx.select({ status: accounts.status }).from(accounts).where(eq(accounts.ownerUserId, userId)),
      tx
        .selectDistinct({ status: accounts.status })
        .from(workspaceMembers)
        .innerJoin(accounts, accountOfMember)
        .where(eq(workspaceMembers.userId, userId)),
    ]),
  );
  const ties = held.length > 0 ? held : joined;
  if (ties.length === 0 || ties.some((a) => a.status !== 'inactive')) return null;
  return held.length > 0 ? 'holder' : 'member';
}

/**
 * True when the user is a member in no account but `accountId`: only then may that account edit
 * their name and contact details (a person who also works elsewhere keeps them to themselves).
 */
export async function memberOfNoOtherAccount(db: Db, userId: string, accountId: string): Promise<boolean> {
  const [elsewhere] = await crossTenant(db, 'whether a member works in another account', (tx) =>
    tx
      .select({ accountId: workspaceMembers.accountId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.userId, userId), ne(workspaceMembers.accountId, accountId)))
      .limit(1),
  );
  return !elsewhere;
}

/** The invitation a link's token opens, in whatever account (the link names no tenant). */
export async function findInvitationByToken(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  const [row] = await crossTenant(db, "an invitation's link", (tx) =>
    tx.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).limit(1),
  );
  return row;
}

/** A workspace as its public pages see it (plugins/public-gate.ts). */
export type PublicWorkspace = AccountState & {
  accountId: string;
  workspaceId: string;
  workspaceName: string;
  template: Template;
  archived: boolean;
};

/** The workspace a public page's slug names, in whatever account (the address names no tenant). */
export async function findPublicWorkspace(db: Db, slug: string): Promise<PublicWorkspace | undefined> {
  const [row] = await crossTenant(db, "a public page's slug", (tx) =>
    tx
      .select({
        accountId: workspaces.accountId,
        workspaceId: workspaces.id,
        workspaceName: workspaces.name,
        template: workspaces.template,
        archived: workspaces.archived,
        ...accountStateColumns,
      })
      .from(workspaces)
      .innerJoin(accounts, eq(accounts.id, workspaces.accountId))
      .leftJoin(subscriptions, eq(subscriptions.accountId, workspaces.accountId))
      .where(eq(workspaces.publicSlug, slug))
      .limit(1),
  );
  return row;
}
