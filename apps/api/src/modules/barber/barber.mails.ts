import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from '../mail/mailer.ts';

const LINK_LINE = 'Cancel or reschedule: ';
const LINK_IN_TEXT = new RegExp(`^${LINK_LINE}(\\S+)$`, 'm');

export type BookingMail = {
  to: string;
  customerName: string;
  shopName: string;
  /** The start as the shop's clock reads it, e.g. 'Monday 7 December 2026, 09:00'. */
  when: string;
  /** The shop's time zone (IANA), named after the time: the reader may be in another. */
  timezone: string;
  staffName: string;
  services: readonly string[];
  /** The page of the mail's random token; null when the booking was not made on the public page. */
  link: string | null;
};

/** The start of an appointment as the shop's clock reads it. */
export const shopTime = (instant: Date, timezone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

function bookingMail(mail: BookingMail, subject: string, intro: string): MailMessage {
  const details = [
    `When: ${mail.when} (${mail.timezone})`,
    `With: ${mail.staffName}`,
    `Services: ${mail.services.join(', ')}`,
  ];
  const text = [intro, '', ...details, ...(mail.link ? ['', `${LINK_LINE}${mail.link}`] : [])].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
<p>${details.map(escapeHtml).join('<br>')}</p>${mail.link ? `\n<p><a href="${escapeHtml(mail.link)}">Cancel or reschedule</a></p>` : ''}`;
  return { to: mail.to, subject, text, html };
}

/** Sent when a customer books on the public page: what, when, and the link to cancel or reschedule. */
export const bookingConfirmedMail = (mail: BookingMail) =>
  bookingMail(
    mail,
    `Your booking at ${mail.shopName}`,
    `Hello ${mail.customerName}, your appointment at ${mail.shopName} is booked.`,
  );

/** Sent after a reschedule, through the mail's link or by the shop (then without a link). */
export const bookingMovedMail = (mail: BookingMail) =>
  bookingMail(
    mail,
    `Your booking at ${mail.shopName} has moved`,
    `Hello ${mail.customerName}, your appointment at ${mail.shopName} has moved.`,
  );

/** Sent when the booking is cancelled, by the customer's link or by the shop. */
export const bookingCancelledMail = (mail: BookingMail) =>
  bookingMail(
    { ...mail, link: null },
    `Your booking at ${mail.shopName} is cancelled`,
    `Hello ${mail.customerName}, your appointment at ${mail.shopName} is cancelled.`,
  );

/** The shop's calendar day of an instant, 'YYYY-MM-DD'. */
const shopDay = (instant: Date, timezone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

/**
 * When an appointment is, said from `now` in the shop's calendar: 'today', 'tomorrow', else 'on
 * Monday 7 December'. A booking made hours ahead is reminded the same day, not 'tomorrow'.
 */
export function dayOfAppointment(start: Date, now: Date, timezone: string): string {
  const day = shopDay(start, timezone);
  const today = shopDay(now, timezone);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  if (day === today) return 'today';
  if (day === tomorrow) return 'tomorrow';
  const date = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(start);
  return `on ${date}`;
}

/** The reminder, within a day of the appointment; `day` as dayOfAppointment says it. */
export const bookingReminderMail = (mail: BookingMail, day: string) =>
  bookingMail(
    mail,
    `Reminder: your appointment at ${mail.shopName} ${day}`,
    `Hello ${mail.customerName}, this is a reminder of your appointment at ${mail.shopName}.`,
  );

/** The link a booking mail carries, read back from its text. */
export const linkInBookingMail = (text: string): string | undefined => LINK_IN_TEXT.exec(text)?.[1];
