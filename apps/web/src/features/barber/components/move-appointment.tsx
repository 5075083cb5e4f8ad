import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Appointment, BarberStaff } from '@workhub/shared/schemas/barber';
import { type FormEvent, useState } from 'react';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useFocusOnMount } from '../../../lib/dialog-autofocus.ts';
import { notify } from '../../../lib/notify.tsx';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { getAppointment, useMoveAppointment } from '../api/appointments.ts';
import {
  dateIn,
  dateTimeIn,
  instantIn,
  isSkippedTime,
  skippedTime,
  timeIn,
  timeToMinutes,
} from '../barber-format.ts';
import { FormFoot } from './form-foot.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An appointment as this form's values (and its services, to name them when someone changed them). */
const movedValues = (appointment: Appointment, timezone: string) => ({
  date: dateIn(appointment.start_at, timezone),
  time: timeIn(appointment.start_at, timezone),
  staffId: appointment.staff.id,
  services: appointment.services.map((s) => s.service_id),
});
const MOVE_LABELS = { date: 'Day', time: 'Time', staffId: 'Staff member', services: 'Services' };

/**
 * A booked appointment moved to another day, time or staff member with a form: the calendar's drag
 * and drop needs a mouse, so a keyboard, a screen reader or a phone's touch could not move one
 * (WCAG 2.1.1 and 2.5.7). The time is the shop's; the server checks the staff member's hours and
 * that the time is free (409), shown here.
 */
export const MoveAppointment = ({
  appointment,
  staff,
  timezone,
  onDone,
}: {
  appointment: Appointment;
  staff: BarberStaff[];
  timezone: string;
  onDone: () => void;
}) => {
  const move = useMoveAppointment();
  const [date, setDate] = useState(dateIn(appointment.start_at, timezone));
  const [time, setTime] = useState(timeIn(appointment.start_at, timezone));
  const [staffId, setStaffId] = useState(appointment.staff.id);
  const [problem, setProblem] = useState<string | null>(null);
  // Made against the appointment as the form opened it (decision 039): moved or changed by someone
  // else since (or by its customer from their mail's link), the move is refused and says so.
  const edit = useEditVersion(
    appointment,
    (opened) => opened.updated_at,
    () => getAppointment(appointment.id),
  );
  // Where it is now: as opened, or their version once loaded.
  const current = edit.base ?? appointment;
  // Shown in place of the Move button: the focus goes on to the day.
  const focusFirst = useFocusOnMount();
  // Who works now, and whoever has it now even if they have since left.
  const choices = staff
    .filter((s) => s.active || s.id === appointment.staff.id)
    .map(({ id, name }) => ({ id, name }));
  if (!choices.some((s) => s.id === appointment.staff.id)) choices.unshift(appointment.staff);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const minute = timeToMinutes(time);
    if (!DAY.test(date)) return setProblem('Choose the day.');
    if (minute === null || minute >= 1440) return setProblem('Enter the time as HH:MM.');
    if (isSkippedTime(date, minute, timezone)) return setProblem(skippedTime(time));
    const startAt = instantIn(date, minute, timezone);
    if (startAt === current.start_at && staffId === current.staff.id)
      return setProblem('That is where it is now: choose another day, time or staff member.');
    try {
      await move.mutateAsync({
        id: appointment.id,
        start_at: startAt,
        // Always the staff member shown: saved over a version that moved it to someone else, the
        // form's choice is what the user sees and means.
        staff_id: staffId,
        version: edit.version,
      });
      notify.success(`Moved to ${dateTimeIn(startAt, timezone)}`);
      onDone();
    } catch (error) {
      if (!edit.onError(error)) setProblem(errorMessage(error));
    }
  };

  return (
    <form ref={focusFirst} onSubmit={submit} aria-label="Move the appointment" noValidate>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <TextInput
            label="Day"
            type="date"
            required
            data-autofocus
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <TextInput
            label={`Time (${timezone})`}
            type="time"
            step={300}
            required
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
          />
        </SimpleGrid>
        <NativeSelect
          label="Staff member"
          value={staffId}
          onChange={(e) => setStaffId(e.currentTarget.value)}
          data={choices.map((s) => ({ value: s.id, label: s.name }))}
        />
        <EditConflict
          edit={edit}
          what="appointment"
          action="Move"
          valuesOf={(record) => movedValues(record, timezone)}
          labels={MOVE_LABELS}
          load={(values) => {
            setDate(values.date);
            setTime(values.time);
            setStaffId(values.staffId);
          }}
        />
        <FormFoot problem={problem} busy={move.isPending} label="Move" onCancel={onDone} />
      </Stack>
    </form>
  );
};
