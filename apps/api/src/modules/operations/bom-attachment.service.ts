import { operationsMessages } from '@workhub/shared/operations-messages';
import type { BomAttachmentType, BomLine } from '@workhub/shared/schemas/operations';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type AttachmentStorage, cleanFileName, detectAttachment } from './bom-attachments.ts';
import type { BomLineService } from './bom-lines.service.ts';
import { bomLines } from './operations.schema.ts';

export const attachmentInvalid = (status: 400 | 413 = 400) =>
  new AppError(
    status,
    status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED',
    operationsMessages.bomAttachmentInvalid,
    {
      fields: { file: operationsMessages.bomAttachmentInvalid },
    },
  );

export type Upload = { fileName: string; buffer: Buffer };

/** PUT, GET, DELETE /api/bom-lines/:id/attachment. */
export function createBomAttachmentService(ctx: Ctx, lines: BomLineService, storage: AttachmentStorage) {
  const { db } = ctx;
  const thisLine = (scope: WorkspaceScope, id: string) => and(scope.workspace(bomLines), eq(bomLines.id, id));

  return {
    /**
     * Replaces the line's file. The line is found before the upload is read (`read`); the old file
     * is removed once the row names the new one, the new one if the row could not be written.
     */
    async set(scope: WorkspaceScope, id: string, read: () => Promise<Upload>): Promise<BomLine> {
      await lines.lineIn(scope, id);
      const { fileName, buffer } = await read();
      const type = detectAttachment(buffer, fileName);
      if (!type) throw attachmentInvalid();
      const key = await storage.save(buffer, type);
      let previous: string | null;
      try {
        // The row locked while it changes: of two uploads at once, each removes the file it replaced.
        previous = await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ key: bomLines.attachmentKey })
            .from(bomLines)
            .where(thisLine(scope, id))
            .for('update');
          if (!row) throw notFound();
          await tx
            .update(bomLines)
            .set({
              attachmentKey: key,
              attachmentName: cleanFileName(fileName, type),
              attachmentType: type,
              attachmentSize: buffer.length,
            })
            .where(thisLine(scope, id));
          return row.key;
        });
      } catch (err) {
        await storage.remove(key);
        throw err;
      }
      await storage
        .remove(previous)
        .catch((err: unknown) => ctx.log.warn({ err }, 'could not remove an old BOM attachment'));
      return lines.reload(scope, id);
    },

    /** The file and how to send it; 404 for a line without one. */
    async get(scope: WorkspaceScope, id: string) {
      const line = await lines.lineIn(scope, id);
      const buffer = line.attachmentKey ? await storage.read(line.attachmentKey) : undefined;
      if (!buffer || !line.attachmentType || !line.attachmentName) throw notFound();
      return { buffer, type: line.attachmentType as BomAttachmentType, fileName: line.attachmentName };
    },

    /** Removes the file (a line without one answers the same: there is none now). */
    async remove(scope: WorkspaceScope, id: string): Promise<void> {
      const key = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ key: bomLines.attachmentKey })
          .from(bomLines)
          .where(thisLine(scope, id))
          .for('update');
        if (!row) throw notFound();
        if (row.key) {
          await tx
            .update(bomLines)
            .set({
              attachmentKey: null,
              attachmentName: null,
              attachmentType: null,
              attachmentSize: null,
            })
            .where(thisLine(scope, id));
        }
        return row.key;
      });
      await storage.remove(key);
    },
  };
}

export type BomAttachmentService = ReturnType<typeof createBomAttachmentService>;
