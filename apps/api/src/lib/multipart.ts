import { messages } from '@workhub/shared/messages';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

type OneFile = {
  /** The form field that carries the file. */
  field: string;
  maxBytes: number;
  /** The route's own refusal of a missing or oversized file (400, or 413 past `maxBytes`). */
  invalid: (status?: 400 | 413) => AppError;
};

/**
 * What reading a multipart body failed with, as the client's fault it is: over a limit is a 413,
 * anything else the parser throws (no boundary, a body cut short, broken part headers) is a 400.
 */
function multipartRefused(err: unknown, { field, invalid }: OneFile): AppError {
  const { code, statusCode } = err as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413) return invalid(413);
  return new AppError(400, 'MALFORMED_BODY', messages.multipartInvalid, {
    fields: { [field]: messages.multipartInvalid },
  });
}

/**
 * The one file of a multipart request (@fastify/multipart registered on the route's plugin), in
 * the field `field`: the route's 400 without one, its 413 over `maxBytes`.
 */
export async function readOneFile(
  request: FastifyRequest,
  options: OneFile,
): Promise<{ fileName: string; buffer: Buffer }> {
  const part = await request
    .file({ limits: { fileSize: options.maxBytes, files: 1, fields: 10, parts: 11 } })
    .catch((err: unknown) => {
      // Not multipart at all (e.g. JSON): the same answer as a request without the file.
      if ((err as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return undefined;
      throw multipartRefused(err, options);
    });
  if (part?.fieldname !== options.field) throw options.invalid();
  try {
    return { fileName: part.filename, buffer: await part.toBuffer() };
  } catch (err) {
    throw multipartRefused(err, options);
  }
}
