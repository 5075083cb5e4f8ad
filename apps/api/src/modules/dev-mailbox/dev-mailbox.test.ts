import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/outbox.ts';
import { latestCode, post, registration, testApp, uniqueEmail, useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

const mailbox = (app = t.app) => app.inject({ method: 'GET', url: '/dev-mailbox' });

describe('GET /dev-mailbox', () => {
  it('shows a sign-up mail with its recipient, subject and code in large type', async () => {
    const email = uniqueEmail('mailbox');
    await post(t.app, '/api/auth/register', registration(email));
    const code = await latestCode(t.db, email);
    const response = await mailbox();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(email);
    expect(response.body).toContain('Verify your Workhub e-mail');
    expect(response.body).toContain(`<p class="code">${code}</p>`);
    expect(response.body).toContain(`/auth/verify/${encodeURIComponent(email)}`);
  });

  it('lists the newest mail first and escapes everything it shows', async () => {
    const at = t.clock.now().getTime();
    await t.db.db.insert(outbox).values([
      {
        to: 'older@example.com',
        subject: 'older',
        text: 'a',
        html: 'a',
        status: 'logged',
        createdAt: new Date(at + 1000),
      },
      {
        to: 'newer@example.com',
        subject: '<script>alert("x")</script>',
        text: '<img src=x onerror=alert(1)>',
        html: '',
        status: 'logged',
        createdAt: new Date(at + 2000),
      },
    ]);
    const { body } = await mailbox();
    expect(body.indexOf('newer@example.com')).toBeLessThan(body.indexOf('older@example.com'));
    expect(body).not.toContain('<script>alert');
    expect(body).not.toContain('<img src=x');
    expect(body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('does not exist in production', async () => {
    const production = await testApp(t.db, { NODE_ENV: 'production' });
    try {
      const response = await mailbox(production.app);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    } finally {
      await production.app.close();
    }
  });
});
