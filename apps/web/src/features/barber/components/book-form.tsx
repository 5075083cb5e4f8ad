import { Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { BarberService, BarberStaff } from '@workhub/shared/schemas/barber';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useBook } from '../api/appointments.ts';
import { instantIn, isSkippedTime, skippedTime, timeToMinutes } from '../barber-format.ts';
import { customerBody, customerProblems } from '../customer-check.ts';
import { wrapLongName } from './long-names.ts';

type BookFormProps = {
  date: string;
  timezone: string;
  services: BarberService[];
  staff: BarberStaff[];
  initialStaffId?: string;
  initialTime?: string;
  onDone: () => void;
};

/** A booking made at the desk: services in a row, a staff member or anyone, a time, the customer. */
export const BookForm = ({
  date,
  timezone,
  services,
  staff,
  initialStaffId,
  initialTime = '09:00',
  onDone,
}: BookFormProps) => {
  const book = useBook();
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [staffId, setStaffId] = useState(initialStaffId ?? '');
  const [time, setTime] = useState(initialTime);
  const [customer, setCustomer] = useState({ name: '', phone: '', email: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    // The customer checked as the API will (a phone 'abc' was sent, and refused in one line below).
    const problems = customerProblems(customer);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const minute = timeToMinutes(time);
    if (minute === null) return setProblem('A time as HH:MM');
    if (isSkippedTime(date, minute, timezone)) return setProblem(skippedTime(time));
    try {
      const answer = await book.mutateAsync({
        start_at: instantIn(date, minute, timezone),
        service_ids: serviceIds,
        staff_id: staffId || null,
        customer: customerBody(customer),
      });
      notify.success(answer.message ?? 'Booked');
      onDone();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      setProblem(errorMessage(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Checkbox.Group
          label="Services (in a row)"
          value={serviceIds}
          onChange={setServiceIds}
          error={errors.service_ids}
        >
          <Group mt="xs" gap="sm">
            {services
              .filter((s) => s.active)
              .map((s, index) => (
                <Checkbox
                  key={s.id}
                  value={s.id}
                  label={`${s.name} (${s.duration_minutes} min)`}
                  styles={wrapLongName}
                  // The first field: where a dialog opened on it puts the focus.
                  data-autofocus={index === 0 || undefined}
                />
              ))}
          </Group>
        </Checkbox.Group>
        <Group grow>
          <NativeSelect
            label="Staff member"
            value={staffId}
            onChange={(e) => setStaffId(e.currentTarget.value)}
            data={[
              { value: '', label: 'Anyone free' },
              ...staff.filter((s) => s.active).map((s) => ({ value: s.id, label: s.name })),
            ]}
            error={errors.staff_id}
          />
          <TextInput
            label={`Time (${date})`}
            type="time"
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
            error={errors.start_at}
          />
        </Group>
        <TextInput
          label="Customer name"
          required
          value={customer.name}
          onChange={(e) => setCustomer({ ...customer, name: e.currentTarget.value })}
          error={errors['customer.name']}
        />
        <Group grow>
          <TextInput
            label="Phone"
            value={customer.phone}
            onChange={(e) => setCustomer({ ...customer, phone: e.currentTarget.value })}
            error={errors['customer.phone']}
          />
          <TextInput
            label="E-mail"
            type="email"
            value={customer.email}
            onChange={(e) => setCustomer({ ...customer, email: e.currentTarget.value })}
            error={errors['customer.email']}
          />
        </Group>
        {problem ? (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={book.isPending}>
            Book
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
