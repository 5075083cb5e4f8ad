import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/outbox.ts';
import { latestCode, post, registration, testApp, uniqueEmail, useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

const mailbox = (app = t.app, to?: string) =>
  app.inject({ method: 'GET', url: to ? `/dev-mailbox?to=${encodeURIComponent(to)}` : '/dev-mailbox' });

describe('GET /dev-mailbox', () => {
  it('shows a sign-up mail with its recipient, subject and code in large type', async () => {
    const email = uniqueEmail('mailbox');
    await post(t.app, '/api/auth/register', registration(email));
    const code = await latestCode(t.db, email);
    const response = await mailbox(t.app, email);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(email);
    expect(response.body).toContain('Verify your Workhub e-mail');
    expect(response.body).toContain(`<p class="code">${code}</p>`);
    expect(response.body).toContain(`/auth/verify/${encodeURIComponent(email)}`);
  });

  it('lists the newest mail first and escapes everything it shows', async () => {
    const at = t.clock.now().getTime();
    // Other files share the database (PostgreSQL runs them side by side): look at this test's own domain.
    const domain = `${uniqueEmail('order').split('@')[0]}.example.com`;
    await t.db.db.insert(outbox).values([
      {
        to: `older@${domain}`,
        subject: 'older',
        text: 'a',
        html: 'a',
        status: 'logged',
        createdAt: new Date(at + 1000),
      },
      {
        to: `newer@${domain}`,
        subject: '<script>alert("x")</script>',
        text: '<img src=x onerror=alert(1)>',
        html: '',
        status: 'logged',
        createdAt: new Date(at + 2000),
      },
    ]);
    const { body } = await mailbox(t.app, domain);
    expect(body).toContain(`older@${domain}`);
    expect(body.indexOf(`newer@${domain}`)).toBeLessThan(body.indexOf(`older@${domain}`));
    expect(body).not.toContain('<script>alert');
    expect(body).not.toContain('<img src=x');
    expect(body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('keeps only the mails whose recipient contains ?to=, whatever the case', async () => {
    const wanted = uniqueEmail('wanted');
    const other = uniqueEmail('other');
    await post(t.app, '/api/auth/register', registration(wanted));
    await post(t.app, '/api/auth/register', registration(other));
    const { body } = await mailbox(t.app, wanted.toUpperCase());
    expect(body).toContain(wanted);
    expect(body).not.toContain(other);
    const none = await mailbox(t.app, '%');
    expect(none.body).toContain('No mail yet.');
  });

  it('does not exist when mail is delivered by SMTP, in any environment', async () => {
    for (const NODE_ENV of ['development', 'production']) {
      const smtp = await testApp(t.db, { NODE_ENV, SMTP_URL: 'smtp://127.0.0.1:1' });
      try {
        const response = await mailbox(smtp.app);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      } finally {
        await smtp.app.close();
      }
    }
  });

  it('is served in production when the operator keeps mail in the outbox (MAIL_TRANSPORT=outbox)', async () => {
    const lines: string[] = [];
    const production = await testApp(
      t.db,
      { NODE_ENV: 'production', MAIL_TRANSPORT: 'outbox', LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      // The operator is told, at start, what the choice means.
      expect(lines.join('')).toContain('/dev-mailbox shows every mail');
      expect(lines.join('')).toContain('to callers on this machine only');
      const email = uniqueEmail('prod-outbox');
      await post(production.app, '/api/auth/register', registration(email));
      const response = await mailbox(production.app, email);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<p class="code">${await latestCode(t.db, email)}</p>`);
      // Reset codes are readable here: a caller from another machine finds nothing.
      const remote = await production.app.inject({
        method: 'GET',
        url: `/dev-mailbox?to=${encodeURIComponent(email)}`,
        remoteAddress: '203.0.113.7',
      });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain(email);
    } finally {
      await production.app.close();
    }
  });

  it('answers callers from any address in development', async () => {
    const development = await testApp(t.db, { NODE_ENV: 'development', MAIL_TRANSPORT: 'outbox' });
    try {
      const email = uniqueEmail('dev-remote');
      await post(development.app, '/api/auth/register', registration(email));
      const remote = await development.app.inject({
        method: 'GET',
        url: `/dev-mailbox?to=${encodeURIComponent(email)}`,
        remoteAddress: '203.0.113.8',
      });
      expect(remote.statusCode).toBe(200);
      expect(remote.body).toContain(email);
    } finally {
      await development.app.close();
    }
  });
});
