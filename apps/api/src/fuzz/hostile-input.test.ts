import { messages } from '@workhub/shared/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/outbox.ts';
import { barberShop, shopTimeAt } from '../modules/barber/barber-test-helpers.ts';
import { bearer, errorOf, post, registration, uniqueEmail, useTestApp } from '../test/helpers.ts';
import { staffMember } from '../test/staff.ts';
import { newTenant, type Tenant } from '../test/tenants.ts';
import { call, createProject, createTask, projectBody, taskBody } from '../test/work.ts';

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

  // Text that reads as other text: a bidi override turns 'invoice\u202Egnp.exe' into 'invoiceexe.png'
  // in a list, a mail or a CSV; a line break in a name reached a mail's Subject; a lone surrogate
  // (JSON's "\ud800") was stored as U+FFFD, other text than was sent. Each is a 400 naming the field,
  // refused by the shared schemas (the web forms check with the same ones).
  describe('text that would show as other text', () => {
    const spoofs: [string, string][] = [
      ['\u202Eevil', messages.textControlCharacters],
      ['report\u202Egnp.exe\u202C', messages.textControlCharacters],
      ['isolate\u2067x\u2069', messages.textControlCharacters],
      ['C1\u0085next', messages.textControlCharacters],
      ['Line1\nLine2', messages.textLineBreak],
      ['Line1\u2028Line2', messages.textLineBreak],
      ['lone\ud800surrogate', messages.textMalformed],
      ['é\udc00é\udc00xyz', messages.textMalformed],
    ];

    it('in a workspace name is a 400', async () => {
      const body = { template: 'ticketing', description: 'The queue' };
      for (const [name, message] of spoofs) {
        const created = await call(t, 'POST', '/api/workspaces', tenant.home.token, {
          ...body,
          workspace_name: name,
        });
        expect(created.statusCode, `${JSON.stringify(name)} ${created.body}`).toBe(400);
        expect(errorOf(created).error.fields).toEqual({ workspace_name: message });
      }
    });

    it('in a task name is a 400; a description keeps its lines', async () => {
      const project = await createProject(t, tenant.owner.token);
      const required = { project_id: project.project_id, assigned_to: tenant.holder.session.user.user_id };
      for (const [name, message] of spoofs) {
        const created = await call(
          t,
          'POST',
          '/api/tasks',
          tenant.owner.token,
          taskBody(t, required, { name }),
        );
        expect(created.statusCode, `${JSON.stringify(name)} ${created.body}`).toBe(400);
        expect(errorOf(created).error.fields).toEqual({ name: message });
      }
      const task = await createTask(t, tenant.owner.token, required, {
        name: 'مهمة عاجلة \u200F2026',
        description: 'Line one\nLine two\u2028three',
      });
      expect([task.name, task.description]).toEqual([
        'مهمة عاجلة \u200F2026',
        'Line one\nLine two\u2028three',
      ]);
    });

    it("in a public booking's name is a 400, before anything is booked or mailed", async () => {
      const shop = await barberShop(t);
      const url = `/api/public/booking/${shop.slug}/appointments`;
      for (const [name, message] of spoofs) {
        const booked = await t.app.inject({
          method: 'POST',
          url,
          payload: {
            name,
            phone: '+254722000000',
            email: 'spoof@example.com',
            service_ids: [shop.service.id],
            start_at: shopTimeAt(t, shop.timezone, 1, 10),
          },
        });
        expect(booked.statusCode, `${JSON.stringify(name)} ${booked.body}`).toBe(400);
        expect(errorOf(booked).error.fields).toEqual({ name: message });
      }
      const mailed = await t.db.db.select().from(outbox).where(eq(outbox.to, 'spoof@example.com'));
      expect(mailed).toEqual([]);
    });
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

    it('in a query (page) is a 400 that names the page', async () => {
      const said: Record<string, string> = {
        '2147483648': 'Page must be at most 2147483647',
        '99999999999999': 'Page must be at most 2147483647',
        // Past 2^53 a number is no longer a safe integer: still 'too large', not 'not whole'.
        '1e20': 'Page must be at most 2147483647',
        abc: 'Page must be a whole number',
        '2.5': 'Page must be a whole number',
        '-1': 'Page must be 1 or more',
      };
      for (const [page, message] of Object.entries(said)) {
        const response = await call(t, 'GET', `/api/projects?page=${page}`, tenant.owner.token);
        expect(response.statusCode, `${page} ${response.body}`).toBe(400);
        expect(errorOf(response).error.fields).toEqual({ page: message });
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
