import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@workhub/shared/messages';
import { type Service, serviceBody, ticketingMessages } from '@workhub/shared/schemas/ticketing';
import type { z } from 'zod';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { invalidateTicketing } from '../api/query-keys.ts';
import { getService, useSaveService } from '../api/services.ts';

type Input = z.input<typeof serviceBody>;
type Output = z.output<typeof serviceBody>;

export const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const valuesOf = (service: Service): Input => ({
  name: service.name,
  prefix: service.prefix,
  avg_service_minutes: service.avg_service_minutes,
  status: service.status,
});

/** The fields an edit conflict names, as the dialog labels them. */
const SERVICE_LABELS = {
  name: 'Name',
  prefix: 'Prefix letter',
  avg_service_minutes: 'Average service time',
  status: 'Status',
} as const;

/** Name, prefix letter, average minutes and status of a service (serviceBody), in a dialog. */
export const ServiceForm = ({ service, onDone }: { service?: Service | undefined; onDone: () => void }) => {
  const save = useSaveService();
  const queryClient = useQueryClient();
  const edit = useEditVersion(
    service,
    (opened) => opened.updated_at,
    () => getService(service?.id ?? ''),
    // The list behind the dialog shows their version too.
    () => invalidateTicketing(queryClient),
  );
  const { form, field, submit, isSubmitting } = useSchemaForm<Input, Output>(serviceBody, {
    defaultValues: service
      ? valuesOf(service)
      : { name: '', prefix: '', avg_service_minutes: 5, status: 'active' },
    onError: edit.onError,
    onSubmit: async (values) => {
      const answer = await save.mutateAsync({ id: service?.id, body: values, version: edit.version });
      notify.success(answer.message || (service ? messages.updateDone : ticketingMessages.serviceCreated));
      onDone();
    },
    conflictField: 'name',
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Name" autoComplete="off" withAsterisk data-autofocus {...field('name')} />
        <TextInput
          label="Prefix letter"
          description="Its tickets read A-001, A-002…"
          maxLength={1}
          withAsterisk
          {...field('prefix')}
        />
        <TextInput
          label="Average service time (minutes)"
          type="number"
          min={1}
          max={480}
          withAsterisk
          {...field('avg_service_minutes')}
        />
        <NativeSelect label="Status" data={STATUS_OPTIONS} {...field('status')} />
        <EditConflict
          edit={edit}
          what="service"
          valuesOf={valuesOf}
          labels={SERVICE_LABELS}
          load={(values) => form.reset(values)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
            {service ? 'Save changes' : 'Create service'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
