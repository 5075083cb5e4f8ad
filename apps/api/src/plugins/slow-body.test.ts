import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../test/helpers.ts';
import { newTenant, type Tenant } from '../test/tenants.ts';
import { projectBody } from '../test/work.ts';

/*
 * A request holds no database connection while its client is still sending the body (auth.ts opens
 * the request's transaction once the body is in). PGlite has one connection and the test pool of
 * PostgreSQL four: held from the headers on, five slow uploads would leave a signed-in reader
 * waiting until they ended (and under load the server stopped answering altogether).
 */

const t = useTestApp();
let tenant: Tenant;
let base: string;
const open: Socket[] = [];

beforeAll(async () => {
  tenant = await newTenant(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `127.0.0.1:${address.port}`;
});

afterAll(async () => {
  for (const socket of open) socket.destroy();
  await t.app.close();
});

/** Sends a POST's headers and half of its body, and waits: the client is still typing. */
function slowUpload(token: string, body: string): Promise<{ socket: Socket; answer: Promise<string> }> {
  const [host, port] = base.split(':');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), host, () => {
      open.push(socket);
      const head = [
        'POST /api/projects HTTP/1.1',
        `Host: ${base}`,
        `Authorization: ${bearer(token).authorization}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        '',
        '',
      ].join('\r\n');
      socket.write(head + body.slice(0, 10));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      resolve({ socket, answer: new Promise((done) => socket.on('close', () => done(answer))) });
    });
    socket.on('error', reject);
  });
}

describe('a request whose body is still arriving', () => {
  it('holds no database connection: a reader is answered meanwhile, and the uploads finish after', async () => {
    const body = JSON.stringify(projectBody(t, { name: 'Slow upload' }));
    const uploads = await Promise.all(Array.from({ length: 5 }, () => slowUpload(tenant.owner.token, body)));
    // Let the server take in the headers and run the hooks it runs before the body.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const started = Date.now();
    const read = await fetch(`http://${base}/api/projects?page=1`, {
      headers: bearer(tenant.owner.token),
      signal: AbortSignal.timeout(5_000),
    });
    expect(read.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_000);

    for (const { socket } of uploads) socket.write(body.slice(10));
    const answers = await Promise.all(uploads.map((upload) => upload.answer));
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 201 /);
  });
});
