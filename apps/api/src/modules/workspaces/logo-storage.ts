import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_WORKSPACE_LOGO } from '@workhub/shared/constants';

/** Where uploads are served from (plugins/uploads.ts) and what part of DATA_DIR/uploads that is. */
export const UPLOADS_URL_PREFIX = '/uploads/';
const LOGOS_FOLDER = 'logos';

export type ImageType = { mime: string; ext: 'png' | 'jpg' | 'webp' | 'gif' };

const startsWith = (buffer: Buffer, bytes: number[], at = 0) =>
  buffer.length >= at + bytes.length && bytes.every((b, i) => buffer[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type by the file's first bytes, never by its name or the client's content type: a
 * text file renamed .png is refused. SVG is not taken at all (it can carry script).
 */
export function detectImage(buffer: Buffer): ImageType | undefined {
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png' };
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(buffer, ascii('GIF87a')) || startsWith(buffer, ascii('GIF89a'))) {
    return { mime: 'image/gif', ext: 'gif' };
  }
  if (startsWith(buffer, ascii('RIFF')) && startsWith(buffer, ascii('WEBP'), 8)) {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return undefined;
}

/** The public URL of a workspace's logo, or of the default one the web app serves. */
export const logoUrl = (logoPath: string | null): string =>
  logoPath ? `${UPLOADS_URL_PREFIX}${LOGOS_FOLDER}/${logoPath}` : DEFAULT_WORKSPACE_LOGO;

/**
 * Logo files under DATA_DIR/uploads/logos, each under a random, unguessable name (the files are
 * public: anyone with the URL may load it, nobody can list or guess them).
 */
export function logoStorage(uploadsDir: string) {
  const folder = join(uploadsDir, LOGOS_FOLDER);
  return {
    /** Writes the image and answers its file name (what `workspaces.logo_path` keeps). */
    async save(buffer: Buffer, type: ImageType): Promise<string> {
      const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, name), buffer, { flag: 'wx' });
      return name;
    },
    async remove(name: string | null): Promise<void> {
      // Only names this storage made; anything else in the column is never joined into a path.
      if (name && /^[a-f0-9]{32}\.(png|jpg|webp|gif)$/.test(name))
        await rm(join(folder, name), { force: true });
    },
  };
}

export type LogoStorage = ReturnType<typeof logoStorage>;
