import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type CbeSettings, cbeSettingsBody } from '@workhub/shared/schemas/cbe';
import type { z } from 'zod';
import { QueryState } from '../../../components/data-states.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCbeGet, useCbeWrite } from '../api/cbe-query.ts';

const Form = ({ settings, mayManage }: { settings: CbeSettings; mayManage: boolean }) => {
  const write = useCbeWrite();
  const { field, submit, isSubmitting } = useSchemaForm<
    z.input<typeof cbeSettingsBody>,
    z.output<typeof cbeSettingsBody>
  >(cbeSettingsBody, {
    defaultValues: { time_zone: settings.time_zone },
    onSubmit: async (values) => {
      const answer = await write.mutateAsync({ method: 'PUT', path: 'settings', body: values });
      notify.success(answer.message ?? 'Saved');
    },
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <Text size="sm" c="dimmed">
          The school's day for "today" on the dashboard and for the sample month.
        </Text>
        <TextInput
          label="Time zone"
          placeholder="Africa/Nairobi"
          disabled={!mayManage}
          {...field('time_zone')}
        />
        {mayManage ? (
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Save settings
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
};

/** The school's settings: its time zone. */
export const SettingsForm = ({ mayManage }: { mayManage: boolean }) => {
  const settings = useCbeGet<CbeSettings>('settings');
  return (
    <QueryState query={settings} errorTitle="The settings could not be loaded">
      {(data) => <Form settings={data} mayManage={mayManage} />}
    </QueryState>
  );
};
