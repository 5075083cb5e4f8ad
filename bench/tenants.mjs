// The tenants a load run draws from, and the product's access tokens for them (real sign-ins
// through the API: POST /api/auth/login, then /api/auth/workspace-session with the refresh cookie).
import {
  accountId,
  BENCH_PASSWORD,
  ownerEmail,
  ownerId,
  PROJECTS_PER_WORKSPACE,
  projectId,
  WORKSPACES_PER_ACCOUNT,
  workspaceId,
} from './seed-sql.mjs';

const PAGE = 14;

/**
 * The tenants a run draws from, each in one of its workspaces; with each of its
 * projects and how many pages its list of pending tasks has. `query(text)` returns rows.
 */
export async function tenantPool(query, { accounts, big }) {
  const numbers = [];
  // Every account of a small set; of a large one, the big ones and every 7th of the rest.
  for (let a = 1; a <= accounts; a += 1) if (accounts <= 200 || a <= big || a % 7 === 0) numbers.push(a);
  const tenants = numbers.map((a) => {
    const w = 1 + (a % WORKSPACES_PER_ACCOUNT);
    return {
      a,
      big: a <= big,
      accountId: accountId(a),
      workspaceId: workspaceId(a, w),
      ownerId: ownerId(a),
      email: ownerEmail(a),
      projects: Array.from({ length: PROJECTS_PER_WORKSPACE }, (_, i) => ({
        id: projectId(a, w, i + 1),
        pages: 1,
      })),
    };
  });
  const ids = tenants.flatMap((t) => t.projects.map((p) => `'${p.id}'`)).join(',');
  const rows = await query(
    `select project_id::text as id, count(*)::int as pending from tasks
      where project_id in (${ids}) and status = 'pending' and (due_date is null or due_date >= current_date)
      group by project_id`,
  );
  const pending = new Map(rows.map((r) => [r.id, r.pending]));
  for (const t of tenants)
    for (const p of t.projects) p.pages = Math.max(1, Math.ceil((pending.get(p.id) ?? 0) / PAGE));
  return tenants;
}

/** All workspaces of the largest account (account 1): where the dashboard is measured. */
export const largestTenant = () =>
  Array.from({ length: WORKSPACES_PER_ACCOUNT }, (_, i) => ({
    a: 1,
    accountId: accountId(1),
    workspaceId: workspaceId(1, i + 1),
    ownerId: ownerId(1),
    email: ownerEmail(1),
  }));

async function post(url, path, body, headers = {}) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return { json, response };
}

/** Signs the tenant's holder in and opens a session in its workspace; sets `tenant.token` (and its `sid`, `userId`). */
async function signIn(url, tenant) {
  const { response } = await post(url, '/api/auth/login', { email: tenant.email, password: BENCH_PASSWORD });
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('refresh_token='))
    ?.split(';')[0];
  if (!cookie) throw new Error('no refresh cookie after sign-in');
  const { json } = await post(
    url,
    '/api/auth/workspace-session',
    { workspace_id: tenant.workspaceId },
    { cookie },
  );
  tenant.token = json.data.access_token;
  // The sign-in the token belongs to, for the bare stack's copy of the session check (bare-server.mjs).
  const claims = JSON.parse(Buffer.from(tenant.token.split('.')[1], 'base64url').toString());
  tenant.sid = claims.sid;
  tenant.userId = claims.user_id;
}

/** Tokens for every tenant, a few sign-ins at a time (argon2 takes its time by design). */
export async function signInAll(url, tenants, concurrency = 4) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tenants.length) {
        const tenant = tenants[next];
        next += 1;
        await signIn(url, tenant);
      }
    }),
  );
}
