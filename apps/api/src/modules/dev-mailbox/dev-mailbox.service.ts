import { desc, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type OutboxRow, outbox } from '../../db/schema/outbox.ts';
import { escapeHtml } from '../../lib/html.ts';
import { containing } from '../../lib/list-query.ts';
import { codeInMailText } from '../auth/auth.mails.ts';

const SHOWN = 100;

const mailHtml = (mail: OutboxRow): string => {
  const code = codeInMailText(mail.text);
  return `<article>
  <header>
    <div><strong>To:</strong> ${escapeHtml(mail.to)}</div>
    <div><strong>Subject:</strong> ${escapeHtml(mail.subject)}</div>
    <div><strong>Time:</strong> <time datetime="${mail.createdAt.toISOString()}">${escapeHtml(mail.createdAt.toISOString())}</time> · ${escapeHtml(mail.status)}</div>
  </header>
  ${code ? `<p class="code">${escapeHtml(code)}</p>` : ''}
  <pre>${escapeHtml(mail.text)}</pre>
</article>`;
};

/**
 * The outbox as a page, newest first, so a sign-up can be finished with no mail server; `to`
 * keeps the mails whose recipient contains it (any case), for a busy shared instance.
 */
export async function renderDevMailbox(db: Db, to?: string): Promise<string> {
  const mails = await db
    .select()
    .from(outbox)
    .where(to ? ilike(outbox.to, containing(to)) : undefined)
    .orderBy(desc(outbox.createdAt))
    .limit(SHOWN);
  const body = mails.length > 0 ? mails.map(mailHtml).join('\n') : '<p>No mail yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Workhub</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #1a1b1e; }
  article { border: 1px solid #dee2e6; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
  header div { margin: 0.15rem 0; }
  .code { font-size: 2.5rem; font-weight: 700; letter-spacing: 0.4rem; font-family: ui-monospace, monospace; margin: 0.75rem 0; }
  pre { white-space: pre-wrap; background: #f8f9fa; padding: 0.75rem; border-radius: 6px; }
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Every mail the app wrote (the <code>outbox</code> table), newest first. Shown only while mail is kept in the outbox (<code>MAIL_TRANSPORT=outbox</code>, no mail server set), and outside development only to callers on this machine.</p>
${body}
</body>
</html>`;
}
