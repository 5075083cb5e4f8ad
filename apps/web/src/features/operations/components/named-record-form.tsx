import { Button, Checkbox, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { uomBody } from '@workhub/shared/schemas/operations';
import type { z } from 'zod';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import {
  getNamedRecord,
  type NamedRecord,
  type NamedRecordKind,
  useSaveNamedRecord,
} from '../api/named-records.ts';
import { invalidateOperations } from '../api/query-keys.ts';
import { RECORD_STATUS_OPTIONS } from '../operations-options.ts';

// A catalog's body is a unit's without whole_units (left out of its values, so never sent).
type NamedInput = z.input<typeof uomBody>;
type NamedOutput = z.output<typeof uomBody>;

type NamedRecordFormProps = {
  kind: NamedRecordKind;
  noun: string;
  /** The record to edit; none: a new one. */
  record?: NamedRecord;
  onDone: () => void;
};

const valuesOf = (record: NamedRecord): NamedInput => ({
  name: record.name,
  description: record.description ?? '',
  status: record.status,
  ...(record.whole_units === undefined ? {} : { whole_units: record.whole_units }),
});

/** The fields an edit conflict names, as the dialog labels them. */
const NAMED_LABELS = {
  name: 'Name',
  description: 'Description',
  status: 'Status',
  whole_units: 'Whole units only',
} as const;

/** Name, description and status of a catalog or a unit (catalogBody / uomBody), in a dialog; a unit's whole_units too. */
export const NamedRecordForm = ({ kind, noun, record, onDone }: NamedRecordFormProps) => {
  const save = useSaveNamedRecord();
  const queryClient = useQueryClient();
  const edit = useEditVersion(
    record,
    (opened) => opened.updated_at,
    () => getNamedRecord(kind, record?.id ?? ''),
    // The list behind the dialog shows their version too.
    () => invalidateOperations(queryClient),
  );
  const { form, field, submit, isSubmitting } = useSchemaForm<NamedInput, NamedOutput>(uomBody, {
    defaultValues: record
      ? valuesOf(record)
      : { name: '', description: '', status: 'active', ...(kind === 'uoms' ? { whole_units: false } : {}) },
    onError: edit.onError,
    onSubmit: async (values) => {
      const answer = await save.mutateAsync({ kind, id: record?.id, body: values, version: edit.version });
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
        {kind === 'uoms' && (
          <Checkbox
            label="Whole units only"
            description="Quantities in this unit (order lines, stock counts, work orders) must be whole numbers, and MRP rounds its proposals up. Quantities entered before stay as they are."
            {...form.register('whole_units')}
          />
        )}
        <EditConflict
          edit={edit}
          what={noun}
          valuesOf={valuesOf}
          labels={NAMED_LABELS}
          load={(values) => form.reset(values)}
        />
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
