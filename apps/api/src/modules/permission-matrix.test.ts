import { eq, sql } from 'drizzle-orm';
import { describe } from 'vitest';
import { invitations } from '../db/schema/workspaces.ts';
import { uniqueEmail, useTestApp, withRefresh } from '../test/helpers.ts';
import { invite } from '../test/invitations.ts';
import { type Caller, describeMatrix, type MatrixRequest, useMatrixCallers } from '../test/matrix.ts';
import { addMember, login, newTenant } from '../test/tenants.ts';

/*
 * Who may call what: every endpoint of the workspaces-and-teams issue, called by a real member of
 * each role acting in the workspace, and by 'outsider', the holder of ANOTHER account acting in
 * their own workspace. The expected statuses follow docs/permissions.md: 403 where can() says no,
 * 404 for a record of another tenant (asked before any permission).
 *
 * An outsider never names our tenant: on the routes without a record they act in their own
 * (a 200 or 201 there is about their own account); every outsider answer is checked to carry none
 * of our ids. The anonymous caller gets 401 everywhere but the invitation link, which is public.
 * Platform staff act in no workspace and hold no account: can() refuses them (403), choosing our
 * workspace is a 404 as for any stranger, and their own workspace list is empty.
 */
const MATRIX = `
  endpoint                                | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  POST   /api/auth/workspace-session      | 200   | 200   | 200    | 200    | 200   | 200      | 404      | 401       | 404
  GET    /api/me/workspaces               | 200   | 200   | 200    | 200    | 200   | 200      | 200      | 401       | 200
  GET    /api/workspaces                  | 200   | 403   | 403    | 403    | 403   | 403      | 200      | 401       | 403
  POST   /api/workspaces                  | 201   | 403   | 403    | 403    | 403   | 403      | 201      | 401       | 403
  GET    /api/workspaces/:id              | 200   | 403   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  PATCH  /api/workspaces/:id              | 200   | 403   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  PATCH  /api/workspaces/:id/status       | 200   | 403   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  PUT    /api/workspaces/:id/logo         | 200   | 403   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  GET    /api/dashboard                   | 200   | 200   | 200    | 200    | 200   | 200      | 200      | 401       | 403
  GET    /api/team                        | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 403
  GET    /api/team/:userId                | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  PATCH  /api/team/:userId                | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  PATCH  /api/team/:userId/status         | 200   | 200   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  DELETE /api/team/:userId                | 204   | 403   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  POST   /api/team/invitations            | 201   | 403   | 403    | 403    | 403   | 403      | 201      | 401       | 403
  GET    /api/team/invitations            | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 403
  POST   /api/team/invitations/:id/resend | 200   | 403   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  DELETE /api/team/invitations/:id        | 204   | 403   | 403    | 403    | 403   | 403      | 404      | 401       | 403
  GET    /api/invitations/:token          | 200   | 200   | 200    | 200    | 200   | 200      | 200      | 200       | 200
  POST   /api/invitations/:token/accept   | 403   | 403   | 403    | 403    | 403   | 403      | 403      | 401       | 403
`;
// The last row: accepting an invitation sent to someone else's login is refused to everyone.

const t = useTestApp();
const state = useMatrixCallers(t);

/** A fresh invitation of the workspace, made by its owner. */
async function freshInvitation(email?: string) {
  const { invitation, token } = await invite(t, state.callers.owner.token, email ? { email } : {});
  return { id: invitation.invitation_id, token };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
const multipart = () =>
  Buffer.concat([
    Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="logo"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n',
    ),
    PNG,
    Buffer.from('\r\n--b--\r\n'),
  ]);
const memberEdit = { first_name: 'Edited', role: 'member' };

/** How to call each endpoint as `who`; records that a call may change are made fresh for it. */
const REQUESTS: Record<string, (who: Caller) => Promise<MatrixRequest>> = {
  // The anonymous caller has no refresh cookie to send.
  'POST /api/auth/workspace-session': async (who) => ({
    url: '/api/auth/workspace-session',
    payload: { workspace_id: state.workspace.workspace_id },
    headers: who === 'anonymous' ? {} : withRefresh((await login(t, state.callers[who].email)).cookie),
  }),
  'GET /api/me/workspaces': async () => ({ url: '/api/me/workspaces' }),
  'GET /api/workspaces': async () => ({ url: '/api/workspaces' }),
  'POST /api/workspaces': async () => ({
    url: '/api/workspaces',
    payload: { workspace_name: 'New', template: 'mrp', description: 'Made in the matrix' },
  }),
  'GET /api/workspaces/:id': async () => ({ url: `/api/workspaces/${state.workspace.workspace_id}` }),
  'PATCH /api/workspaces/:id': async () => ({
    url: `/api/workspaces/${state.workspace.workspace_id}`,
    payload: { workspace_name: 'Acme', template: 'workspace', description: 'Our team' },
  }),
  // Restoring an active workspace changes nothing, so every caller meets the same workspace.
  'PATCH /api/workspaces/:id/status': async () => ({
    url: `/api/workspaces/${state.workspace.workspace_id}/status`,
    payload: { archived: '0' },
  }),
  'PUT /api/workspaces/:id/logo': async () => ({
    url: `/api/workspaces/${state.workspace.workspace_id}/logo`,
    payload: multipart(),
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
  }),
  'GET /api/dashboard': async () => ({ url: '/api/dashboard' }),
  'GET /api/team': async () => ({ url: '/api/team' }),
  'GET /api/team/:userId': async () => ({
    url: `/api/team/${(await addMember(t, state.workspace, 'worker')).userId}`,
  }),
  'PATCH /api/team/:userId': async () => ({
    url: `/api/team/${(await addMember(t, state.workspace, 'worker')).userId}`,
    payload: memberEdit,
  }),
  'PATCH /api/team/:userId/status': async () => ({
    url: `/api/team/${(await addMember(t, state.workspace, 'worker')).userId}/status`,
    payload: { status: '0' },
  }),
  'DELETE /api/team/:userId': async () => ({
    url: `/api/team/${(await addMember(t, state.workspace, 'worker')).userId}`,
  }),
  'POST /api/team/invitations': async () => ({
    url: '/api/team/invitations',
    payload: { first_name: 'New', email: uniqueEmail('invitee'), role: 'guest' },
  }),
  'GET /api/team/invitations': async () => ({ url: '/api/team/invitations' }),
  'POST /api/team/invitations/:id/resend': async () => {
    const { id } = await freshInvitation();
    // Mailed a minute ago: a re-send sooner is held back (429).
    await t.db.db
      .update(invitations)
      .set({ lastSentAt: sql`${invitations.lastSentAt} - interval '60 seconds'` })
      .where(eq(invitations.id, id));
    return { url: `/api/team/invitations/${id}/resend` };
  },
  'DELETE /api/team/invitations/:id': async () => ({
    url: `/api/team/invitations/${(await freshInvitation()).id}`,
  }),
  'GET /api/invitations/:token': async () => ({ url: `/api/invitations/${(await freshInvitation()).token}` }),
  'POST /api/invitations/:token/accept': async () => {
    // Sent to an address that has a login of its own: only that login may accept it.
    const somebody = await addMember(t, (await newTenant(t)).workspace, 'worker');
    return { url: `/api/invitations/${(await freshInvitation(somebody.email)).token}/accept`, payload: {} };
  },
};

describe('the permission matrix', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
