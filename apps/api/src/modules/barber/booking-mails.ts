import type { Appointment } from '@workhub/shared/schemas/barber';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { workspaces } from '../../db/schema/workspaces.ts';
import { bookingCancelledMail, bookingConfirmedMail, bookingMovedMail, shopTime } from './barber.mails.ts';
import { barberAppointments } from './barber.schema.ts';
import { type BarberScope, timezoneOf } from './barber.service.ts';
import { type BookingLinks, derivedLink } from './booking-links.ts';

export type BookingChange = 'confirmed' | 'moved' | 'cancelled';

const MAILS = { confirmed: bookingConfirmedMail, moved: bookingMovedMail, cancelled: bookingCancelledMail };

/**
 * Tells the customer what became of their booking: booked (the public page), moved or cancelled
 * (by their mail's link or by the shop), at the shop's time with its zone named. Nothing when the
 * customer left no e-mail. `link`: the booking's page: the token the request came with (the
 * public routes), or for the shop's own changes the one derived again (linkOfBooking), else none.
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

/**
 * The page of a booking for a mail of the shop's own change: where its token derives again from
 * its id (booking-links.ts), at the shop's public address; null for a desk booking, a random
 * token's or one of a rotated secret (the token is kept only as a hash).
 */
export async function linkOfBooking(
  { db, config }: Pick<Ctx, 'db' | 'config'>,
  links: BookingLinks,
  scope: BarberScope,
  appointmentId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ tokenHash: barberAppointments.tokenHash, slug: workspaces.publicSlug })
    .from(barberAppointments)
    .innerJoin(
      workspaces,
      and(
        eq(workspaces.accountId, barberAppointments.accountId),
        eq(workspaces.id, barberAppointments.workspaceId),
      ),
    )
    .where(and(scope.workspace(barberAppointments), eq(barberAppointments.id, appointmentId)));
  return row
    ? derivedLink(links, config.publicUrl, row.slug, { id: appointmentId, tokenHash: row.tokenHash })
    : null;
}
