import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  APPOINTMENT_STEPS,
  type Appointment,
  type AppointmentStep,
  BARBER_MESSAGES,
  type BarberService,
  type BarberStaff,
} from '@workhub/shared/schemas/barber';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { priced } from '../../../lib/currency.ts';
import { useInPlaceEditor } from '../../../lib/dialog-autofocus.ts';
import { useWorkspaceCurrency } from '../../../lib/my-workspaces.ts';
import { notify } from '../../../lib/notify.tsx';
import { useAppointmentStep } from '../api/appointments.ts';
import { dateTimeIn, money, SOURCE_LABELS, STEP_TEXT, timeIn } from '../barber-format.ts';
import { AppointmentStatusBadge } from './appointment-status-badge.tsx';
import { EditServices } from './edit-services.tsx';
import { MoveAppointment } from './move-appointment.tsx';

const STEPS: AppointmentStep[] = ['check-in', 'done', 'no-show', 'cancel'];

/** The steps an appointment's status (and, for a no-show, its time) allows, for who may book. */
export const allowedSteps = (appointment: Appointment, now = Date.now()) =>
  STEPS.filter(
    (step) =>
      (APPOINTMENT_STEPS[step].from as readonly string[]).includes(appointment.status) &&
      // A no-show once its time has come (the server refuses it before).
      (step !== 'no-show' || new Date(appointment.start_at).getTime() <= now),
  );

/** Status step buttons, each asked first (a confirmation dialog), the server's answer in a toast. */
export const StepButtons = ({
  appointment,
  size = 'compact-xs',
}: {
  appointment: Appointment;
  size?: 'compact-xs' | 'xs';
}) => {
  const step = useAppointmentStep();
  const [asking, setAsking] = useState<AppointmentStep | null>(null);
  const confirm = async () => {
    if (!asking) return;
    try {
      const answer = await step.mutateAsync({ id: appointment.id, step: asking });
      notify.success(answer.message ?? STEP_TEXT[asking].label);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setAsking(null);
    }
  };
  return (
    <>
      <Group gap={4} wrap="nowrap">
        {allowedSteps(appointment).map((name) => (
          <Button
            key={name}
            size={size}
            variant={STEP_TEXT[name].danger ? 'subtle' : 'light'}
            color={STEP_TEXT[name].danger ? 'red' : undefined}
            aria-label={`${STEP_TEXT[name].label} ${appointment.customer.name}`}
            onClick={() => setAsking(name)}
          >
            {STEP_TEXT[name].label}
          </Button>
        ))}
      </Group>
      <ConfirmDialog
        opened={asking !== null}
        title={asking ? `${STEP_TEXT[asking].confirm}: ${appointment.customer.name}?` : ''}
        confirmLabel={asking ? STEP_TEXT[asking].confirm : ''}
        cancelLabel={asking ? STEP_TEXT[asking].keep : undefined}
        busy={step.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      >
        <Text size="sm">{asking ? STEP_TEXT[asking].explain : ''}</Text>
      </ConfirmDialog>
    </>
  );
};

/**
 * One appointment's details and its status steps; a booked one can be moved (another day, time or
 * staff member) and its services changed.
 */
export const AppointmentDialog = ({
  appointment,
  timezone,
  mayBook,
  services,
  staff,
  onClose,
}: {
  appointment: Appointment | null;
  timezone: string;
  mayBook: boolean;
  services: BarberService[];
  staff: BarberStaff[];
  onClose: () => void;
}) => {
  // Move and Change services make way for their form: it takes the focus, and gives it back to them.
  const { editing, open, done, reset, opener } = useInPlaceEditor<'services' | 'time'>();
  const currency = useWorkspaceCurrency();
  const close = () => {
    reset();
    onClose();
  };
  const changeable = mayBook && appointment?.status === 'booked';
  return (
    <Modal opened={appointment !== null} onClose={close} title={appointment?.customer.name ?? ''}>
      {appointment ? (
        <Stack gap="xs">
          {editing === 'time' ? (
            <MoveAppointment
              appointment={appointment}
              staff={staff}
              timezone={timezone}
              onDone={() => done('time')}
            />
          ) : (
            <Group gap="xs">
              <Text>
                {dateTimeIn(appointment.start_at, timezone)} – {timeIn(appointment.end_at, timezone)} with{' '}
                {appointment.staff.name}
              </Text>
              {changeable && editing === null ? (
                <Button ref={opener('time')} size="compact-xs" variant="subtle" onClick={() => open('time')}>
                  Move
                </Button>
              ) : null}
            </Group>
          )}
          {editing === 'services' ? (
            <EditServices
              appointment={appointment}
              services={services}
              timezone={timezone}
              onDone={() => done('services')}
            />
          ) : (
            <Group gap="xs">
              <Text size="sm">
                {appointment.services.map((s) => s.name).join(' + ')} ·{' '}
                {priced(money(appointment.total), currency)}
              </Text>
              {changeable && editing === null ? (
                <Button
                  ref={opener('services')}
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => open('services')}
                >
                  Change services
                </Button>
              ) : null}
            </Group>
          )}
          <Text size="sm" c="dimmed">
            {[appointment.customer.phone, appointment.customer.email].filter(Boolean).join(' · ') ||
              'No contact details'}
          </Text>
          {appointment.booked_as ? (
            <Text size="sm">
              {[`${BARBER_MESSAGES.bookedAs} ${appointment.booked_as.name}`, appointment.booked_as.phone]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          ) : null}
          <Group gap="xs">
            <AppointmentStatusBadge status={appointment.status} />
            <Badge color="gray" variant="outline">
              {SOURCE_LABELS[appointment.source]}
            </Badge>
          </Group>
          {/* Not beside a form's own Cancel: one 'Cancel' keeps the time, the other would cancel the visit. */}
          {mayBook && editing === null ? <StepButtons appointment={appointment} size="xs" /> : null}
        </Stack>
      ) : null}
    </Modal>
  );
};
