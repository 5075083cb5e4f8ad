import { Button, Checkbox, Fieldset, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { BarberStaff } from '@workhub/shared/schemas/barber';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { WEEKDAY_SHORT } from '../../../lib/labels.ts';
import { notify } from '../../../lib/notify.tsx';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { invalidateBarber } from '../api/query-keys.ts';
import { useServices } from '../api/services.ts';
import { getStaffMember, useSaveStaff } from '../api/staff.ts';
import { useConfirmDeactivate } from './confirm-deactivate.tsx';
import { wrapLongName } from './long-names.ts';
import {
  checkedDraft,
  type DayDraft,
  type Draft,
  draftOf,
  hasErrors,
  noErrors,
  type StaffErrors,
  serverErrors,
  type TimeField,
} from './staff-draft.ts';

/** Each time field's name after the day's ("Mon from", "Mon break to"): what a screen reader says. */
const TIME_LABELS = {
  start: 'from',
  end: 'to',
  breakStart: 'break from',
  breakEnd: 'break to',
} as const satisfies Record<TimeField, string>;

/** The parts an edit conflict names, as the dialog labels them. */
const STAFF_LABELS = {
  name: 'Name',
  active: 'Active',
  serviceIds: 'Services performed',
  days: 'Working hours',
  daysOff: 'Days off',
} as const;

/**
 * Add or edit a staff member: services, a row of hours and a break per weekday, days off. Checked
 * with the API's barberStaffBody before sending; every problem, the browser's or the server's,
 * shows by its field (a day's under its row, its wrong times marked).
 */
export const StaffForm = ({ staff, onClose }: { staff: BarberStaff | null; onClose: () => void }) => {
  const save = useSaveStaff();
  const services = useServices({});
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(draftOf(staff));
  const edit = useEditVersion(
    staff ?? undefined,
    (opened) => opened.updated_at,
    () => getStaffMember(staff?.id ?? ''),
    // The list behind the dialog shows their version too.
    () => invalidateBarber(queryClient),
  );
  const [errors, setErrors] = useState<StaffErrors>(noErrors);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const setDay = (index: number, change: Partial<DayDraft>) =>
    setDraft({ ...draft, days: draft.days.map((d, i) => (i === index ? { ...d, ...change } : d)) });

  // Asked when the save takes off the calendar someone active as last read (theirs once loaded).
  const deactivate = useConfirmDeactivate(
    edit.base?.active ?? false,
    staff?.name ?? '',
    'They leave the calendar and the booking page; their appointments stay.',
  );
  // The messages on the page, then the first field marked takes the focus: what to fix first.
  const show = (next: StaffErrors) => {
    flushSync(() => setErrors(next));
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };
  const send = async () => {
    const { body, sent, errors: found } = checkedDraft(draft);
    if (hasErrors(found)) return show(found);
    setErrors(noErrors());
    try {
      const answer = await save.mutateAsync({
        ...(staff ? { id: staff.id } : {}),
        body,
        version: edit.version,
      });
      notify.success(answer.message ?? 'Saved');
      onClose();
    } catch (error) {
      // Saved by someone since the dialog opened: said in the dialog, not as a toast.
      if (edit.onError(error)) return;
      show(
        error instanceof ApiError && Object.keys(error.fields).length > 0
          ? serverErrors(error.fields, sent)
          : { ...noErrors(), other: [errorMessage(error)] },
      );
      notify.error(errorMessage(error));
    }
  };

  return (
    <form ref={formRef} onSubmit={deactivate.submit(draft.active, send)} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          value={draft.name}
          error={errors.name}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        />
        <Switch
          label="Active (takes bookings)"
          checked={draft.active}
          onChange={(e) => setDraft({ ...draft, active: e.currentTarget.checked })}
        />
        <Checkbox.Group
          label="Services performed"
          value={draft.serviceIds}
          error={errors.services}
          onChange={(ids) => setDraft({ ...draft, serviceIds: ids })}
        >
          <Group mt="xs" gap="sm">
            {(services.data?.data ?? []).map((s) => (
              <Checkbox key={s.id} value={s.id} label={s.name} styles={wrapLongName} />
            ))}
            {services.data?.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                Add services first.
              </Text>
            ) : null}
          </Group>
        </Checkbox.Group>
        {/* A row a day, its hours then its break: what does not fit a phone goes to the next line. */}
        <Fieldset legend="Working hours" variant="unstyled">
          <Stack gap={6}>
            {draft.days.map((day, index) => {
              const name = WEEKDAY_SHORT[index] ?? '';
              const problems = errors.days[index];
              const messages = [problems?.hours, problems?.break].filter(Boolean);
              const messageId = `${id}-day-${index}`;
              const time = (field: TimeField) => {
                const wrong = problems?.marked.includes(field) ?? false;
                return (
                  <TextInput
                    type="time"
                    size="xs"
                    w={110}
                    aria-label={`${name} ${TIME_LABELS[field]}`}
                    disabled={!day.works}
                    value={day[field]}
                    // Only marked (too narrow for a message): the row's message below says what is
                    // wrong. Mantine sets aria-describedby itself; aria-errormessage points there.
                    error={wrong}
                    aria-errormessage={wrong ? messageId : undefined}
                    onChange={(e) => setDay(index, { [field]: e.currentTarget.value })}
                  />
                );
              };
              return (
                <Stack key={name} gap={2}>
                  <Group gap="xs">
                    <Checkbox
                      w={56}
                      label={name}
                      checked={day.works}
                      onChange={(e) => setDay(index, { works: e.currentTarget.checked })}
                    />
                    <Group gap={4} wrap="nowrap">
                      {time('start')}
                      <Text size="xs" aria-hidden>
                        to
                      </Text>
                      {time('end')}
                    </Group>
                    <Group gap={4} wrap="nowrap">
                      <Text size="xs" c="dimmed" w={36} aria-hidden>
                        Break
                      </Text>
                      {time('breakStart')}
                      <Text size="xs" aria-hidden>
                        to
                      </Text>
                      {time('breakEnd')}
                    </Group>
                  </Group>
                  {messages.length > 0 ? (
                    <Text id={messageId} c="red" size="xs">
                      {messages.map((message) => `${name}: ${message}`).join(' ')}
                    </Text>
                  ) : null}
                </Stack>
              );
            })}
          </Stack>
        </Fieldset>
        <TextInput
          label="Days off"
          description="Dates, YYYY-MM-DD, separated by commas"
          value={draft.daysOff}
          error={errors.daysOff}
          onChange={(e) => setDraft({ ...draft, daysOff: e.currentTarget.value })}
        />
        <EditConflict
          edit={edit}
          what="staff member"
          valuesOf={draftOf}
          labels={STAFF_LABELS}
          load={(values) => {
            setDraft(values);
            setErrors(noErrors());
          }}
        />
        {[...new Set(errors.other)].map((message) => (
          <Text key={message} c="red" size="sm">
            {message}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save staff member
          </Button>
        </Group>
      </Stack>
      {deactivate.dialog}
    </form>
  );
};
