import type { Appointment } from '@workhub/shared/schemas/barber';
import type { Ctx } from '../../context.ts';
import { bookingCancelledMail, bookingConfirmedMail, bookingMovedMail, shopTime } from './barber.mails.ts';
import { type BarberScope, timezoneOf } from './barber.service.ts';

export type BookingChange = 'confirmed' | 'moved' | 'cancelled';

const MAILS = { confirmed: bookingConfirmedMail, moved: bookingMovedMail, cancelled: bookingCancelledMail };

/**
 * Tells the customer what became of their booking: booked (the public page), moved or cancelled
 * (by their mail's link or by the shop), at the shop's time with its zone named. Nothing when the
 * customer left no e-mail. `link`: the booking's page, where the request knows its token (the
 * public routes); the shop's own changes have none (the token is kept only as a hash).
 */
export async function mailBookingChange(
  { db, mailer }: Pick<Ctx, 'db' | 'mailer'>,
  scope: BarberScope & { workspaceName: string },
  appointment: Appointment,
  change: BookingChange,
  link: string | null,
): Promise<void> {
  if (!appointment.customer.email) return;
  const timezone = await timezoneOf(db, scope);
  await mailer.send(
    MAILS[change]({
      to: appointment.customer.email,
      customerName: appointment.booked_as?.name ?? appointment.customer.name,
      shopName: scope.workspaceName,
      when: shopTime(new Date(appointment.start_at), timezone),
      timezone,
      staffName: appointment.staff.name,
      services: appointment.services.map((s) => s.name),
      link,
    }),
  );
}
