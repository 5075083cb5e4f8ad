import type { Template, WorkspaceRole } from '@workhub/shared/enums';
import type { AuthSession } from '@workhub/shared/schemas/auth';
import type { Workspace } from '@workhub/shared/schemas/workspaces';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../db/schema/users.ts';
import { projects, tasks } from '../db/schema/work.ts';
import { workspaceMembers } from '../db/schema/workspaces.ts';
import { hashPassword } from '../lib/passwords.ts';
import {
  bearer,
  PASSWORD,
  post,
  refreshCookieOf,
  type SignedUp,
  signUp,
  type TestApp,
  uniqueEmail,
  withRefresh,
} from './helpers.ts';

/** A signed-in device: its access token and the refresh cookie it holds now. */
export type Device = { token: string; cookie: string; session: AuthSession };

let passwordHash: Promise<string> | undefined;

/** Signs in with e-mail and PASSWORD. */
export async function login({ app }: TestApp, email: string): Promise<Device> {
  const response = await post(app, '/api/auth/login', { email, password: PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = refreshCookieOf(response);
  if (!cookie) throw new Error('login set no cookie');
  return { token: response.json().data.access_token, cookie, session: response.json().data };
}

/** POST /api/auth/workspace-session with the device's cookie; the raw response. */
export const chooseWorkspace = (
  { app }: TestApp,
  device: Pick<Device, 'cookie'>,
  workspaceId: string | null,
) => post(app, '/api/auth/workspace-session', { workspace_id: workspaceId }, withRefresh(device.cookie));

/** The device, now acting in the workspace. */
export async function enter(t: TestApp, device: Device, workspaceId: string): Promise<Device> {
  const response = await chooseWorkspace(t, device, workspaceId);
  expect(response.statusCode, response.body).toBe(200);
  return {
    token: response.json().data.access_token,
    cookie: refreshCookieOf(response) ?? device.cookie,
    session: response.json().data,
  };
}

/** The device after POST /api/auth/refresh (after moving the clock, its access token may have run out). */
export async function refreshed(t: TestApp, device: Device): Promise<Device> {
  const response = await post(t.app, '/api/auth/refresh', undefined, withRefresh(device.cookie));
  expect(response.statusCode, response.body).toBe(200);
  return {
    token: response.json().data.access_token,
    cookie: refreshCookieOf(response) ?? device.cookie,
    session: response.json().data,
  };
}

/** Creates a workspace through the API as the holder (token at home or in one of their workspaces). */
export async function createWorkspace(
  { app }: TestApp,
  token: string,
  overrides: Partial<{
    workspace_name: string;
    template: Template;
    description: string;
    time_zone: string;
    currency: string | null;
  }> = {},
): Promise<Workspace> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/workspaces',
    headers: bearer(token),
    payload: { workspace_name: 'Acme', template: 'workspace', description: 'Our team', ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

export type Tenant = { holder: SignedUp; home: Device; workspace: Workspace; owner: Device };

/** A new account holder with one workspace, signed in at home and (another device) in the workspace. */
export async function newTenant(t: TestApp, template: Template = 'workspace'): Promise<Tenant> {
  const holder = await signUp(t, uniqueEmail('owner'));
  const home = await login(t, holder.email);
  const workspace = await createWorkspace(t, home.token, { template });
  const owner = await enter(t, await login(t, holder.email), workspace.workspace_id);
  return { holder, home, workspace, owner };
}

export type Member = { userId: string; email: string };

/**
 * A member of the workspace, made directly in the database: a new verified user (password
 * PASSWORD), or the existing user of `email`.
 */
export async function addMember(
  { db }: TestApp,
  workspace: Pick<Workspace, 'account_id' | 'workspace_id'>,
  role: WorkspaceRole,
  options: { status?: 'active' | 'inactive'; email?: string } = {},
): Promise<Member> {
  const email = options.email ?? uniqueEmail(role);
  let [user] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) {
    passwordHash ??= hashPassword(PASSWORD);
    [user] = await db.db
      .insert(users)
      .values({
        email,
        passwordHash: await passwordHash,
        firstName: role.charAt(0).toUpperCase() + role.slice(1),
        lastName: 'Tester',
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
  }
  if (!user) throw new Error(`no user ${email}`);
  await db.db.insert(workspaceMembers).values({
    accountId: workspace.account_id,
    workspaceId: workspace.workspace_id,
    userId: user.id,
    role,
    status: options.status ?? 'active',
  });
  return { userId: user.id, email };
}

/** A member of the workspace with that role, signed in and acting in it. */
export async function memberIn(
  t: TestApp,
  workspace: Pick<Workspace, 'account_id' | 'workspace_id'>,
  role: WorkspaceRole,
): Promise<Member & Device> {
  const member = await addMember(t, workspace, role);
  const device = await enter(t, await login(t, member.email), workspace.workspace_id);
  return { ...member, ...device };
}

type Where = Pick<Workspace, 'account_id' | 'workspace_id'>;

/** A project straight into the database (quicker than the API where only its figures matter). */
export async function insertProject(
  { db }: TestApp,
  where: Where,
  values: Partial<typeof projects.$inferInsert> = {},
): Promise<string> {
  const [row] = await db.db
    .insert(projects)
    .values({
      accountId: where.account_id,
      workspaceId: where.workspace_id,
      name: 'Project',
      description: 'A project',
      ...values,
    })
    .returning({ id: projects.id });
  if (!row) throw new Error('no project');
  return row.id;
}

/** A task straight into the database; `completed` sets completed_at too. */
export async function insertTask(
  { db }: TestApp,
  where: Where & { project_id: string },
  values: Partial<typeof tasks.$inferInsert> = {},
): Promise<string> {
  const completed = values.status === 'completed';
  const [row] = await db.db
    .insert(tasks)
    .values({
      accountId: where.account_id,
      workspaceId: where.workspace_id,
      projectId: where.project_id,
      name: 'Task',
      description: 'A task',
      completedAt: completed ? new Date() : null,
      ...values,
    })
    .returning({ id: tasks.id });
  if (!row) throw new Error('no task');
  return row.id;
}
