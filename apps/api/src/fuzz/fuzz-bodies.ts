import type { GeneratedRequest } from './openapi-requests.ts';

// The fuzz tests' request bodies: a generated body as the headers and payload to inject, the
// multipart variants carrying a file part (or a broken one) under a route's file field.

const BOUNDARY = 'fuzzboundary';

/** A multipart file part: its form field, file name, content type, bytes, and where a cut-short upload ends. */
export type FilePart = { field: string; filename: string; contentType: string; bytes: Buffer; cutAt: number };

/** The smallest PNG, as a workspace logo: what a real logo upload starts with. */
export const LOGO_PART: FilePart = {
  field: 'logo',
  filename: 'logo.png',
  contentType: 'image/png',
  bytes: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  cutAt: 20,
};

export type InjectedBody = { headers: Record<string, string>; payload?: string | Buffer };

/** The headers and payload of `request`'s body; a multipart body carries `file` (the logo unless said). */
export function bodyOf(request: GeneratedRequest, file: FilePart = LOGO_PART): InjectedBody {
  const body = request.body;
  switch (body.kind) {
    case 'none':
      return { headers: {} };
    case 'json':
      return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body.value) ?? '' };
    case 'raw':
      return { headers: { 'content-type': 'application/json' }, payload: body.text };
    case 'multipart': {
      const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`;
      const withBoundary = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
      switch (body.variant) {
        case 'no-boundary':
          return {
            headers: { 'content-type': 'multipart/form-data' },
            payload: `${head}x\r\n--${BOUNDARY}--\r\n`,
          };
        case 'cut-short':
          return {
            headers: withBoundary,
            payload: Buffer.concat([Buffer.from(head), file.bytes.subarray(0, file.cutAt)]),
          };
        case 'wrong-type':
          return { headers: { 'content-type': 'application/xml' }, payload: `<${file.field}/>` };
        case 'empty':
          return { headers: withBoundary, payload: `--${BOUNDARY}--\r\n` };
        case 'logo':
          return {
            headers: withBoundary,
            payload: Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
          };
      }
    }
  }
}
