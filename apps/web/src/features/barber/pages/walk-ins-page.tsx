import { Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { useAddWalkIn, useWalkIns } from '../api/appointments.ts';
import { useServices } from '../api/services.ts';
import { useBarberSettings } from '../api/settings.ts';
import { useStaff } from '../api/staff.ts';
import { timeIn } from '../barber-format.ts';
import { StepButtons } from '../components/appointment-dialog.tsx';
import { AppointmentStatusBadge } from '../components/appointment-status-badge.tsx';
import { wrapLongName } from '../components/long-names.ts';
import { customerBody, customerProblems } from '../customer-check.ts';

/** /barber/walk-ins: today's queue of walk-ins, each given the earliest free time from now. */
export const WalkInsPage = () => {
  useDocumentTitle('Walk-ins');
  const mayBook = useMay()('barber:book');
  const settings = useBarberSettings();
  const queue = useWalkIns();
  const services = useServices({ active: 'true' });
  const staff = useStaff();
  const add = useAddWalkIn();
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [staffId, setStaffId] = useState('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const timezone = settings.data?.timezone ?? 'UTC';
  // Only those who perform every service chosen, as the booking page offers them: anyone else is
  // refused by the API ('Nobody can fit these services in today').
  const able = useMemo(
    () => (staff.data ?? []).filter((s) => s.active && serviceIds.every((id) => s.service_ids.includes(id))),
    [staff.data, serviceIds],
  );
  // A staff member chosen before a service they do not do was ticked: back to whoever is free.
  const chosenStaffId = able.some((s) => s.id === staffId) ? staffId : '';
  const nobodyAble = serviceIds.length > 0 && staff.isSuccess && able.length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The customer checked as the API will, each problem under its field.
    const problems = customerProblems({ name, phone });
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const answer = await add.mutateAsync({
        service_ids: serviceIds,
        staff_id: chosenStaffId || null,
        customer: customerBody({ name, phone }),
      });
      notify.success(
        `${answer.data.customer.name}: ${timeIn(answer.data.start_at, timezone)} with ${answer.data.staff.name}`,
      );
      setName('');
      setPhone('');
      setServiceIds([]);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      notify.error(errorMessage(error));
    }
  };

  return (
    <>
      <PageHeader
        title="Walk-ins"
        description="Today's queue: each walk-in gets the earliest free time from now."
      />
      <Stack>
        {mayBook ? (
          <Paper withBorder p="md" radius="md">
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <Checkbox.Group
                  label="Services"
                  value={serviceIds}
                  onChange={setServiceIds}
                  error={
                    nobodyAble
                      ? 'Nobody here does all of these services in one visit: choose fewer of them, or add them separately.'
                      : undefined
                  }
                >
                  <Group mt="xs" gap="sm">
                    {(services.data?.data ?? []).map((s) => (
                      <Checkbox key={s.id} value={s.id} label={s.name} styles={wrapLongName} />
                    ))}
                  </Group>
                </Checkbox.Group>
                <Group align="flex-end">
                  <TextInput
                    label="Name"
                    required
                    value={name}
                    onChange={(e) => setName(e.currentTarget.value)}
                    error={errors['customer.name']}
                  />
                  <TextInput
                    label="Phone"
                    value={phone}
                    onChange={(e) => setPhone(e.currentTarget.value)}
                    error={errors['customer.phone']}
                  />
                  <NativeSelect
                    label="Staff member"
                    value={chosenStaffId}
                    onChange={(e) => setStaffId(e.currentTarget.value)}
                    data={[
                      { value: '', label: 'Whoever is free first' },
                      ...able.map((s) => ({ value: s.id, label: s.name })),
                    ]}
                  />
                  <Button
                    type="submit"
                    loading={add.isPending}
                    disabled={serviceIds.length === 0 || nobodyAble || name.trim() === ''}
                  >
                    Add to the queue
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        ) : null}
        <Paper withBorder p="md" radius="md">
          <DataTable
            label="Walk-in queue"
            minWidth={720}
            rows={queue.data}
            loading={queue.isPending}
            error={queue.error}
            errorTitle="The queue could not be loaded"
            onRetry={() => queue.refetch()}
            rowKey={(a) => a.id}
            empty={
              <EmptyList
                title="Nobody waiting"
                description="Walk-ins added today appear here in serving order."
              />
            }
            columns={[
              {
                key: 'time',
                header: 'Time',
                cell: (a) => `${timeIn(a.start_at, timezone)}–${timeIn(a.end_at, timezone)}`,
              },
              { key: 'customer', header: 'Customer', cell: (a) => a.customer.name },
              { key: 'staff', header: 'Staff', cell: (a) => a.staff.name },
              {
                key: 'services',
                header: 'Services',
                cell: (a) => <Text size="sm">{a.services.map((s) => s.name).join(' + ')}</Text>,
              },
              {
                key: 'status',
                header: 'Status',
                cell: (a) => <AppointmentStatusBadge status={a.status} />,
              },
              mayBook && {
                key: 'steps',
                header: 'Steps',
                hideHeader: true,
                cell: (a) => <StepButtons appointment={a} />,
              },
            ]}
          />
        </Paper>
      </Stack>
    </>
  );
};
