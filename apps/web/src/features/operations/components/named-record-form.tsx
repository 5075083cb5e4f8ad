import { Button, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { namedRecordBody } from '@workhub/shared/schemas/operations';
import type { z } from 'zod';
import { notify } from '../../../lib/notify.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { type NamedRecord, type NamedRecordKind, useSaveNamedRecord } from '../api/named-records.ts';
import { RECORD_STATUS_OPTIONS } from '../operations-options.ts';

type NamedInput = z.input<typeof namedRecordBody>;
type NamedOutput = z.output<typeof namedRecordBody>;

type NamedRecordFormProps = {
  kind: NamedRecordKind;
  noun: string;
  /** The record to edit; none: a new one. */
  record?: NamedRecord;
  onDone: () => void;
};

/** Name, description and status of a catalog or a unit (catalogBody / uomBody), in a dialog. */
export const NamedRecordForm = ({ kind, noun, record, onDone }: NamedRecordFormProps) => {
  const save = useSaveNamedRecord();
  const { field, submit, isSubmitting } = useSchemaForm<NamedInput, NamedOutput>(namedRecordBody, {
    defaultValues: record
      ? { name: record.name, description: record.description ?? '', status: record.status }
      : { name: '', description: '', status: 'active' },
    onSubmit: async (values) => {
      const answer = await save.mutateAsync({ kind, id: record?.id, body: values });
      const created = kind === 'catalogs' ? operationsMessages.catalogCreated : operationsMessages.uomCreated;
      notify.success(answer.message || (record ? messages.updateDone : created));
      onDone();
    },
    // 409: the name is taken (any case).
    conflictField: 'name',
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Name" autoComplete="off" withAsterisk data-autofocus {...field('name')} />
        <Textarea label="Description" autosize minRows={2} {...field('description')} />
        <NativeSelect label="Status" data={RECORD_STATUS_OPTIONS} {...field('status')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
            {record ? 'Save changes' : `Create ${noun}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
