import { Anchor, Button, FileButton, Group, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import {
  BOM_ATTACHMENT_MAX_BYTES,
  BOM_ATTACHMENT_TYPES,
  type BomLine,
} from '@workhub/shared/schemas/operations';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { downloadBomAttachment, useRemoveBomAttachment, useUploadBomAttachment } from '../api/bom.ts';

const ACCEPT = BOM_ATTACHMENT_TYPES.join(',');
const sizeLabel = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * A BOM line's attached file (a drawing, a data sheet): its name to download it, Replace and Remove,
 * or Attach. The type and size are checked here first, then by the server from the file's bytes.
 * Remove asks first, as removing the line does: the file is deleted for good.
 */
export const BomAttachmentCell = ({ line, mayEdit }: { line: BomLine; mayEdit: boolean }) => {
  const upload = useUploadBomAttachment();
  const remove = useRemoveBomAttachment();
  const busy = upload.isPending || remove.isPending;
  const [asking, setAsking] = useState(false);

  const onFile = async (file: File | null) => {
    if (!file) return;
    if (
      file.size > BOM_ATTACHMENT_MAX_BYTES ||
      !(BOM_ATTACHMENT_TYPES as readonly string[]).includes(file.type)
    ) {
      notify.error(operationsMessages.bomAttachmentInvalid);
      return;
    }
    try {
      const answer = await upload.mutateAsync({ lineId: line.id, file });
      notify.success(answer.message || messages.updateDone);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const onRemove = async () => {
    try {
      const answer = await remove.mutateAsync(line.id);
      notify.success(answer.message || operationsMessages.bomAttachmentRemoved);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setAsking(false);
    }
  };
  const onDownload = async () => {
    if (!line.attachment) return;
    try {
      await downloadBomAttachment(line.id, line.attachment.file_name);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const picker = (label: string) =>
    mayEdit ? (
      <FileButton onChange={(file) => void onFile(file)} accept={ACCEPT}>
        {(props) => (
          <Button {...props} size="compact-xs" variant="subtle" loading={upload.isPending} disabled={busy}>
            {label}
          </Button>
        )}
      </FileButton>
    ) : null;

  if (!line.attachment) return picker('Attach file') ?? <Text size="sm">—</Text>;
  return (
    <Group gap={4} wrap="nowrap">
      <Anchor component="button" type="button" size="sm" onClick={() => void onDownload()}>
        {line.attachment.file_name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {sizeLabel(line.attachment.size)}
      </Text>
      {picker('Replace')}
      {mayEdit ? (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          loading={remove.isPending}
          disabled={busy}
          onClick={() => setAsking(true)}
          aria-label={`Remove the attachment of ${line.product_needed_name}`}
        >
          Remove
        </Button>
      ) : null}
      <ConfirmDialog
        opened={asking}
        title={`Remove ${line.attachment.file_name}?`}
        confirmLabel="Remove attachment"
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={onRemove}
      >
        <Text size="sm">
          The file is deleted from the line for {line.product_needed_name}. This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Group>
  );
};
