// A real SMTP server for the end-to-end suite: the app sends its mail here through nodemailer,
// and the specs read what arrived over HTTP (GET /messages?to=<address>).
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_SINK_PORT ?? 2525);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT ?? 2526);
const messages = [];

function decodeQuotedPrintable(text) {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function header(raw, name) {
  const match = raw.match(new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im'));
  return match ? match[1].replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      messages.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        subject: header(raw, 'Subject'),
        body: decodeQuotedPrintable(raw),
        received_at: new Date().toISOString(),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${httpPort}`);
  const to = url.searchParams.get('to')?.toLowerCase();
  const found = to ? messages.filter((message) => message.to.includes(to)) : messages;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(found));
}).listen(httpPort, '127.0.0.1');
