import { Alert, Button, Text } from '@mantine/core';
import { cbeMessages } from '@workhub/shared/schemas/cbe';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useCbeWrite } from '../api/cbe-query.ts';

/** The set-up records DELETE /api/cbe/{path}/:id removes. */
export type CbeDeletablePath =
  | 'years'
  | 'terms'
  | 'grades'
  | 'classes'
  | 'learning-areas'
  | 'strands'
  | 'sub-strands'
  | 'fee-structures';

type Props = {
  path: CbeDeletablePath;
  id: string;
  /** The record as the school names it ('Term 1', 'Grade 4 East'). */
  name: string;
  /** What goes with it (its terms, its strands), said before the school confirms. */
  along?: string;
};

/**
 * 'Delete' with the confirm dialog. A record in use is kept by the API (409): its reason shows in
 * the dialog, which stays open so the school reads it.
 */
export const DeleteRecordButton = ({ path, id, name, along }: Props) => {
  const [opened, setOpened] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const write = useCbeWrite();
  const close = () => {
    setOpened(false);
    setRefusal(null);
  };
  const confirm = async () => {
    try {
      await write.mutateAsync({ method: 'DELETE', path: `${path}/${encodeURIComponent(id)}` });
      notify.success(cbeMessages.deleted);
      close();
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        aria-label={`Delete ${name}`}
        onClick={() => setOpened(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        opened={opened}
        title={`Delete ${name}?`}
        confirmLabel="Delete"
        busy={write.isPending}
        onCancel={close}
        onConfirm={confirm}
      >
        <Text size="sm">
          {along ? `${along} ` : ''}This cannot be undone. A record the school's students, registers,
          gradebook or fees use is kept.
        </Text>
        {refusal ? (
          <Alert color="red" role="alert" mt="sm">
            {refusal}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
};
