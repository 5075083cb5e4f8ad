import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { Appointment } from '@workhub/shared/schemas/barber';
import { type DragEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyList, ErrorState, LoadingState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { counted } from '../../../lib/labels.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { useCalendar, useMoveAppointment } from '../api/appointments.ts';
import { useServices } from '../api/services.ts';
import { useBarberSettings } from '../api/settings.ts';
import { useStaff } from '../api/staff.ts';
import {
  customerLabel,
  instantIn,
  minuteOfDayIn,
  minutesToTime,
  STATUS_COLORS,
  STATUS_LABELS,
  timeIn,
  todayIn,
} from '../barber-format.ts';
import { type BlockLane, laneBlocks, MIN_BLOCK_PX } from '../calendar-blocks.ts';
import { AppointmentDialog } from '../components/appointment-dialog.tsx';
import { BookForm } from '../components/book-form.tsx';

const SLOT = 15;
const ROW_PX = 14;
const px = (minutes: number) => (minutes / SLOT) * ROW_PX;
/** Two lines of xs text (with the block's padding) need this many minutes' height; a shorter block shows one. */
const TWO_LINES_MINUTES = 45;

const addDays = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);
const isoWeekday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/**
 * /barber/calendar: one day, a column per staff member (their working hours shaded, breaks
 * hatched), each appointment a block; drag a booked one to another time or staff member (the
 * server checks as for a booking: a 409 or 400 is shown and nothing moves); click one for its
 * details and status steps; New appointment books at the desk.
 */
