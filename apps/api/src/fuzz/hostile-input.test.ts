import { messages } from '@workhub/shared/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, errorOf, post, registration, uniqueEmail, useTestApp } from '../test/helpers.ts';
import { staffMember } from '../test/staff.ts';
import { newTenant, type Tenant } from '../test/tenants.ts';
import { call, createProject, createTask, projectBody } from '../test/work.ts';

/**
 * Each class of hostile input the fuzz run of issue 11 turned into a 500: each is a 400 (or 413)
 * with the field named, refused by the shared schema helpers before any query runs.
 */
describe('hostile input is a 4xx, never a 500', () => {
  const t = useTestApp();
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await newTenant(t);
  });

  describe('a NUL byte', () => {
    it('in a body field is a 400 naming the field', async () => {
      const created = await call(t, 'POST', '/api/projects', tenant.owner.token, {
        ...projectBody(t),
        name: 'Web\u0000site',
      });
      expect(created.statusCode, created.body).toBe(400);
      expect(errorOf(created).error.fields).toEqual({ name: messages.textControlCharacters });

      const profile = await call(t, 'PATCH', '/api/me/profile', tenant.owner.token, {
        first_name: 'Ada',
        notes: 'line one\nline\u0000two',
      });
      expect(profile.statusCode, profile.body).toBe(400);
      expect(errorOf(profile).error.fields).toEqual({ notes: messages.textControlCharacters });
    });

    it('in the search parameter `q` is a 400', async () => {
      for (const url of ['/api/projects?q=a%00b', '/api/tasks?q=%00', '/api/team?q=%00']) {
        const response = await call(t, 'GET', url, tenant.owner.token);
        expect(response.statusCode, `${url} ${response.body}`).toBe(400);
        expect(errorOf(response).error.fields).toEqual({ q: messages.textControlCharacters });
      }
      const staff = await staffMember(t, 'admin');
      const subscribers = await call(t, 'GET', '/api/admin/subscribers?q=%00', staff.token);
      expect(subscribers.statusCode, subscribers.body).toBe(400);
    });

    it('in a plan the staff edits is a 400', async () => {
      const staff = await staffMember(t, 'super_admin');
      const plan = {
        title: 'Team',
        price: 10,
        description: 'A plan for teams of every size.',
        button_text: 'Choose',
        button_variant: 'filled',
        month: 1,
      };
      const hostileFields: [string, string][] = [
        ['subheader', 'New\u0000'],
        ['subscription', '\u0000'],
        ['description', 'A plan for teams\u0000 of every size.'],
      ];
      for (const [field, value] of hostileFields) {
        const response = await call(t, 'POST', '/api/admin/plans', staff.token, { ...plan, [field]: value });
        expect(response.statusCode, `${field} ${response.body}`).toBe(400);
        expect(errorOf(response).error.fields).toEqual({ [field]: messages.textControlCharacters });
      }
    });

    it('keeps tabs and line breaks, which text may hold', async () => {
      const response = await call(t, 'POST', '/api/projects', tenant.owner.token, {
        ...projectBody(t),
        description: 'First line\r\n\tindented',
      });
      expect(response.statusCode, response.body).toBe(201);
    });
  });

  // JSON lets a body carry a lone surrogate ("\udc00"), which no UTF-8 text can hold: stored as
  // U+FFFD, as TextEncoder and PostgreSQL's drivers write it, the rest of the text kept. On PGlite a
  // lone low surrogate after a character of two bytes or more once cut the message to PostgreSQL
  // short (a 500, or a task named `é\udc00é\udc00xyz` stored as `é\ufffdé\ufffdx`:
  // scripts/patch-deps.mjs patchPgliteUtf8Length).
  it('a lone surrogate in a body is stored as U+FFFD, the rest of the text whole', async () => {
    const project = await createProject(t, tenant.owner.token, { name: 'é\udc00é\udc00xyz' });
    expect(project.name).toBe('é\ufffdé\ufffdxyz');
    const task = await createTask(
      t,
      tenant.owner.token,
      { project_id: project.project_id, assigned_to: tenant.holder.session.user.user_id },
      { name: 'Ünïcode \udc00\ud800 tail', description: '\ud800é\udc00 end' },
    );
    expect([task.name, task.description]).toEqual(['Ünïcode \ufffd\ufffd tail', '\ufffdé\ufffd end']);
    // Read back by the list (on either database, the statements of a read-ahead request's message).
    const listed = await call(t, 'GET', `/api/tasks?project_id=${project.project_id}`, tenant.owner.token);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { data: { name: string }[] }).data.map((row) => row.name)).toEqual([
      'Ünïcode \ufffd\ufffd tail',
    ]);
  });

  it('an impossible date is a 400, in a body and in a query', async () => {
    const created = await call(t, 'POST', '/api/projects', tenant.owner.token, {
      ...projectBody(t),
      due_date: '2027-02-30',
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(errorOf(created).error.fields).toEqual({ due_date: messages.dueDateInvalid });

    const listed = await call(t, 'GET', '/api/tasks?due_before=2026-13-01', tenant.owner.token);
    expect(listed.statusCode, listed.body).toBe(400);
    expect(errorOf(listed).error.fields).toEqual({ due_before: messages.dueDateInvalid });
  });

  describe('an integer past 2^31', () => {
    it('in a body is a 400', async () => {
      const picked = await t.app.inject({
        method: 'PUT',
        url: '/api/account/subscription',
        headers: bearer(tenant.home.token),
        payload: { subscription_id: 2_147_483_648 },
      });
      expect(picked.statusCode, picked.body).toBe(400);
      expect(errorOf(picked).error.fields).toEqual({ subscription_id: messages.numberTooLarge });

      const registered = await post(
        t.app,
        '/api/auth/register',
        // A form sends the plan of /auth/register?id=... as a string.
        { ...registration(uniqueEmail()), subscription_id: '2147483648' },
      );
      expect(registered.statusCode, registered.body).toBe(400);
      expect(errorOf(registered).error.fields).toEqual({ subscription_id: messages.numberTooLarge });
    });

    it('in a query (page) is a 400', async () => {
      for (const page of ['2147483648', '1e20']) {
        const response = await call(t, 'GET', `/api/projects?page=${page}`, tenant.owner.token);
        expect(response.statusCode, `${page} ${response.body}`).toBe(400);
        expect(Object.keys(errorOf(response).error.fields ?? {})).toEqual(['page']);
      }
    });

    it('in a path is a 400', async () => {
      const response = await call(t, 'GET', '/api/billing/checkout/2147483648', tenant.home.token);
      expect(response.statusCode, response.body).toBe(400);
    });
  });

  it('a NUL in a path the API does not document (uploads, the dev mailbox) is a 4xx', async () => {
    for (const url of [
      '/uploads/%00',
      '/uploads/a%00.png',
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/dev-mailbox?to=%00',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, `${url} ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${url} ${response.body}`).toBeLessThan(500);
    }
  });

  describe('a multipart upload', () => {
    const url = () => `/api/workspaces/${tenant.workspace.workspace_id}/logo`;
    const head =
      '--b\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n';
    const upload = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'PUT',
        url: url(),
        headers: { ...bearer(tenant.owner.token), 'content-type': contentType },
        payload,
      });

    it('without a boundary is a 400', async () => {
      const response = await upload('multipart/form-data', `${head}\x89PNG\r\n--b--\r\n`);
      expect(response.statusCode, response.body).toBe(400);
    });

    it('cut short is a 400', async () => {
      const response = await upload('multipart/form-data; boundary=b', `${head}\x89PNG\r\n\x1a\n`);
      expect(response.statusCode, response.body).toBe(400);
    });

    it('of another content type is a 400', async () => {
      const response = await upload('application/xml', '<logo/>');
      expect(response.statusCode, response.body).toBe(400);
    });
  });
});
