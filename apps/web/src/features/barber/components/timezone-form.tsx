import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useBarberSettings, useSaveBarberSettings } from '../api/settings.ts';

/** The salon's time zone (its day, its hours, its slots), for managers. */
export const TimezoneForm = () => {
  const settings = useBarberSettings();
  const save = useSaveBarberSettings();
  const [timezone, setTimezone] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (settings.data) setTimezone(settings.data.timezone);
  }, [settings.data]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const answer = await save.mutateAsync({ timezone });
      notify.success(answer.message ?? 'Saved');
    } catch (failure) {
      setError(
        failure instanceof ApiError ? (failure.fields.timezone ?? failure.message) : errorMessage(failure),
      );
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end">
        <TextInput
          label="Time zone"
          description="An IANA name, e.g. Africa/Nairobi: the salon's day, hours and slots"
          value={timezone}
          error={error}
          disabled={settings.isPending}
          onChange={(e) => setTimezone(e.currentTarget.value)}
          w={320}
        />
        <Button type="submit" variant="light" loading={save.isPending}>
          Save time zone
        </Button>
      </Group>
    </form>
  );
};
