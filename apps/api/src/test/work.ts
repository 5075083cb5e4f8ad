import type {
  Milestone,
  MilestoneBody,
  Project,
  ProjectBody,
  Task,
  TaskBody,
} from '@workhub/shared/schemas/work';
import { isoDate } from '@workhub/shared/tasks';
import { and, desc, eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../db/schema/outbox.ts';
import { bearer, type TestApp } from './helpers.ts';
import { memberIn, newTenant } from './tenants.ts';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' (UTC) `days` after the test clock's today (negative: before). */
export const daysFromNow = (t: TestApp, days: number) =>
  isoDate(new Date(t.clock.now().getTime() + days * DAY_MS));

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One API call with a bearer token and, when given, a JSON body. */
export const call = (t: TestApp, method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

export const projectBody = (t: TestApp, overrides: Partial<ProjectBody> = {}): ProjectBody => ({
  name: 'Website',
  description: 'The new website',
  due_date: daysFromNow(t, 30),
  status: 'in_progress',
  ...overrides,
});

export const milestoneBody = (t: TestApp, overrides: Partial<MilestoneBody> = {}): MilestoneBody => ({
  name: 'Design',
  description: 'Mock-ups approved',
  status: 'not_started',
  due_date: daysFromNow(t, 10),
  ...overrides,
});

/** A task body; `assigned_to` and `project_id` are the caller's to give. */
export const taskBody = (
  t: TestApp,
  required: Pick<TaskBody, 'assigned_to' | 'project_id'>,
  overrides: Partial<TaskBody> = {},
): TaskBody => ({
  name: 'Write copy',
  description: 'Home page copy',
  status: 'pending',
  due_date: daysFromNow(t, 5),
  priority: 'medium',
  milestone_id: null,
  ...required,
  ...overrides,
});

export async function createProject(t: TestApp, token: string, overrides: Partial<ProjectBody> = {}) {
  const response = await call(t, 'POST', '/api/projects', token, projectBody(t, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Project;
}

export async function createMilestone(
  t: TestApp,
  token: string,
  projectId: string,
  overrides: Partial<MilestoneBody> = {},
) {
  const url = `/api/projects/${projectId}/milestones`;
  const response = await call(t, 'POST', url, token, milestoneBody(t, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Milestone;
}

export async function createTask(
  t: TestApp,
  token: string,
  required: Pick<TaskBody, 'assigned_to' | 'project_id'>,
  overrides: Partial<TaskBody> = {},
) {
  const response = await call(t, 'POST', '/api/tasks', token, taskBody(t, required, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Task;
}

/** The task mails written to `to`, newest first. */
export const taskMailsTo = ({ db }: TestApp, to: string) =>
  db.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), like(outbox.subject, 'New task: %')))
    .orderBy(desc(outbox.createdAt));

/** The ids of a list answer, in order. */
export const idsOf = (body: { data: Record<string, unknown>[] }, key: string) =>
  body.data.map((row) => row[key]);

/** A new tenant with a project ('Website') and a worker of the workspace to give tasks to. */
export async function tenantWithWorker(t: TestApp) {
  const tenant = await newTenant(t);
  const project = await createProject(t, tenant.owner.token, { name: 'Website' });
  const worker = await memberIn(t, tenant.workspace, 'worker');
  const toWorker = { assigned_to: worker.userId, project_id: project.project_id };
  return { ...tenant, project, worker, toWorker, ownerId: tenant.holder.session.user.user_id };
}

/** The dashboard's task figures of a workspace without tasks. */
export const NO_TASK_FIGURES = {
  total: 0,
  pending: 0,
  in_progress: 0,
  completed: 0,
  overdue: 0,
  completion: 0,
} as const;
