import { Checkbox, Stack, Text } from '@mantine/core';
import type { Appointment, BarberService } from '@workhub/shared/schemas/barber';
import { useState } from 'react';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useFocusOnMount } from '../../../lib/dialog-autofocus.ts';
import { notify } from '../../../lib/notify.tsx';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { getAppointment, useMoveAppointment } from '../api/appointments.ts';
import { dateTimeIn, timeIn } from '../barber-format.ts';
import { FormFoot } from './form-foot.tsx';
import { wrapLongName } from './long-names.ts';

const SERVICE_LABELS = { services: 'Services', start: 'Time', staff: 'Staff member' };

/**
 * The services of a booked appointment, added or removed at the desk: the end moves with the total
 * duration; the server refuses a longer booking that runs into the next one (409), shown here.
 */
export const EditServices = ({
  appointment,
  services,
  timezone,
  onDone,
}: {
  appointment: Appointment;
  services: BarberService[];
  timezone: string;
  onDone: () => void;
}) => {
  const save = useMoveAppointment();
  const [chosen, setChosen] = useState(appointment.services.map((s) => s.service_id));
  const [problem, setProblem] = useState<string | null>(null);
  // Saved against the appointment as the form opened it (decision 039): changed since, refused.
  const edit = useEditVersion(
    appointment,
    (opened) => opened.updated_at,
    () => getAppointment(appointment.id),
  );
  const valuesOf = (record: Appointment) => ({
    services: record.services.map((s) => s.service_id),
    start: dateTimeIn(record.start_at, timezone),
    staff: record.staff.name,
  });
  // Shown in place of the Change services button: the focus goes on to the first service.
  const focusFirst = useFocusOnMount();
  // A booked line keeps its terms (a service since hidden stays listed); the others are today's offer.
  const booked = appointment.services.map((s) => ({
    id: s.service_id,
    name: s.name,
    minutes: s.duration_minutes,
  }));
  const offered = services
    .filter((s) => s.active && !booked.some((b) => b.id === s.id))
    .map((s) => ({ id: s.id, name: s.name, minutes: s.duration_minutes }));
  const options = [...booked, ...offered];
  const minutes = chosen.reduce((sum, id) => sum + (options.find((o) => o.id === id)?.minutes ?? 0), 0);
  const end = new Date(new Date(appointment.start_at).getTime() + minutes * 60_000).toISOString();
  const submit = async () => {
    setProblem(null);
    try {
      const answer = await save.mutateAsync({
        id: appointment.id,
        service_ids: chosen,
        version: edit.version,
      });
      notify.success(answer.message ?? 'Appointment saved');
      onDone();
    } catch (error) {
      if (!edit.onError(error)) setProblem(errorMessage(error));
    }
  };
  return (
    <Stack gap="xs" ref={focusFirst}>
      <Checkbox.Group label="Services" value={chosen} onChange={setChosen}>
        <Stack gap={4} mt={4}>
          {options.map((o, index) => (
            <Checkbox
              key={o.id}
              value={o.id}
              label={`${o.name} (${o.minutes} min)`}
              styles={wrapLongName}
              data-autofocus={index === 0 || undefined}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Text size="sm" c="dimmed">
        {chosen.length === 0
          ? 'Pick at least one service.'
          : `${minutes} min: until ${timeIn(end, timezone)}`}
      </Text>
      <EditConflict
        edit={edit}
        what="appointment"
        action="Save services"
        valuesOf={valuesOf}
        labels={SERVICE_LABELS}
        load={(values) => setChosen(values.services)}
      />
      <FormFoot
        problem={problem}
        busy={save.isPending}
        label="Save services"
        disabled={chosen.length === 0}
        onCancel={onDone}
        onSubmit={submit}
      />
    </Stack>
  );
};
