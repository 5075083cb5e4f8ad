import { Alert, Button, Text } from '@mantine/core';
import { cbeMessages } from '@workhub/shared/schemas/cbe';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useCbeWrite } from '../api/cbe-query.ts';

/** The set-up records DELETE /api/cbe/{path}/:id removes. */
export type CbeDeletablePath =
  | 'teachers'
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
  /** 'Remove' for what is an assignment, not a record of its own (a teacher: the member stays). */
  verb?: 'Delete' | 'Remove';
  /** The dialog's words in place of the default's (what happens, what is kept). */
  note?: string;
  /** The toast once done. */
  done?: string;
};

/**
 * 'Delete' with the confirm dialog. A record in use is kept by the API (409): its reason shows in
 * the dialog, which stays open so the school reads it.
 */
export const DeleteRecordButton = ({
  path,
  id,
  name,
  along,
  verb = 'Delete',
  note,
  done = cbeMessages.deleted,
}: Props) => {
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
      notify.success(done);
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
        aria-label={`${verb} ${name}`}
        onClick={() => setOpened(true)}
      >
        {verb}
      </Button>
      <ConfirmDialog
        opened={opened}
        title={`${verb} ${name}?`}
        confirmLabel={verb}
        busy={write.isPending}
        onCancel={close}
        onConfirm={confirm}
      >
        <Text size="sm">
          {note ??
            `${along ? `${along} ` : ''}This cannot be undone. A record the school's students, registers, gradebook or fees use is kept.`}
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
