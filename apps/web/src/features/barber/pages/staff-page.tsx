import {
  Badge,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { BarberStaff } from '@workhub/shared/schemas/barber';
import { useState } from 'react';
import { EmptyList } from '../../../components/data-states.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { useServices } from '../api/services.ts';
import { exportStaff, useSaveStaff, useStaff } from '../api/staff.ts';
import { minutesToTime, timeToMinutes, WEEKDAY_SHORT } from '../barber-format.ts';
import { useConfirmDeactivate } from '../components/confirm-deactivate.tsx';
import { ManagedList } from '../components/managed-list.tsx';
import { TimezoneForm } from '../components/timezone-form.tsx';

type DayDraft = { works: boolean; start: string; end: string; breakStart: string; breakEnd: string };
/** Each time field's name after the day's ("Mon from", "Mon break to"): what a screen reader says. */
const TIME_LABELS = { start: 'from', end: 'to', breakStart: 'break from', breakEnd: 'break to' } as const;

type Draft = { name: string; active: boolean; serviceIds: string[]; days: DayDraft[]; daysOff: string };

const draftOf = (staff: BarberStaff | null): Draft => ({
  name: staff?.name ?? '',
  active: staff?.active ?? true,
  serviceIds: staff?.service_ids ?? [],
  days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    const hours = staff?.hours.find((h) => h.weekday === weekday);
    const pause = staff?.breaks.find((b) => b.weekday === weekday);
    return {
      works: staff ? Boolean(hours) : weekday <= 6,
      start: minutesToTime(hours?.start_minute ?? 540),
      end: minutesToTime(hours?.end_minute ?? 1080),
      breakStart: pause ? minutesToTime(pause.start_minute) : '',
      breakEnd: pause ? minutesToTime(pause.end_minute) : '',
    };
  }),
  daysOff: staff?.days_off.join(', ') ?? '',
});

const StaffForm = ({ staff, onClose }: { staff: BarberStaff | null; onClose: () => void }) => {
  const save = useSaveStaff();
  const services = useServices({});
  const [draft, setDraft] = useState<Draft>(draftOf(staff));
  const [problem, setProblem] = useState<string | null>(null);
  const setDay = (index: number, change: Partial<DayDraft>) =>
    setDraft({ ...draft, days: draft.days.map((d, i) => (i === index ? { ...d, ...change } : d)) });

  const deactivate = useConfirmDeactivate(
    staff?.active ?? false,
    staff?.name ?? '',
    'They leave the calendar and the booking page; their appointments stay.',
  );
  const send = async () => {
    setProblem(null);
    const hours = [];
    const breaks = [];
    for (const [index, day] of draft.days.entries()) {
      if (!day.works) continue;
      const start = timeToMinutes(day.start);
      const end = timeToMinutes(day.end);
      if (start === null || end === null) return setProblem(`${WEEKDAY_SHORT[index]}: hours as HH:MM`);
      hours.push({ weekday: index + 1, start_minute: start, end_minute: end });
      if (day.breakStart || day.breakEnd) {
        const from = timeToMinutes(day.breakStart);
        const to = timeToMinutes(day.breakEnd);
        if (from === null || to === null) return setProblem(`${WEEKDAY_SHORT[index]}: the break as HH:MM`);
        breaks.push({ weekday: index + 1, start_minute: from, end_minute: to });
      }
    }
    const daysOff = draft.daysOff
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter((d) => d !== '');
    try {
      const answer = await save.mutateAsync({
        ...(staff ? { id: staff.id } : {}),
        body: {
          name: draft.name,
          active: draft.active,
          service_ids: draft.serviceIds,
          hours,
          breaks,
          days_off: daysOff,
        },
      });
      notify.success(answer.message ?? 'Saved');
      onClose();
    } catch (error) {
      const text = errorMessage(error);
      setProblem(
        error instanceof ApiError && Object.keys(error.fields).length > 0
          ? Object.values(error.fields).join('; ')
          : text,
      );
      notify.error(text);
    }
  };

  return (
    <form onSubmit={deactivate.submit(draft.active, send)} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          value={draft.name}
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
          onChange={(ids) => setDraft({ ...draft, serviceIds: ids })}
        >
          <Group mt="xs" gap="sm">
            {(services.data?.data ?? []).map((s) => (
              <Checkbox key={s.id} value={s.id} label={s.name} />
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
              const time = (field: keyof typeof TIME_LABELS) => (
                <TextInput
                  type="time"
                  size="xs"
                  w={110}
                  aria-label={`${name} ${TIME_LABELS[field]}`}
                  disabled={!day.works}
                  value={day[field]}
                  onChange={(e) => setDay(index, { [field]: e.currentTarget.value })}
                />
              );
              return (
                <Group key={name} gap="xs">
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
              );
            })}
          </Stack>
        </Fieldset>
        <TextInput
          label="Days off"
          description="Dates, YYYY-MM-DD, separated by commas"
          value={draft.daysOff}
          onChange={(e) => setDraft({ ...draft, daysOff: e.currentTarget.value })}
        />
        {problem ? (
          <Text c="red" size="sm">
            {problem}
          </Text>
        ) : null}
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

/** /barber/staff: the staff with their services, working hours, breaks and days off. */
export const StaffPage = () => {
  useDocumentTitle('Staff');
  const mayManage = useMay()('barber:manage');
  const [q, setQ] = useState('');
  const staff = useStaff({ q: q || undefined });
  const services = useServices({});
  const serviceName = (id: string) => services.data?.data.find((s) => s.id === id)?.name ?? '…';
  return (
    <ManagedList
      title="Staff"
      description="Who works when, and what each one does."
      noun="staff member"
      mayManage={mayManage}
      query={staff}
      rows={staff.data}
      minWidth={720}
      formSize="xl"
      above={
        mayManage ? (
          <Paper withBorder p="md" radius="md" mb="md">
            <TimezoneForm />
          </Paper>
        ) : null
      }
      filters={
        <TextInput
          mb="md"
          maw={320}
          label="Search"
          placeholder="Name"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
      }
      empty={
        q ? (
          <EmptyList title="No staff member matches" description="Try another search." />
        ) : (
          <EmptyList
            title="No staff yet"
            description="Add the people who take appointments, with their hours."
          />
        )
      }
      columns={[
        { key: 'name', header: 'Name', cell: (s) => s.name, sortValue: (s) => s.name.toLowerCase() },
        {
          key: 'services',
          header: 'Services',
          cell: (s) => s.service_ids.map(serviceName).join(', ') || '—',
        },
        {
          key: 'hours',
          header: 'Hours',
          cell: (s) =>
            s.hours
              .map(
                (h) =>
                  `${WEEKDAY_SHORT[h.weekday - 1]} ${minutesToTime(h.start_minute)}–${minutesToTime(h.end_minute)}`,
              )
              .join(', ') || '—',
        },
        {
          key: 'active',
          header: 'Status',
          cell: (s) => (
            // Never cut short ('ACTI…' in a squeezed column): see AppointmentStatusBadge.
            <Badge color={s.active ? 'green' : 'gray'} variant="light" miw="max-content">
              {s.active ? 'Active' : 'Inactive'}
            </Badge>
          ),
        },
      ]}
      onExport={() => exportStaff({ q: q || undefined })}
      form={(member, close) => <StaffForm staff={member} onClose={close} />}
    />
  );
};
