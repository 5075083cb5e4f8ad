import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { BarberSettings } from '@workhub/shared/schemas/barber';
import { type FormEvent, useState } from 'react';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { getBarberSettings, useBarberSettings, useSaveBarberSettings } from '../api/settings.ts';

const LABEL = 'Time zone';
const DESCRIPTION = "An IANA name, e.g. Africa/Nairobi: the salon's day, hours and slots";

const valuesOf = (settings: BarberSettings) => ({ timezone: settings.timezone });

/** The form, once the settings are read: saved against the version it opened (If-Match). */
const TimezoneEditor = ({ settings }: { settings: BarberSettings }) => {
  const save = useSaveBarberSettings();
  const edit = useEditVersion(settings, (opened) => opened.updated_at, getBarberSettings);
  const [timezone, setTimezone] = useState(settings.timezone);
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const answer = await save.mutateAsync({ body: { timezone }, version: edit.version });
      edit.saved(answer.data);
      notify.success(answer.message ?? 'Saved');
    } catch (failure) {
      if (edit.onError(failure)) return;
      setError(
        failure instanceof ApiError ? (failure.fields.timezone ?? failure.message) : errorMessage(failure),
      );
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-end">
          <TextInput
            label={LABEL}
            description={DESCRIPTION}
            value={timezone}
            error={error}
            onChange={(e) => setTimezone(e.currentTarget.value)}
            w={320}
          />
          <Button type="submit" variant="light" loading={save.isPending}>
            Save time zone
          </Button>
        </Group>
        <EditConflict
          edit={edit}
          what="time zone"
          valuesOf={valuesOf}
          labels={{ timezone: LABEL }}
          load={(values) => {
            setTimezone(values.timezone);
            setError(undefined);
          }}
        />
      </Stack>
    </form>
  );
};

/** The salon's time zone (its day, its hours, its slots), for managers. */
export const TimezoneForm = () => {
  const settings = useBarberSettings();
  if (settings.data) return <TimezoneEditor settings={settings.data} />;
  return (
    <TextInput
      label={LABEL}
      description={DESCRIPTION}
      value=""
      placeholder={settings.isError ? undefined : 'Loading…'}
      error={
        settings.isError ? 'The time zone could not be loaded. Reload the page to try again.' : undefined
      }
      disabled
      readOnly
      w={320}
    />
  );
};
