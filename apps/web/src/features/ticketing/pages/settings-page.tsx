import { Alert, Button, Checkbox, Fieldset, Group, Paper, Stack, TextInput } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { END_OF_DAY, settingsBody, type TicketingSettings } from '@workhub/shared/schemas/ticketing';
import { useState } from 'react';
import { QueryState } from '../../../components/data-states.tsx';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { issueFields } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { getTicketingSettings, useSaveTicketingSettings, useTicketingSettings } from '../api/settings.ts';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type Day = { open: boolean; opens_at: string; closes_at: string };

/**
 * A time input cannot show 24:00: closing at midnight is 00:00 in it, and 24:00 (the end of the
 * day) to the API. A closing time of 00:00 can mean nothing else: it is never after the opening.
 */
const MIDNIGHT_INPUT = '00:00';
const closingInInput = (closes: string) => (closes === END_OF_DAY ? MIDNIGHT_INPUT : closes);
const closingToApi = (closes: string) => (closes === MIDNIGHT_INPUT ? END_OF_DAY : closes);

type Values = { zone: string; recalls: string; days: Day[] };

/** The settings as the form's values. */
const valuesOf = (settings: TicketingSettings): Values => ({
  zone: settings.time_zone,
  recalls: String(settings.no_show_after_recalls),
  days: WEEKDAYS.map((_, i) => {
    const found = settings.opening_hours.find((h) => h.weekday === i + 1);
    return found
      ? { open: true, opens_at: found.opens_at, closes_at: closingInInput(found.closes_at) }
      : { open: false, opens_at: '08:00', closes_at: '17:00' };
  }),
});

/** The fields an edit conflict names, as the form labels them. */
const SETTINGS_LABELS = {
  zone: 'Time zone',
  recalls: 'Recalls before a no-show',
  days: 'Opening hours',
} as const;

const SettingsForm = ({ settings }: { settings: TicketingSettings }) => {
  const save = useSaveTicketingSettings();
  const edit = useEditVersion(settings, (opened) => opened.updated_at, getTicketingSettings);
  const [zone, setZone] = useState(settings.time_zone);
  const [recalls, setRecalls] = useState(String(settings.no_show_after_recalls));
  const [days, setDays] = useState<Day[]>(() => valuesOf(settings).days);
  const load = (values: Values) => {
    setZone(values.zone);
    setRecalls(values.recalls);
    setDays(values.days);
    show({}, null);
  };
  const [problem, setProblem] = useState<string | null>(null);
  // Each field's problem under it; what belongs to no field shown (the opening hours) in the banner.
  const [fields, setFields] = useState<Record<string, string>>({});
  const show = (found: Record<string, string>, fallback: string | null) => {
    const { time_zone, no_show_after_recalls, ...rest } = found;
    setFields({
      ...(time_zone ? { time_zone } : {}),
      ...(no_show_after_recalls ? { no_show_after_recalls } : {}),
    });
    setProblem(Object.values(rest)[0] ?? (time_zone || no_show_after_recalls ? null : fallback));
  };
  const setDay = (index: number, patch: Partial<Day>) =>
    setDays((all) => all.map((day, i) => (i === index ? { ...day, ...patch } : day)));

  const submit = async () => {
    const parsed = settingsBody.safeParse({
      time_zone: zone,
      // An emptied field is no number: coerced, '' would be 0 (No-show offered before any recall).
      no_show_after_recalls: recalls.trim() === '' ? undefined : recalls,
      opening_hours: days.flatMap((d, i) =>
        d.open ? [{ weekday: i + 1, opens_at: d.opens_at, closes_at: closingToApi(d.closes_at) }] : [],
      ),
    });
    if (!parsed.success) {
      show(issueFields(parsed.error), 'Check the form');
      return;
    }
    show({}, null);
    try {
      const answer = await save.mutateAsync({ body: parsed.data, version: edit.version });
      // The form stays open: its next save is made against what this one saved.
      edit.saved(answer.data);
      notify.success(answer.message || messages.updateDone);
    } catch (error) {
      if (edit.onError(error)) return;
      show(error instanceof ApiError ? error.fields : {}, errorMessage(error));
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <TextInput
          label="Time zone"
          description="The queue's day: numbers restart at its midnight (e.g. Africa/Nairobi)"
          value={zone}
          error={fields.time_zone}
          onChange={(e) => setZone(e.currentTarget.value)}
        />
        <TextInput
          label="Recalls before a no-show"
          type="number"
          min={0}
          max={20}
          value={recalls}
          error={fields.no_show_after_recalls}
          onChange={(e) => setRecalls(e.currentTarget.value)}
        />
        {/* A row a day: the two times go under the day where the card is too narrow (a phone). */}
        <Fieldset
          legend="Opening hours (no day ticked: always open; closing at 00:00: open until midnight)"
          variant="unstyled"
        >
          <Stack gap="xs">
            {WEEKDAYS.map((name, i) => {
              const day = days[i] as Day;
              return (
                <Group key={name} gap="sm">
                  <Checkbox
                    w={120}
                    label={name}
                    checked={day.open}
                    onChange={(e) => setDay(i, { open: e.currentTarget.checked })}
                  />
                  <Group gap="sm" wrap="nowrap">
                    <TextInput
                      w={130}
                      aria-label={`${name} opens`}
                      type="time"
                      disabled={!day.open}
                      value={day.opens_at}
                      onChange={(e) => setDay(i, { opens_at: e.currentTarget.value })}
                    />
                    <TextInput
                      w={130}
                      aria-label={`${name} closes`}
                      type="time"
                      disabled={!day.open}
                      value={day.closes_at}
                      onChange={(e) => setDay(i, { closes_at: e.currentTarget.value })}
                    />
                  </Group>
                </Group>
              );
            })}
          </Stack>
        </Fieldset>
        <EditConflict
          edit={edit}
          what="settings"
          plural
          valuesOf={valuesOf}
          labels={SETTINGS_LABELS}
          load={load}
        />
        <Group justify="flex-end">
          <Button loading={save.isPending} onClick={() => void submit()}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};

/** /ticketing/settings: the queue's time zone, the recalls before a no-show and the opening hours. */
export const TicketingSettingsPage = () => {
  useDocumentTitle('Queue settings');
  const settings = useTicketingSettings();
  return (
    <>
      <PageHeader title="Queue settings" description="When the queue is open, and its day." />
      <QueryState query={settings} errorTitle="The settings could not be loaded">
        {(data) => <SettingsForm settings={data} />}
      </QueryState>
    </>
  );
};
