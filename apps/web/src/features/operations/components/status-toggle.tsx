import { Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { OperationsRecordStatus } from '@workhub/shared/schemas/operations';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { type NamedRecordKind, useSetRecordStatus } from '../api/named-records.ts';

type Toggled = { id: string; name: string; status: OperationsRecordStatus };

/**
 * Activate / Deactivate of a catalog, unit or product. Deactivating takes the record out of the
 * choices (and a product out of the MRP run): ask first. Activating is harmless and happens at once.
 */
export const useStatusToggle = (path: NamedRecordKind | 'products', noun: string) => {
  const setStatus = useSetRecordStatus();
  const [asking, setAsking] = useState<Toggled | null>(null);

  const change = async (record: Toggled) => {
    const status = record.status === 'active' ? 'inactive' : 'active';
    try {
      const answer = await setStatus.mutateAsync({ path, id: record.id, status });
      notify.success(answer.message || messages.updateDone);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setAsking(null);
    }
  };

  const toggle = (record: Toggled) => (record.status === 'active' ? setAsking(record) : void change(record));

  const dialog = (
    <ConfirmDialog
      opened={asking !== null}
      title={`Deactivate ${asking?.name ?? noun}?`}
      confirmLabel={`Deactivate ${noun}`}
      busy={setStatus.isPending}
      onCancel={() => setAsking(null)}
      onConfirm={() => asking && void change(asking)}
    >
      <Text size="sm">
        {path === 'products'
          ? 'An inactive product is left out of new orders, BOM lines and the MRP run. You can activate it again.'
          : `An inactive ${noun} is no longer offered for products. You can activate it again.`}
      </Text>
    </ConfirmDialog>
  );

  return {
    toggle,
    dialog,
    changingId: setStatus.isPending ? (setStatus.variables?.id ?? null) : null,
  };
};