export const CalendarPage = () => {
  useDocumentTitle('Calendar');
  const mayBook = useMay()('barber:book');
  const settings = useBarberSettings();
  const timezone = settings.data?.timezone ?? 'UTC';
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? (settings.data ? todayIn(timezone) : '');
  const setDate = (next: string) => setParams((p) => ({ ...Object.fromEntries(p), date: next }));
  const calendar = useCalendar(date);
  const staff = useStaff();
  const services = useServices({});
  const move = useMoveAppointment();
  const [selected, setSelected] = useState<string | null>(null);
  const [booking, setBooking] = useState<{ staffId?: string; time?: string } | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);

  if (settings.isPending || staff.isPending || (calendar.isPending && date !== '')) return <LoadingState />;
  const failed = settings.error ?? staff.error ?? calendar.error;
  if (failed)
    return (
      <ErrorState
        error={failed}
        title="The calendar could not be loaded"
        onRetry={() => calendar.refetch()}
      />
    );

  const weekday = isoWeekday(date);
  const columns = (staff.data ?? []).filter((s) => s.active);
  const appointments = calendar.data?.appointments ?? [];
  const dayHours = columns.flatMap((s) => s.hours.filter((h) => h.weekday === weekday));
  const first = Math.min(
    8 * 60,
    ...dayHours.map((h) => h.start_minute),
    ...appointments.map((a) => minuteOfDayIn(a.start_at, timezone)),
  );
  const last = Math.max(
    20 * 60,
    ...dayHours.map((h) => h.end_minute),
    ...appointments.map((a) => minuteOfDayIn(a.end_at, timezone)),
  );
  const from = Math.floor(first / 60) * 60;
  const to = Math.min(1440, Math.ceil(last / 60) * 60);
  const height = px(to - from);
  const open = appointments.find((a) => a.id === selected) ?? null;

  const drop = async (event: DragEvent<HTMLDivElement>, staffId: string) => {
    event.preventDefault();
    const id = event.dataTransfer.getData('text/plain');
    setDragging(null);
    const appointment = appointments.find((a) => a.id === id);
    if (!appointment) return;
    const offset = Number(event.dataTransfer.getData('application/x-offset') || 0);
    const rect = event.currentTarget.getBoundingClientRect();
    const minute = from + Math.round((event.clientY - rect.top - offset) / ROW_PX) * SLOT;
    const start = instantIn(date, Math.max(from, minute), timezone);
    if (start === appointment.start_at && staffId === appointment.staff.id) return;
    try {
      // Made against the block as it is drawn: moved by someone else since, it is refused (412) and
      // the day is read again.
      await move.mutateAsync({ id, start_at: start, staff_id: staffId, version: appointment.updated_at });
      notify.success(`Moved to ${timeIn(start, timezone)}`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const minutesOf = (a: Appointment) =>
    (new Date(a.end_at).getTime() - new Date(a.start_at).getTime()) / 60_000;
  const topOf = (a: Appointment) => px(minuteOfDayIn(a.start_at, timezone) - from);
  // Drawn 24 px tall at least (and a 2 px gap under it): a 15-minute block is 14 px of the day.
  const drawnHeight = (a: Appointment) => Math.max(px(minutesOf(a)), MIN_BLOCK_PX + 2);
  /** A staff member's blocks, those that would overlap as drawn side by side. */
  const columnBlocks = (mine: Appointment[]) => {
    const lanes = laneBlocks(mine.map((a) => ({ id: a.id, top: topOf(a), height: drawnHeight(a) })));
    return mine.map((a) => block(a, lanes.get(a.id) ?? { lane: 0, lanes: 1 }));
  };

  const block = (a: Appointment, { lane, lanes }: BlockLane) => {
    const top = topOf(a);
    const minutes = minutesOf(a);
    const size = drawnHeight(a);
    const movable = mayBook && a.status === 'booked';
    const who = `${timeIn(a.start_at, timezone)} ${customerLabel(a)}`;
    const what = a.services.map((s) => s.name).join(' + ');
    // A short block is one line, its height, so that no second line is cut mid-glyph.
    const oneLine = minutes < TWO_LINES_MINUTES;
    const status = <VisuallyHidden> ({STATUS_LABELS[a.status]})</VisuallyHidden>;
    return (
      <Box
        key={a.id}
        role="button"
        tabIndex={0}
        draggable={movable}
        onDragStart={(event: DragEvent<HTMLDivElement>) => {
          event.dataTransfer.setData('text/plain', a.id);
          event.dataTransfer.setData(
            'application/x-offset',
            String(event.clientY - event.currentTarget.getBoundingClientRect().top),
          );
          setDragging(a.id);
        }}
        onDragEnd={() => setDragging(null)}
        onClick={() => setSelected(a.id)}
        // The whole text on hover: a truncated line shows '…'.
        title={`${who} · ${what} (${STATUS_LABELS[a.status]})`}
        onKeyDown={(event) => {
          // A button opens on Enter and on Space (which would otherwise scroll the page).
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          setSelected(a.id);
        }}
        style={{
          position: 'absolute',
          top,
          // Its lane of the column (the whole width, less 4 px each side, when it overlaps none).
          left: `calc(4px + (100% - 8px) * ${lane} / ${lanes})`,
          width: `calc((100% - 8px) / ${lanes} - ${lanes > 1 ? 2 : 0}px)`,
          height: size - 2,
          overflow: 'hidden',
          cursor: movable ? 'grab' : 'pointer',
          opacity: dragging === a.id ? 0.5 : a.status === 'cancelled' ? 0.45 : 1,
          borderLeft: `4px solid var(--mantine-color-${STATUS_COLORS[a.status]}-6)`,
          background: `var(--mantine-color-${STATUS_COLORS[a.status]}-0)`,
          borderRadius: 4,
          padding: oneLine ? '0 6px' : '2px 6px',
          fontSize: 12,
          zIndex: 2,
        }}
      >
        {/* Named by what it shows, the status read out last: a name that left the services out
            differed from the text (WCAG 2.5.3, what speech input says). */}
        {oneLine ? (
          <Text size="xs" truncate lh={`${size - 2}px`}>
            <Text span inherit fw={600}>
              {who}
            </Text>{' '}
            · {what}
            {status}
          </Text>
        ) : (
          <>
            <Text size="xs" fw={600} truncate>
              {who}
            </Text>
            <Text size="xs" truncate>
              {what}
              {status}
            </Text>
          </>
        )}
      </Box>
    );
  };

  return (
    <>
      <PageHeader
        title="Calendar"
        description={`The day per staff member, in the shop's time (${timezone}). Drag a booked appointment to move it, or open it and choose Move.`}
        actions={mayBook ? <Button onClick={() => setBooking({})}>New appointment</Button> : null}
      />
      <Paper withBorder p="md" radius="md">
        <Group mb="md" align="flex-end">
          <Button variant="default" onClick={() => setDate(addDays(date, -1))} aria-label="Previous day">
            ‹
          </Button>
          <TextInput
            type="date"
            label="Day"
            value={date}
            onChange={(e) => e.currentTarget.value && setDate(e.currentTarget.value)}
          />
          <Button variant="default" onClick={() => setDate(addDays(date, 1))} aria-label="Next day">
            ›
          </Button>
          <Button variant="subtle" onClick={() => setDate(todayIn(timezone))}>
            Today
          </Button>
          <Badge variant="light">
            {counted(appointments.filter((a) => a.status !== 'cancelled').length, 'appointment')}
          </Badge>
        </Group>
        {columns.length === 0 ? (
          <EmptyList
            title="No staff yet"
            description="Add staff members with their working hours to fill the calendar."
          />
        ) : (
          <ScrollArea>
            <Group align="flex-start" gap={0} wrap="nowrap" miw={120 + columns.length * 180}>
              <Box w={56} pt={28} style={{ position: 'relative', height: height + 28 }}>
                {Array.from({ length: (to - from) / 60 }, (_, i) => from + i * 60).map((minute) => (
                  <Text
                    key={minute}
                    size="xs"
                    c="dimmed"
                    style={{ position: 'absolute', top: 28 + px(minute - from) - 7 }}
                  >
                    {minutesToTime(minute)}
                  </Text>
                ))}
              </Box>
              {columns.map((member) => {
                const hours = member.hours.find((h) => h.weekday === weekday);
                const off = member.days_off.includes(date);
                return (
                  <Box key={member.id} style={{ flex: 1, minWidth: 170 }}>
                    <Text fw={600} size="sm" ta="center" h={28} truncate>
                      {member.name}
                      {off ? ' (off)' : ''}
                    </Text>
                    <Box
                      data-testid={`column-${member.name}`}
                      onDragOver={(event) => mayBook && event.preventDefault()}
                      onDrop={(event) => drop(event, member.id)}
                      onDoubleClick={(event) => {
                        if (!mayBook) return;
                        const rect = event.currentTarget.getBoundingClientRect();
                        const minute = from + Math.floor((event.clientY - rect.top) / ROW_PX) * SLOT;
                        setBooking({ staffId: member.id, time: minutesToTime(minute) });
                      }}
                      style={{
                        position: 'relative',
                        height,
                        borderLeft: '1px solid var(--mantine-color-gray-3)',
                        background: 'var(--mantine-color-gray-1)',
                        backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${ROW_PX * 4 - 1}px, var(--mantine-color-gray-3) ${ROW_PX * 4 - 1}px, var(--mantine-color-gray-3) ${ROW_PX * 4}px)`,
                      }}
                    >
                      {hours && !off ? (
                        <Box
                          style={{
                            position: 'absolute',
                            top: px(hours.start_minute - from),
                            height: px(hours.end_minute - hours.start_minute),
                            left: 0,
                            right: 0,
                            background: 'var(--mantine-color-body)',
                            opacity: 0.85,
                          }}
                        />
                      ) : null}
                      {member.breaks
                        .filter((b) => b.weekday === weekday)
                        .map((b) => (
                          <Box
                            key={`${b.start_minute}`}
                            title="Break"
                            style={{
                              position: 'absolute',
                              top: px(b.start_minute - from),
                              height: px(b.end_minute - b.start_minute),
                              left: 0,
                              right: 0,
                              background:
                                'repeating-linear-gradient(45deg, var(--mantine-color-gray-2) 0 6px, transparent 6px 12px)',
                            }}
                          />
                        ))}
                      {columnBlocks(appointments.filter((a) => a.staff.id === member.id))}
                    </Box>
                  </Box>
                );
              })}
            </Group>
          </ScrollArea>
        )}
        {appointments.length === 0 && columns.length > 0 ? (
          <Alert mt="md" color="gray" variant="light">
            No appointments on this day yet.
          </Alert>
        ) : null}
      </Paper>
      <AppointmentDialog
        appointment={open}
        timezone={timezone}
        mayBook={mayBook}
        services={services.data?.data ?? []}
        staff={staff.data ?? []}
        onClose={() => setSelected(null)}
      />
      <Modal
        size="lg"
        opened={booking !== null}
        onClose={() => setBooking(null)}
        title={`New appointment on ${date}`}
      >
        {booking !== null ? (
          <BookForm
            date={date}
            timezone={timezone}
            services={services.data?.data ?? []}
            staff={staff.data ?? []}
            {...(booking.staffId ? { initialStaffId: booking.staffId } : {})}
            {...(booking.time ? { initialTime: booking.time } : {})}
            onDone={() => setBooking(null)}
          />
        ) : null}
      </Modal>
    </>
  );
};
