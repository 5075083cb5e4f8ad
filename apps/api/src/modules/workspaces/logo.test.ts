import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOGO_MAX_BYTES } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { bearer, errorOf, testConfig, useTestApp } from '../../test/helpers.ts';
import { memberIn, newTenant } from '../../test/tenants.ts';
import { detectImage } from './logo-storage.ts';

const t = useTestApp();

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size = 64) =>
  Buffer.concat([Buffer.from(PNG_SIGNATURE), Buffer.alloc(size - PNG_SIGNATURE.length, 7)]);

const BOUNDARY = 'workhub-test-boundary';
function multipart(content: Buffer, { field = 'logo', filename = 'logo.png', type = 'image/png' } = {}) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

const upload = (workspaceId: string, token: string, payload: Buffer | object, contentType?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/workspaces/${workspaceId}/logo`,
    headers: {
      ...bearer(token),
      'content-type':
        contentType ??
        (Buffer.isBuffer(payload) ? `multipart/form-data; boundary=${BOUNDARY}` : 'application/json'),
    },
    payload: Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
  });

describe('PUT /api/workspaces/:id/logo', () => {
  it('stores a PNG under a random name and serves it publicly; a new logo replaces the old file', async () => {
    const { owner, workspace } = await newTenant(t);
    const image = png();
    const response = await upload(workspace.workspace_id, owner.token, multipart(image));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(messages.updateDone);
    const url: string = response.json().data.workspace_logo;
    expect(url).toMatch(/^\/uploads\/logos\/[a-f0-9]{32}\.png$/);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(image)).toBe(true);

    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
    const replaced = await upload(workspace.workspace_id, owner.token, multipart(gif, { filename: 'x.gif' }));
    expect(replaced.json().data.workspace_logo).toMatch(/\.gif$/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const picker = await t.app.inject({
      method: 'GET',
      url: '/api/me/workspaces',
      headers: bearer(owner.token),
    });
    expect(picker.json().data[0].workspace_logo).toBe(replaced.json().data.workspace_logo);
  });

  it('takes a file of exactly 1 MB', async () => {
    const { owner, workspace } = await newTenant(t);
    const response = await upload(workspace.workspace_id, owner.token, multipart(png(LOGO_MAX_BYTES)));
    expect(response.statusCode).toBe(200);
  });

  it('answers 413 over 1 MB', async () => {
    const { owner, workspace } = await newTenant(t);
    const response = await upload(workspace.workspace_id, owner.token, multipart(png(LOGO_MAX_BYTES + 1)));
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: messages.logoInvalid,
    });
  });

  it('answers 400 logoInvalid for a text file named .png, an SVG, no file or another field', async () => {
    const { owner, workspace } = await newTenant(t);
    const cases = [
      multipart(Buffer.from('just some text, not an image')),
      multipart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), {
        filename: 'logo.svg',
        type: 'image/svg+xml',
      }),
      multipart(png(), { field: 'picture' }),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ];
    for (const payload of cases) {
      const response = await upload(workspace.workspace_id, owner.token, payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).error).toEqual({
        code: 'VALIDATION_FAILED',
        message: messages.logoInvalid,
        fields: { logo: messages.logoInvalid },
      });
    }
    const json = await upload(workspace.workspace_id, owner.token, { logo: 'x' });
    expect(errorOf(json).error.fields).toEqual({ logo: messages.logoInvalid });
  });

  it('answers 401, 403 to a workspace admin, and 404 for another account before reading the file', async () => {
    const { workspace } = await newTenant(t);
    const other = await newTenant(t);
    const admin = await memberIn(t, workspace, 'admin');
    const noToken = await t.app.inject({
      method: 'PUT',
      url: `/api/workspaces/${workspace.workspace_id}/logo`,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(png()),
    });
    expect(noToken.statusCode).toBe(401);
    expect((await upload(workspace.workspace_id, admin.token, multipart(png()))).statusCode).toBe(403);
    expect((await upload(workspace.workspace_id, other.owner.token, multipart(png()))).statusCode).toBe(404);
  });

  it('leaves the other routes refusing multipart bodies', async () => {
    const { owner, workspace } = await newTenant(t);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspaces/${workspace.workspace_id}`,
      headers: { ...bearer(owner.token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(png()),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.code).toBe('MALFORMED_BODY');
  });

  it('takes a logo by its bytes, never its name or declared type: HTML named logo.png is refused, a PNG named page.html is served as image/png', async () => {
    const { owner, workspace } = await newTenant(t);
    const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
    const refused = await upload(workspace.workspace_id, owner.token, multipart(html));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).error.fields).toEqual({ logo: messages.logoInvalid });

    // PNG bytes with HTML after the signature, sent as text/html: stored and served as the PNG it
    // starts as, under a name of the server's, never sniffed into a page.
    const polyglot = Buffer.concat([png(16), html]);
    const taken = await upload(
      workspace.workspace_id,
      owner.token,
      multipart(polyglot, { filename: 'page.html', type: 'text/html' }),
    );
    expect(taken.statusCode, taken.body).toBe(200);
    const url: string = taken.json().data.workspace_logo;
    expect(url).toMatch(/^\/uploads\/logos\/[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("script-src 'self'");
    // An image may show inline; nothing else is ever served from here.
    expect(served.headers['content-disposition']).toBeUndefined();
  });

  it('serves nothing outside DATA_DIR/uploads, whatever the path', async () => {
    const dataDir = testConfig().dataDir;
    const secret = `secret-${Date.now()}`;
    mkdirSync(join(dataDir, 'private'), { recursive: true });
    writeFileSync(join(dataDir, 'outside.txt'), secret);
    writeFileSync(join(dataDir, 'private', 'outside.txt'), secret);
    for (const url of [
      '/uploads/../outside.txt',
      '/uploads/%2e%2e/outside.txt',
      '/uploads/..%2foutside.txt',
      '/uploads/%2e%2e%2foutside.txt',
      '/uploads/logos/..%2f..%2foutside.txt',
      '/uploads/logos/%2e%2e/%2e%2e/private/outside.txt',
      '/uploads/..%5coutside.txt',
      '/uploads/%252e%252e/outside.txt',
      '/uploads/',
      '/uploads/logos/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body, url).not.toContain(secret);
    }
  });

  it('answers 404 for an upload that does not exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/uploads/logos/${'0'.repeat(32)}.png` });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).error.code).toBe('NOT_FOUND');
  });
});

describe('detectImage', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes, and nothing else', () => {
    expect(detectImage(png())?.ext).toBe('png');
    expect(detectImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))?.ext).toBe('jpg');
    expect(detectImage(Buffer.from('GIF87a....'))?.ext).toBe('gif');
    expect(detectImage(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 '))?.ext).toBe('webp');
    expect(detectImage(Buffer.from('RIFF\x00\x00\x00\x00WAVE'))).toBeUndefined();
    expect(detectImage(Buffer.from('%PDF-1.7'))).toBeUndefined();
    expect(detectImage(Buffer.alloc(0))).toBeUndefined();
  });
});
