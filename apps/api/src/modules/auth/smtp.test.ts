import type { AddressInfo } from 'node:net';
import { REFRESH_COOKIE } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client.ts';
import { mailsTo, openTestDb, registration, testApp, uniqueEmail } from '../../test/helpers.ts';
import { eventually, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';

let db: DbHandle;
let smtp: SmtpSink;

beforeAll(async () => {
  db = await openTestDb();
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await smtp.close();
  await db.close();
});

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const postJson = (url: string, body: object) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('mail through a real SMTP server (SMTP_URL)', () => {
  it('delivers the verify code, which then verifies the account over HTTP', async () => {
    const { app } = await testApp(db, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Workhub Test <test@workhub.local>',
    });
    try {
      const base = await listening(app);
      const email = uniqueEmail('smtp');
      const registered = await postJson(`${base}/api/auth/register`, registration(email));
      expect(registered.status).toBe(201);

      const mail = await eventually(() => smtp.received.find((m) => m.to.includes(email)), 'the verify mail');
      expect(mail.raw).toMatch(/^From: Workhub Test <test@workhub\.local>/m);
      expect(mail.raw).toMatch(/^Subject: Verify your Workhub e-mail/m);
      const code = /Your code: ([A-Z0-9]{6})/.exec(mail.raw)?.[1];
      expect(code).toBeDefined();

      const verified = await postJson(`${base}/api/auth/verify-email`, { email, code });
      expect(verified.status).toBe(200);
      expect(((await verified.json()) as { message: string }).message).toBe(messages.welcome);
      expect(verified.headers.get('set-cookie')).toContain(`${REFRESH_COOKIE}=`);

      const [row] = await eventually(async () => {
        const rows = await mailsTo(db, email);
        return rows[0]?.status === 'sent' ? rows : undefined;
      }, 'the outbox row to be marked sent');
      expect(row?.sentAt).not.toBeNull();
      expect(row?.attempts).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('still answers 201 when the mail server is down, and marks the mail failed', async () => {
    const { app } = await testApp(db, { SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const email = uniqueEmail('down');
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: registration(email),
      });
      expect(response.statusCode).toBe(201);
      const [row] = await eventually(async () => {
        const rows = await mailsTo(db, email);
        return rows[0]?.status === 'failed' ? rows : undefined;
      }, 'the outbox row to be marked failed');
      expect(row?.error).toBeTruthy();
    } finally {
      await app.close();
    }
  });
});
