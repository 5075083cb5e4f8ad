import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type CbeSettings, cbeSettingsBody } from '@workhub/shared/schemas/cbe';
import type { z } from 'zod';
import { QueryState } from '../../../components/data-states.tsx';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { getCbe, useCbeGet, useCbeWrite } from '../api/cbe-query.ts';

type Input = z.input<typeof cbeSettingsBody>;

const valuesOf = (settings: CbeSettings): Input => ({ time_zone: settings.time_zone });

const Form = ({ settings, mayManage }: { settings: CbeSettings; mayManage: boolean }) => {
  const write = useCbeWrite<CbeSettings>();
  // Saved against the version the form opened (If-Match): a 412 says what the other person changed.
  const edit = useEditVersion(
    settings,
    (opened) => opened.updated_at,
    () => getCbe<CbeSettings>('settings'),
  );
  const { form, field, submit, isSubmitting } = useSchemaForm<Input, z.output<typeof cbeSettingsBody>>(
    cbeSettingsBody,
    {
      defaultValues: valuesOf(settings),
      onError: edit.onError,
      onSubmit: async (values) => {
        const answer = await write.mutateAsync({
          method: 'PUT',
          path: 'settings',
          body: values,
          ifMatch: edit.version,
        });
        // The form stays on the page: its next save is made against what this one saved.
        edit.saved(answer.data);
        notify.success(answer.message ?? 'Saved');
      },
    },
  );
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
        <EditConflict
          edit={edit}
          what="settings"
          plural
          valuesOf={valuesOf}
          labels={{ time_zone: 'Time zone' }}
          load={(values) => form.reset(values)}
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
