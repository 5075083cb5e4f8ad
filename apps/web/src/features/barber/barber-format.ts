import {
  type Appointment,
  type AppointmentSource,
  type AppointmentStatus,
  type AppointmentStep,
  BARBER_MESSAGES,
} from '@workhub/shared/schemas/barber';
import { instantAt, instantsAt } from '@workhub/shared/wall-clock';

/** 540 -> '09:00'. */
export const minutesToTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** '09:30' -> 570; null when not a time. */
export const timeToMinutes = (time: string): number | null => {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes >= 0 && minutes <= 1440 ? minutes : null;
};

/**
 * An amount as stored (numeric, 4 decimals), on the desk's pages and the booking page alike: whole
 * amounts as they are (800), any cents to two places (12.50, never 12.5), and the decimals a price
 * has beyond them as they are (1.999, never rounded to 2.00), trailing zeros trimmed.
 */
export const money = (value: string | number) => {
  // To the 4 places stored: a sum's float noise (0.30000000000000004) is no decimal of its own.
  const amount = Number(Number(value).toFixed(4));
  const fraction = /\.(\d+)$/.exec(String(amount))?.[1] ?? '';
  const decimals = fraction === '' ? 0 : Math.max(fraction.length, 2);
  return amount.toLocaleString(undefined, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
};

/** 'YYYY-MM-DD' of today in `timezone`. */
export const todayIn = (timezone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** Minutes after the shop's midnight of an instant. */
export const minuteOfDayIn = (iso: string, timezone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return Number(parts.hour) * 60 + Number(parts.minute);
};

/**
 * The instant (ISO) at which the clock of `timezone` reads `minute` of `date`, as the API reads a
 * time of day (the shared wall clock, '@workhub/shared/wall-clock'): the earlier of a time the
 * clocks repeat (the night they go back); for a time they skip (the night they go forward), the
 * instant they skip it (02:30 when 02:00 becomes 03:00: 03:00). A form refuses a skipped time
 * first (isSkippedTime).
 */
export const instantIn = (date: string, minute: number, timezone: string): string =>
  instantAt(date, minute, timezone).toISOString();

/** Whether the clocks skip `minute` of `date` in `timezone` (the night they go forward): no such time. */
export const isSkippedTime = (date: string, minute: number, timezone: string): boolean =>
  instantsAt(date, minute, timezone).length === 0;

/** Why a time typed for a day is no time that day. */
export const skippedTime = (time: string) =>
  `There is no ${time} that day: the clocks go forward. Choose another time.`;

/** 'YYYY-MM-DD' of an instant in `timezone`. */
export const dateIn = (iso: string, timezone: string) => todayFor(Date.parse(iso), timezone);

const todayFor = (at: number, timezone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));

/** '09:30' of an instant in `timezone`. */
export const timeIn = (iso: string, timezone: string) => minutesToTime(minuteOfDayIn(iso, timezone));

/** '7 Dec 2026, 09:30' of an instant in `timezone`. */
export const dateTimeIn = (iso: string, timezone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  booked: 'Booked',
  checked_in: 'Checked in',
  done: 'Done',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

/** Where an appointment came from, as the salon says it. */
export const SOURCE_LABELS: Record<AppointmentSource, string> = {
  staff: 'At the desk',
  public: 'Booking page',
  walk_in: 'Walk-in',
};

export const STATUS_COLORS: Record<AppointmentStatus, string> = {
  booked: 'blue',
  checked_in: 'orange',
  done: 'green',
  cancelled: 'gray',
  no_show: 'red',
};

/**
 * Each status step: its button's label, what it does, and its confirmation's two buttons (`confirm`
 * does it, `keep` closes): never two buttons reading 'Cancel', one keeping the visit and the other
 * cancelling it.
 */
export const STEP_TEXT: Record<
  AppointmentStep,
  { label: string; explain: string; danger: boolean; confirm: string; keep: string }
> = {
  'check-in': {
    label: 'Check in',
    explain: 'The customer is here: the appointment is checked in.',
    danger: false,
    confirm: 'Check in',
    keep: 'Back',
  },
  done: {
    label: 'Done',
    explain: 'The services are done and counted as revenue.',
    danger: false,
    confirm: 'Done',
    keep: 'Back',
  },
  cancel: {
    label: 'Cancel',
    explain: 'The appointment is cancelled and its time freed. This cannot be undone.',
    danger: true,
    confirm: 'Cancel appointment',
    keep: 'Keep appointment',
  },
  'no-show': {
    label: 'No-show',
    explain: 'The customer did not come. This cannot be undone.',
    danger: true,
    confirm: 'No-show',
    keep: 'Back',
  },
};

/** 'Njeri (booked as Wanjiru)': the customer, and the name given with a public booking where it differs. */
export const customerLabel = (appointment: Appointment) =>
  appointment.booked_as
    ? `${appointment.customer.name} (${BARBER_MESSAGES.bookedAs.toLowerCase()} ${appointment.booked_as.name})`
    : appointment.customer.name;
