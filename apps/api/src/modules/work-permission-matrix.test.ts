import type { Project } from '@workhub/shared/schemas/work';
import { beforeAll, describe } from 'vitest';
import { useTestApp } from '../test/helpers.ts';
import { type Caller, describeMatrix, type MatrixRequest, useMatrixCallers } from '../test/matrix.ts';
import { createTag } from '../test/tags.ts';
import { addMember, type Member } from '../test/tenants.ts';
import {
  createMilestone,
  createProject,
  createTask,
  milestoneBody,
  projectBody,
  taskBody,
} from '../test/work.ts';

/*
 * Who may call what: every endpoint of projects, milestones, tasks and tags (docs/permissions.md), in
 * the style of permission-matrix.test.ts. 'own' is a task assigned to the caller, 'another's' one
 * assigned to somebody else: members and workers change the status of their own tasks only, and
 * do not see the others (404). An outsider names our records and gets 404; on the routes without a
 * record they act in their own workspace (an empty list, or a project of their own). The anonymous
 * caller gets 401 and platform staff, who act in no workspace, 403 on every row.
 */
const MATRIX = `
  endpoint                                   | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  GET    /api/projects                       | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 403
  GET    /api/projects/export                | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 403
  POST   /api/projects                       | 201   | 201   | 403    | 403    | 403   | 403      | 201      | 401       | 403
  GET    /api/projects/:id                   | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 403
  PATCH  /api/projects/:id                   | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  PATCH  /api/projects/:id/status            | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  GET    /api/projects/:projectId/milestones | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 403
  POST   /api/projects/:projectId/milestones | 201   | 403   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  GET    /api/milestones/:id                 | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 403
  PATCH  /api/milestones/:id                 | 200   | 403   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  DELETE /api/milestones/:id                 | 200   | 403   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  GET    /api/tasks                          | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 403
  GET    /api/tasks/export                   | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 403
  POST   /api/tasks                          | 201   | 201   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  GET    /api/tasks/:id (own)                | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 403
  GET    /api/tasks/:id (another's)          | 200   | 200   | 404    | 404    | 403   | 403      | 404      | 401       | 403
  PATCH  /api/tasks/:id                      | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  PATCH  /api/tasks/:id/status (own)         | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 403
  PATCH  /api/tasks/:id/status (another's)   | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  DELETE /api/tasks/:id                      | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  GET    /api/tags                           | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 403
  POST   /api/tags                           | 201   | 201   | 403    | 403    | 403   | 403      | 201      | 401       | 403
  GET    /api/tags/:id                       | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 403
  PATCH  /api/tags/:id                       | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  DELETE /api/tags/:id                       | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 403
`;

const t = useTestApp();
const state = useMatrixCallers(t);
let project: Project;
let somebodyElse: Member;

beforeAll(async () => {
  project = await createProject(t, state.callers.owner.token);
  somebodyElse = await addMember(t, state.workspace, 'worker');
});

const ownerToken = () => state.callers.owner.token;
/**
 * The caller, or the owner for those who cannot be given one of our tasks: who is outside the
 * workspace, and guests and customers (who cannot open a task: TASK_ASSIGNEE_ROLES).
 */
const assigneeFor = (who: Caller) =>
  (who === 'outsider' || who === 'anonymous' || who === 'staff' || who === 'guest' || who === 'customer'
    ? state.callers.owner
    : state.callers[who]
  ).userId;
const freshTask = async (assignedTo: string) =>
  (await createTask(t, ownerToken(), { assigned_to: assignedTo, project_id: project.project_id })).task_id;
const freshMilestone = async () => (await createMilestone(t, ownerToken(), project.project_id)).milestone_id;
let tagCount = 0;
/** A tag name no call of this file has used (names are unique in a workspace). */
const tagName = () => `Tag ${++tagCount}`;
const freshTag = async () => (await createTag(t, ownerToken(), { name: tagName() })).id;

/** How to call each endpoint as `who`; records that a call may change are made fresh for it. */
const REQUESTS: Record<string, (who: Caller) => Promise<MatrixRequest>> = {
  'GET /api/projects': async () => ({ url: '/api/projects' }),
  'GET /api/projects/export': async () => ({ url: '/api/projects/export' }),
  'POST /api/projects': async () => ({ url: '/api/projects', payload: projectBody(t) }),
  'GET /api/projects/:id': async () => ({ url: `/api/projects/${project.project_id}` }),
  'PATCH /api/projects/:id': async () => ({
    url: `/api/projects/${project.project_id}`,
    payload: projectBody(t),
  }),
  'PATCH /api/projects/:id/status': async () => ({
    url: `/api/projects/${(await createProject(t, ownerToken())).project_id}/status`,
    payload: { status: 'archived' },
  }),
  'GET /api/projects/:projectId/milestones': async () => ({
    url: `/api/projects/${project.project_id}/milestones`,
  }),
  'POST /api/projects/:projectId/milestones': async () => ({
    url: `/api/projects/${project.project_id}/milestones`,
    payload: milestoneBody(t),
  }),
  'GET /api/milestones/:id': async () => ({ url: `/api/milestones/${await freshMilestone()}` }),
  'PATCH /api/milestones/:id': async () => ({
    url: `/api/milestones/${await freshMilestone()}`,
    payload: milestoneBody(t),
  }),
  'DELETE /api/milestones/:id': async () => ({ url: `/api/milestones/${await freshMilestone()}` }),
  'GET /api/tasks': async () => ({ url: '/api/tasks' }),
  'GET /api/tasks/export': async () => ({ url: '/api/tasks/export' }),
  'POST /api/tasks': async () => ({
    url: '/api/tasks',
    payload: taskBody(t, { assigned_to: somebodyElse.userId, project_id: project.project_id }),
  }),
  'GET /api/tasks/:id (own)': async (who) => ({ url: `/api/tasks/${await freshTask(assigneeFor(who))}` }),
  "GET /api/tasks/:id (another's)": async () => ({
    url: `/api/tasks/${await freshTask(somebodyElse.userId)}`,
  }),
  'PATCH /api/tasks/:id': async (who) => {
    const { project_id: _project, ...edit } = taskBody(t, { assigned_to: assigneeFor(who), project_id: '' });
    return { url: `/api/tasks/${await freshTask(assigneeFor(who))}`, payload: { ...edit, name: 'Edited' } };
  },
  'PATCH /api/tasks/:id/status (own)': async (who) => ({
    url: `/api/tasks/${await freshTask(assigneeFor(who))}/status`,
    payload: { status: 'completed' },
  }),
  "PATCH /api/tasks/:id/status (another's)": async () => ({
    url: `/api/tasks/${await freshTask(somebodyElse.userId)}/status`,
    payload: { status: 'completed' },
  }),
  'DELETE /api/tasks/:id': async (who) => ({ url: `/api/tasks/${await freshTask(assigneeFor(who))}` }),
  'GET /api/tags': async () => ({ url: '/api/tags' }),
  'POST /api/tags': async () => ({ url: '/api/tags', payload: { name: tagName(), color: '#1e90ff' } }),
  'GET /api/tags/:id': async () => ({ url: `/api/tags/${await freshTag()}` }),
  'PATCH /api/tags/:id': async () => ({
    url: `/api/tags/${await freshTag()}`,
    payload: { name: tagName(), color: '#00ff00' },
  }),
  'DELETE /api/tags/:id': async () => ({ url: `/api/tags/${await freshTag()}` }),
};

describe('the permission matrix of projects, milestones and tasks', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
