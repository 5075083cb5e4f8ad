import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { afterCommit, outsideRequest } from '../../db/tenant-context.ts';
import type { Clock } from '../../lib/clock.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-time code the mail carries. Never logged: the outbox and /dev-mailbox show it. */
  code?: string;
};

type MailerOptions = {
  db: Db;
  now: Clock;
  log: FastifyBaseLogger;
  /** Undefined when the mail transport is the outbox. */
  smtpUrl: string | undefined;
  from: string;
};

/**
 * Every mail is first written to the outbox table. With SMTP_URL it is then delivered in the
 * background (a slow or broken mail server never slows or fails the request, and an answer takes
 * as long whether or not a mail was sent); without it (MAIL_TRANSPORT=outbox) it stays in the outbox,
 * marked `logged`, for /dev-mailbox to show.
 */
export class Mailer {
  readonly #db: Db;
  readonly #now: Clock;
  readonly #log: FastifyBaseLogger;
  readonly #transport: Transporter | undefined;
  readonly #pending = new Set<Promise<void>>();

  constructor(options: MailerOptions) {
    this.#db = options.db;
    this.#now = options.now;
    this.#log = options.log;
    this.#transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl, { from: options.from })
      : undefined;
  }

  /**
   * Writes the mail to the outbox in the request's transaction (when there is one) and delivers it
   * once that has committed: a mail never tells of a change that was rolled back, and its delivery
   * never marks a row that is not there to see yet (db/tenant-context.ts afterCommit).
   */
  async send(mail: MailMessage): Promise<void> {
    const committed = afterCommit();
    const queued = await this.queueIn(this.#db, mail);
    committed(() => queued.deliver());
  }

  /**
   * Writes the mail's outbox row through `db`: a transaction of the caller's, so that the row
   * commits with the change it tells of, or not at all (a reminder claimed and its mail, as one).
   * `deliver()` once that transaction has committed: with SMTP it starts the delivery then.
   */
  async queueIn(db: Db, mail: MailMessage): Promise<{ deliver(): void }> {
    // Prepared once (db/prepared.ts): a named statement goes out with the statements around it,
    // where an unnamed one with parameters first waits for the server to describe them.
    const values = {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      status: this.#transport ? 'pending' : 'logged',
      createdAt: this.#now(),
    };
    const [row] = await runPrepared(db, 'outbox_insert', values, () =>
      db
        .insert(outbox)
        .values({
          to: sql.placeholder('to'),
          subject: sql.placeholder('subject'),
          text: sql.placeholder('text'),
          html: sql.placeholder('html'),
          status: sql.placeholder('status'),
          createdAt: sql.placeholder('createdAt'),
        })
        .returning({ id: outbox.id }),
    );
    if (!row) throw new Error('outbox insert returned no row');

    if (!this.#transport) {
      // Never the code or the text: the outbox (and /dev-mailbox) is where mail is read, not the log.
      this.#log.info({ to: mail.to, subject: mail.subject }, 'mail written to the outbox');
      return { deliver: () => {} };
    }
    // Apart from the request: its transaction ends with the answer, the delivery may take longer.
    const transport = this.#transport;
    return {
      deliver: () => {
        const delivery = outsideRequest(() => this.#deliver(transport, row.id, mail)).finally(() =>
          this.#pending.delete(delivery),
        );
        this.#pending.add(delivery);
      },
    };
  }

  /** Resolves once every delivery started so far has finished (or failed). */
  async flush(): Promise<void> {
    await Promise.all([...this.#pending]);
  }

  async close(): Promise<void> {
    await this.flush();
    this.#transport?.close();
  }

  async #deliver(transport: Transporter, id: string, mail: MailMessage): Promise<void> {
    try {
      await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await this.#mark(id, { status: 'sent', sentAt: this.#now(), error: null });
      this.#log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    } catch (err) {
      this.#log.error({ err, to: mail.to, subject: mail.subject }, 'mail delivery failed');
      await this.#mark(id, {
        status: 'failed',
        error: err instanceof Error ? err.message : String(err),
      }).catch((markErr: unknown) =>
        this.#log.error({ err: markErr }, 'could not mark the outbox row failed'),
      );
    }
  }

  async #mark(
    id: string,
    change: { status: 'sent' | 'failed'; sentAt?: Date; error: string | null },
  ): Promise<void> {
    await this.#db
      .update(outbox)
      .set({ ...change, attempts: sql`${outbox.attempts} + 1` })
      .where(eq(outbox.id, id));
  }
}
