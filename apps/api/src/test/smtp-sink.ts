import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink received it: its envelope's recipients and its raw text. */
export type ReceivedMail = { to: string[]; raw: string };

export type SmtpSink = {
  /** Every mail received so far, oldest first. */
  received: ReceivedMail[];
  /** The `SMTP_URL` of the sink. */
  url: string;
  close(): Promise<void>;
};

/** A real SMTP server on a free port of loopback that keeps what it receives (no auth, no TLS). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What `find` gives once it gives something (every 50 ms, for up to 5 s): a mail, a marked row. */
export async function eventually<T>(
  find: () => T | undefined | Promise<T | undefined>,
  what: string,
): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
