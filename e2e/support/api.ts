import { expect } from '@playwright/test';
import { waitForMail } from './helpers.ts';

/** A signed-in API client: the access token, and the refresh cookie a workspace session needs. */
export type ApiSession = { baseURL: string; token: string; cookie: string };

async function call(
  baseURL: string,
  method: string,
  path: string,
  body?: unknown,
  auth?: { token?: string; cookie?: string },
): Promise<{ status: number; json: { data?: unknown }; cookie: string | undefined }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (auth?.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth?.cookie) headers.cookie = auth.cookie;
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith('refresh_token='))
    ?.split(';')[0];
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : {}, cookie };
}

export async function apiSignIn(baseURL: string, email: string, password: string): Promise<ApiSession> {
  const result = await call(baseURL, 'POST', '/api/auth/login', { email, password });
  expect(result.status, JSON.stringify(result.json)).toBe(200);
  const data = result.json.data as { access_token: string };
  return { baseURL, token: data.access_token, cookie: result.cookie ?? '' };
}

/** Creates a workspace in the session's account and switches the session into it. */
export async function apiCreateWorkspace(
  session: ApiSession,
  workspace_name: string,
  template = 'workspace',
): Promise<ApiSession & { workspaceId: string }> {
  const created = await call(
    session.baseURL,
    'POST',
    '/api/workspaces',
    { workspace_name, template, description: `${workspace_name}, made by the browser tests.` },
    session,
  );
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const workspaceId = (created.json.data as { workspace_id: string }).workspace_id;
  const chosen = await call(
    session.baseURL,
    'POST',
    '/api/auth/workspace-session',
    { workspace_id: workspaceId },
    session,
  );
  expect(chosen.status, JSON.stringify(chosen.json)).toBe(200);
  return {
    baseURL: session.baseURL,
    token: (chosen.json.data as { access_token: string }).access_token,
    cookie: chosen.cookie ?? session.cookie,
    workspaceId,
  };
}

/** Invites `email` into the session's workspace and accepts through the mailed link. */
export async function apiInviteAndAccept(
  session: ApiSession,
  person: { email: string; first_name: string; last_name: string; role: string; password: string },
): Promise<void> {
  const { password, ...invite } = person;
  const invited = await call(session.baseURL, 'POST', '/api/team/invitations', invite, session);
  expect(invited.status, JSON.stringify(invited.json)).toBe(201);
  const link = (await waitForMail(person.email)).body.match(/\/invitations\/([A-Za-z0-9_-]+)/);
  if (!link?.[1]) throw new Error(`no invitation link for ${person.email}`);
  const accepted = await call(session.baseURL, 'POST', `/api/invitations/${link[1]}/accept`, {
    first_name: person.first_name,
    last_name: person.last_name,
    password,
    confirm_password: password,
  });
  expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
}

/** Loads a template module's sample data into the session's workspace (`barber`, `cbe`, `ticketing`). */
export async function apiLoadSampleData(
  session: ApiSession,
  module: 'barber' | 'cbe' | 'ticketing',
): Promise<void> {
  const loaded = await call(session.baseURL, 'POST', `/api/${module}/sample-data`, {}, session);
  expect(loaded.status, JSON.stringify(loaded.json)).toBe(201);
}
