import { Badge, Paper, TextInput } from '@mantine/core';
import { useState } from 'react';
import { EmptyList } from '../../../components/data-states.tsx';
import { WEEKDAY_SHORT } from '../../../lib/labels.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { useServices } from '../api/services.ts';
import { exportStaff, useStaff } from '../api/staff.ts';
import { minutesToTime } from '../barber-format.ts';
import { ManagedList } from '../components/managed-list.tsx';
import { StaffForm } from '../components/staff-form.tsx';
import { TimezoneForm } from '../components/timezone-form.tsx';

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
