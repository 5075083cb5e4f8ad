import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { BOM_ATTACHMENT_MAX_BYTES, type BomLine } from '@workhub/shared/schemas/operations';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, testConfig, useTestApp } from '../../test/helpers.ts';
import { addBomLine, createProduct } from '../../test/master-data.ts';
import { memberIn, newTenant, type Tenant } from '../../test/tenants.ts';
import { call } from '../../test/work.ts';
import { bomLines } from './operations.schema.ts';

const t = useTestApp();
let tenant: Tenant;
let token: string;

beforeAll(async () => {
  tenant = await newTenant(t, 'mrp');
  token = tenant.owner.token;
});

const BOUNDARY = 'bom-attachment-test';
function multipart(fileName: string, content: Buffer, field = 'file', type = 'application/octet-stream') {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
const upload = (
  lineId: string,
  payload: Buffer,
  who = token,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/bom-lines/${lineId}/attachment`,
    payload,
    headers: { ...bearer(who), 'content-type': contentType },
  });

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1');

async function freshLine(): Promise<BomLine> {
  const parent = await createProduct(t, token, { procurement_type: 'make' });
  return addBomLine(t, token, parent.id, (await createProduct(t, token)).id);
}

const storedKey = async (id: string) =>
  (
    await t.db.db
      .select({ key: bomLines.attachmentKey })
      .from(bomLines)
      .where(and(eq(bomLines.accountId, tenant.workspace.account_id), eq(bomLines.id, id)))
  )[0]?.key ?? null;
const fileOf = (key: string) => join(testConfig().dataDir, 'private', 'bom-attachments', key);

describe('/api/bom-lines/:id/attachment', () => {
  it('stores a PDF by its content, lists it on the line, serves it as a download and replaces it', async () => {
    const line = await freshLine();
    const response = await upload(line.id, multipart('drawing.pdf', PDF, 'file', 'text/html'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.attachment).toEqual({
      file_name: 'drawing.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
      url: `/api/bom-lines/${line.id}/attachment`,
    });
    const key = await storedKey(line.id);
    expect(key).toMatch(/^[a-f0-9]{32}\.pdf$/);
    // Not under the public uploads folder: nobody reaches it without the API.
    expect(existsSync(fileOf(key ?? ''))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/bom/${key}` })).statusCode).toBe(404);

    const download = await call(t, 'GET', `/api/bom-lines/${line.id}/attachment`, token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="drawing.pdf"; filename*=UTF-8''drawing.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const listed = await call(t, 'GET', `/api/products/${line.product_need}/bom`, token);
    expect(listed.json().data[0].attachment.content_type).toBe('application/pdf');

    const replaced = await upload(line.id, multipart('photo.png', PNG));
    expect(replaced.json().data.attachment).toMatchObject({
      content_type: 'image/png',
      file_name: 'photo.png',
    });
    expect(existsSync(fileOf(key ?? ''))).toBe(false);
    // Even an image is a download here, never shown inline from the API's origin.
    const image = await call(t, 'GET', `/api/bom-lines/${line.id}/attachment`, token);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^attachment; filename="photo\.png"/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');

    const newKey = (await storedKey(line.id)) ?? '';
    const removed = await call(t, 'DELETE', `/api/bom-lines/${line.id}/attachment`, token);
    expect(removed.json()).toEqual({ message: operationsMessages.bomAttachmentRemoved });
    expect(existsSync(fileOf(newKey))).toBe(false);
    expect((await call(t, 'GET', `/api/bom-lines/${line.id}/attachment`, token)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/bom-lines/${line.id}/attachment`, token)).statusCode).toBe(200);
  });

  it('serves text as text (never HTML), with a clean file name', async () => {
    const line = await freshLine();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const response = await upload(line.id, multipart('../../evilé.html', html, 'file', 'text/html'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.attachment).toMatchObject({
      content_type: 'text/plain',
      file_name: 'evilé.html',
    });
    const download = await call(t, 'GET', `/api/bom-lines/${line.id}/attachment`, token);
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="evil_.html"; filename*=UTF-8''evil%C3%A9.html`,
    );
    expect(download.headers['content-security-policy']).toContain('sandbox');
    const csv = await upload(line.id, multipart('parts.CSV', Buffer.from('a,b\r\n1,2\r\n')));
    expect(csv.json().data.attachment.content_type).toBe('text/csv');
  });

  it('refuses a file by its content, an empty one, one over 5 MB and a request without the file', async () => {
    const line = await freshLine();
    const expectInvalid = async (payload: Buffer, status = 400) => {
      const response = await upload(line.id, payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toBe(operationsMessages.bomAttachmentInvalid);
    };
    await expectInvalid(multipart('tool.pdf', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0xff, 0xfe])));
    await expectInvalid(multipart('nul.txt', Buffer.from('text\u0000with a NUL')));
    await expectInvalid(multipart('empty.txt', Buffer.alloc(0)));
    await expectInvalid(multipart('drawing.pdf', PDF, 'logo'));
    await expectInvalid(multipart('big.txt', Buffer.alloc(BOM_ATTACHMENT_MAX_BYTES + 1, 0x61)), 413);
    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/bom-lines/${line.id}/attachment`,
      payload: { file: 'x' },
      headers: bearer(token),
    });
    expect(json.statusCode).toBe(400);
    const cut = await upload(
      line.id,
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"`),
    );
    expect(cut.statusCode).toBe(400);
    expect(await storedKey(line.id)).toBeNull();
    // The largest file passes.
    const largest = await upload(line.id, multipart('big.txt', Buffer.alloc(BOM_ATTACHMENT_MAX_BYTES, 0x61)));
    expect(largest.statusCode, largest.body).toBe(200);
  });

  it("answers 404 for another tenant's line before reading the file, 403 for a worker's upload", async () => {
    const line = await freshLine();
    await upload(line.id, multipart('a.txt', Buffer.from('hello')));
    const outsider = (await newTenant(t, 'mrp')).owner.token;
    expect((await upload(line.id, multipart('a.txt', Buffer.from('mine')), outsider)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/bom-lines/${line.id}/attachment`, outsider)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/bom-lines/${line.id}/attachment`, outsider)).statusCode).toBe(404);
    const worker = await memberIn(t, tenant.workspace, 'worker');
    expect((await upload(line.id, multipart('a.txt', Buffer.from('w')), worker.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/bom-lines/${line.id}/attachment`, worker.token)).statusCode).toBe(200);

    // Deleting the line removes its file.
    const key = (await storedKey(line.id)) ?? '';
    expect(existsSync(fileOf(key))).toBe(true);
    await call(t, 'DELETE', `/api/bom-lines/${line.id}`, token);
    expect(existsSync(fileOf(key))).toBe(false);
  });

  it('keeps the 100 KB body limit on the other routes', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/catalogs',
      payload: { name: 'x', description: 'y'.repeat(200 * 1024) },
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(413);
  });
});
