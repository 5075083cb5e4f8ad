import { Button, Tooltip } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { exportCbe, type Params } from '../api/cbe-query.ts';

/**
 * 'Export CSV' (or `text`) for one of the school's lists where a tab shows several:
 * GET /api/cbe/{path}/export with the list's filters (the audited server export). Its name adds
 * its list (`noun`) so that those of one tab are told apart; a toast when it fails or when the
 * file stopped at the cap.
 */
export const CbeExportButton = ({
  path,
  params = {},
  noun,
  text = messages.exportCsv,
}: {
  path: string;
  params?: Params;
  noun: string;
  text?: string;
}) => {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const { truncatedAt } = await exportCbe(path, params);
      if (truncatedAt !== null) notify.success(messages.exportTruncated(truncatedAt));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip label={messages.exportCsvHint}>
      <Button
        variant="default"
        size="xs"
        loading={busy}
        aria-label={`${text}: ${noun}`}
        onClick={() => void onClick()}
      >
        {text}
      </Button>
    </Tooltip>
  );
};
