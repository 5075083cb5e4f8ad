import { Button, Tooltip } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { notify } from '../lib/notify.tsx';

/**
 * 'Export CSV' (or `text`): runs `onExport` (a download of the list as filtered) with a busy state,
 * and says in a toast when it fails or when the file stopped at the export's row limit. Reading is
 * allowed to a read-only account, so it always shows. `label` names it where a page has several.
 */
export const ExportCsvButton = ({
  onExport,
  text = messages.exportCsv,
  label,
}: {
  onExport: () => Promise<{ truncatedAt: number | null }>;
  text?: string;
  label?: string;
}) => {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const { truncatedAt } = await onExport();
      if (truncatedAt !== null) notify.success(messages.exportTruncated(truncatedAt));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip label={messages.exportCsvHint}>
      <Button variant="default" size="xs" loading={busy} aria-label={label} onClick={() => void onClick()}>
        {text}
      </Button>
    </Tooltip>
  );
};
