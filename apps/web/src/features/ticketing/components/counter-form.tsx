import { Button, Group, MultiSelect, NativeSelect, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@workhub/shared/messages';
import { type Counter, counterBody, ticketingMessages } from '@workhub/shared/schemas/ticketing';
import type { z } from 'zod';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { CheckedController } from '../../../lib/checked-controller.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { getCounter, useOperators, useSaveCounter } from '../api/counters.ts';
import { invalidateTicketing } from '../api/query-keys.ts';
import { useServiceChoices } from '../api/services.ts';
import { STATUS_OPTIONS } from './service-form.tsx';

type Input = z.input<typeof counterBody>;
type Output = z.output<typeof counterBody>;

const valuesOf = (counter: Counter): Input => ({
  name: counter.name,
  service_ids: counter.services.map((s) => s.id),
  operator_user_id: counter.operator_user_id ?? '',
  status: counter.status,
});

/** The fields an edit conflict names, as the dialog labels them. */
const COUNTER_LABELS = {
  name: 'Name',
  service_ids: 'Services it calls',
  operator_user_id: 'Operator',
  status: 'Status',
} as const;

/** Name, the services it calls, its operator and status (counterBody), in a dialog. */
export const CounterForm = ({ counter, onDone }: { counter?: Counter | undefined; onDone: () => void }) => {
  const save = useSaveCounter();
  const services = useServiceChoices();
  const operators = useOperators();
  const queryClient = useQueryClient();
  const edit = useEditVersion(
    counter,
    (opened) => opened.updated_at,
    () => getCounter(counter?.id ?? ''),
    // The list behind the dialog shows their version too.
    () => invalidateTicketing(queryClient),
  );
  const { form, field, submit, isSubmitting } = useSchemaForm<Input, Output>(counterBody, {
    defaultValues: counter
      ? valuesOf(counter)
      : { name: '', service_ids: [], operator_user_id: '', status: 'active' },
    onError: edit.onError,
    onSubmit: async (values) => {
      const answer = await save.mutateAsync({ id: counter?.id, body: values, version: edit.version });
      notify.success(answer.message || (counter ? messages.updateDone : ticketingMessages.counterCreated));
      onDone();
    },
    conflictField: 'name',
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Name" autoComplete="off" withAsterisk data-autofocus {...field('name')} />
        <CheckedController
          form={form}
          name="service_ids"
          render={({ field: f, fieldState }) => (
            <MultiSelect
              label="Services it calls"
              withAsterisk
              data={(services.data ?? []).map((s) => ({ value: s.id, label: `${s.prefix} · ${s.name}` }))}
              value={f.value ?? []}
              onChange={f.onChange}
              onBlur={f.onBlur}
              ref={f.ref}
              error={
                fieldState.error?.message ??
                (services.isError ? 'The services could not be loaded' : undefined)
              }
              placeholder={services.isPending ? 'Loading…' : 'Choose services'}
            />
          )}
        />
        <CheckedController
          form={form}
          name="operator_user_id"
          render={({ field: f, fieldState }) => (
            <Select
              label="Operator"
              clearable
              data={(operators.data ?? []).map((o) => ({ value: o.user_id, label: o.name }))}
              value={f.value || null}
              onChange={(value) => f.onChange(value ?? '')}
              onBlur={f.onBlur}
              ref={f.ref}
              error={fieldState.error?.message}
              placeholder="Nobody assigned"
            />
          )}
        />
        <NativeSelect label="Status" data={STATUS_OPTIONS} {...field('status')} />
        <EditConflict
          edit={edit}
          what="counter"
          valuesOf={valuesOf}
          labels={COUNTER_LABELS}
          load={(values) => form.reset(values)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
            {counter ? 'Save changes' : 'Create counter'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
