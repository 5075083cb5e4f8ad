import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { type Service, serviceBody, ticketingMessages } from '@workhub/shared/schemas/ticketing';
import type { z } from 'zod';
import { notify } from '../../../lib/notify.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSaveService } from '../api/services.ts';

type Input = z.input<typeof serviceBody>;
type Output = z.output<typeof serviceBody>;

export const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** Name, prefix letter, average minutes and status of a service (serviceBody), in a dialog. */
export const ServiceForm = ({ service, onDone }: { service?: Service | undefined; onDone: () => void }) => {
  const save = useSaveService();
  const { field, submit, isSubmitting } = useSchemaForm<Input, Output>(serviceBody, {
    defaultValues: service
      ? {
          name: service.name,
          prefix: service.prefix,
          avg_service_minutes: service.avg_service_minutes,
          status: service.status,
        }
      : { name: '', prefix: '', avg_service_minutes: 5, status: 'active' },
    onSubmit: async (values) => {
      const answer = await save.mutateAsync({ id: service?.id, body: values });
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
