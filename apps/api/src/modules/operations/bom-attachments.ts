import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BOM_ATTACHMENT_MAX_BYTES, type BomAttachmentType } from '@workhub/shared/schemas/operations';
import { detectImage } from '../workspaces/logo-storage.ts';

const EXTENSIONS: Record<BomAttachmentType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'text/plain': 'txt',
  'text/csv': 'csv',
};
const KEY = /^[a-f0-9]{32}\.(pdf|png|jpg|webp|gif|txt|csv)$/;

// biome-ignore lint/suspicious/noControlCharactersInRegex: a text file holds no control characters but tab and line breaks.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Text only when it is valid UTF-8 with no control characters but tab, line feed and carriage return. */
function isText(buffer: Buffer): boolean {
  try {
    return !CONTROL.test(new TextDecoder('utf-8', { fatal: true }).decode(buffer));
  } catch {
    return false;
  }
}

/**
 * The type of an attachment by its bytes, never by the client's content type: a PDF by its
 * `%PDF-` header, an image by its signature (as a workspace logo), else UTF-8 text, which is CSV
 * when the name says so. Anything else (an executable, HTML passed off as a PDF, SVG with its
 * scripts... which would be text: it is served as text/plain, never rendered) is refused, and so
 * is an empty file or one over 5 MB.
 */
export function detectAttachment(buffer: Buffer, fileName: string): BomAttachmentType | undefined {
  if (buffer.length === 0 || buffer.length > BOM_ATTACHMENT_MAX_BYTES) return undefined;
  if (buffer.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const image = detectImage(buffer);
  if (image) return image.mime as BomAttachmentType;
  if (!isText(buffer)) return undefined;
  return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
}

/** A file name fit to keep and to send back in content-disposition: no path, no control characters. */
export function cleanFileName(name: string, type: BomAttachmentType): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is taken out.
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  return base === '' ? `attachment.${EXTENSIONS[type]}` : base;
}

/**
 * BOM line attachments under DATA_DIR/private/bom-attachments, each under a random name. Unlike
 * logos they are not under DATA_DIR/uploads (served to anyone at /uploads/): a workspace's drawings
 * are read only through GET /api/bom-lines/:id/attachment, behind the session and the module's gate.
 */
export function attachmentStorage(dataDir: string) {
  const folder = join(dataDir, 'private', 'bom-attachments');
  return {
    async save(buffer: Buffer, type: BomAttachmentType): Promise<string> {
      const key = `${randomBytes(16).toString('hex')}.${EXTENSIONS[type]}`;
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, key), buffer, { flag: 'wx' });
      return key;
    },
    /** Only keys this storage made are ever joined into a path. */
    async read(key: string): Promise<Buffer | undefined> {
      if (!KEY.test(key)) return undefined;
      return readFile(join(folder, key)).catch(() => undefined);
    },
    async remove(key: string | null): Promise<void> {
      if (key && KEY.test(key)) await rm(join(folder, key), { force: true });
    },
  };
}

export type AttachmentStorage = ReturnType<typeof attachmentStorage>;
