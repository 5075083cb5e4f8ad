// The requests of each scenario, for the product and for the bare stack: the same tenant, project
// and page drawn at random for every request. The product's carry each tenant's access token.
import { BENCH_PASSWORD } from './seed-sql.mjs';

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const pageOf = (project) => 1 + Math.floor(Math.random() * project.pages);
const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
let created = 0;

function draw(scenario, tenants, largest) {
  const tenant = scenario === 'dashboard' ? pick(largest) : pick(tenants);
  const project = tenant.projects ? pick(tenant.projects) : undefined;
  return { tenant, project };
}

function newTask(tenant, project) {
  created += 1;
  return {
    name: `Bench created ${created}`,
    description: 'Created by the bench',
    due_date: inDays(30),
    project_id: project.id,
    assigned_to: tenant.ownerId,
  };
}

/** Product requests: its real API with the tenant's bearer token. */
export function productRequests(scenario, tenants, largest) {
  return () => {
    const { tenant, project } = draw(scenario, tenants, largest);
    const headers = { authorization: `Bearer ${tenant.token}` };
    switch (scenario) {
      case 'tasks':
        return {
          method: 'GET',
          headers,
          path: `/api/tasks?project_id=${project.id}&status=pending&sort=due_date&page=${pageOf(project)}&limit=14`,
        };
      case 'projects':
        return { method: 'GET', headers, path: '/api/projects?page=1&limit=14' };
      case 'dashboard':
        return { method: 'GET', headers, path: '/api/dashboard' };
      case 'create':
        return {
          method: 'POST',
          path: '/api/tasks',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ ...newTask(tenant, project), status: 'pending', priority: 'medium' }),
        };
      default:
        throw new Error(`no scenario ${scenario}`);
    }
  };
}

/**
 * Bare-stack requests: the tenant and project named in the query, nothing checked. With `session`,
 * the sign-in too (the tenants signed in to the product), for the bare stack's `session` mode.
 */
export function bareRequests(scenario, tenants, largest, { session = false } = {}) {
  return () => {
    const { tenant, project } = draw(scenario, tenants, largest);
    const ws = `account=${tenant.accountId}&workspace=${tenant.workspaceId}${session ? `&user=${tenant.userId}&sid=${tenant.sid}` : ''}`;
    switch (scenario) {
      case 'tasks':
        return { method: 'GET', path: `/tasks?${ws}&project=${project.id}&page=${pageOf(project)}` };
      case 'projects':
        return { method: 'GET', path: `/projects?${ws}&page=1` };
      case 'dashboard':
        return { method: 'GET', path: `/dashboard?${ws}` };
      case 'create': {
        const task = newTask(tenant, project);
        return {
          method: 'POST',
          path: '/tasks',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            account: tenant.accountId,
            workspace: tenant.workspaceId,
            project: project.id,
            user: tenant.ownerId,
            name: task.name,
            description: task.description,
            due_date: task.due_date,
            ...(session ? { sid: tenant.sid } : {}),
          }),
        };
      }
      default:
        throw new Error(`no scenario ${scenario}`);
    }
  };
}

/** A sign-in of a random tenant's holder (argon2id verification). */
export const signInRequest = (tenants) => () => ({
  method: 'POST',
  path: '/api/auth/login',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: pick(tenants).email, password: BENCH_PASSWORD }),
});
