import { randomUUID } from 'node:crypto';
import {
  type Appointment,
  barberSlugParam,
  bookingTokenParam,
  publicAppointment,
  publicAppointmentBody,
  publicBookingPage,
  publicRescheduleBody,
  publicSlotsQuery,
  slotList,
} from '@workhub/shared/schemas/barber';
import { dataEnvelope } from '@workhub/shared/schemas/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/crypto.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { limitPublicMail, type PublicScope, publicScope } from '../../plugins/public-gate.ts';
import { createAppointmentService } from './appointments.service.ts';
import {
  barberAppointments,
  barberServices,
  barberStaff,
  barberStaffServices,
  barberWorkingHours,
} from './barber.schema.ts';
import { shopOf } from './barber.service.ts';
import { bookingLinks, manageLink } from './booking-links.ts';
import { type BookingChange, mailBookingChange } from './booking-mails.ts';

const tags = ['barber (public)'];

const toPublic = (a: Appointment) => ({
  start_at: a.start_at,
  end_at: a.end_at,
  status: a.status,
  staff_name: a.staff.name,
  staff_id: a.staff.id,
  services: a.services.map((s) => s.name),
  service_ids: a.services.map((s) => s.service_id),
});

/**
 * The booking page's API (/book/{slug}), behind the slug gate (plugins/public-gate.ts): the shop's
 * services and staff (names only), a day's free slots, a booking with name, phone and e-mail (a
 * confirmation mail with a link carrying a token derived from the booking's id and the app's
 * secret, stored as its hash: booking-links.ts), and that link's page: the booking, cancel,
 * reschedule. Nothing else of the shop: no other customer, no member.
 */
export const barberPublicRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  const { db, now, config } = ctx;
  const appointments = createAppointmentService(ctx);
  const links = bookingLinks(config.jwtSecret);

  /** The id of the appointment of a link's token in this shop, or 404. */
  async function idOfToken(scope: PublicScope, token: string): Promise<string> {
    const [found] = await db
      .select({ id: barberAppointments.id })
      .from(barberAppointments)
      .where(and(scope.workspace(barberAppointments), eq(barberAppointments.tokenHash, sha256(token))));
    if (!found) throw notFound();
    return found.id;
  }

  /** The appointment of a link's token in this shop, or 404. */
  const byToken = async (scope: PublicScope, token: string): Promise<Appointment> =>
    appointments.one(scope, await idOfToken(scope, token));

  /**
   * To the customer's address (the one the booking gave, which found the customer), greeting the
   * name given with the booking; the time as the shop's clock reads it, with its zone.
   */
  const mailAbout = (scope: PublicScope, a: Appointment, kind: BookingChange, token: string | null) =>
    mailBookingChange(
      ctx,
      scope,
      a,
      kind,
      token === null ? null : manageLink(config.publicUrl, scope.slug, token),
    );

  app.get(
    '/booking/:slug',
    {
      schema: {
        tags,
        summary:
          "A shop's booking page: its name, time zone, currency (null: none chosen), the active staff with working hours (names only) and the active services one of them performs",
        params: barberSlugParam,
        response: { 200: dataEnvelope(publicBookingPage), ...errorResponses(404) },
      },
    },
    async (request) => {
      const scope = publicScope(request);
      const [{ timezone, currency }, allServices, allStaff, performs, working] = await Promise.all([
        shopOf(db, scope),
        db
          .select()
          .from(barberServices)
          .where(and(scope.workspace(barberServices), eq(barberServices.active, true)))
          .orderBy(asc(sql`lower(${barberServices.name})`)),
        db
          .select({ id: barberStaff.id, name: barberStaff.name })
          .from(barberStaff)
          .where(and(scope.workspace(barberStaff), eq(barberStaff.active, true)))
          .orderBy(asc(sql`lower(${barberStaff.name})`)),
        db.select().from(barberStaffServices).where(scope.workspace(barberStaffServices)),
        db
          .selectDistinct({ staffId: barberWorkingHours.staffId })
          .from(barberWorkingHours)
          .where(scope.workspace(barberWorkingHours)),
      ]);
      // Only what can be booked: a staff member with working hours, a service one of them performs.
      // Anything else would be offered with "no free time that day", whatever day the customer tried.
      const staff = allStaff.filter((s) => working.some((w) => w.staffId === s.id));
      const performed = new Set(
        performs.filter((p) => staff.some((s) => s.id === p.staffId)).map((p) => p.serviceId),
      );
      const services = allServices.filter((s) => performed.has(s.id));
      return {
        data: {
          name: scope.workspaceName,
          timezone,
          currency,
          services: services.map((s) => ({
            id: s.id,
            name: s.name,
            duration_minutes: s.durationMinutes,
            price: s.price,
            category: s.category,
          })),
          staff: staff.map((s) => ({
            id: s.id,
            name: s.name,
            service_ids: performs
              .filter((p) => p.staffId === s.id && services.some((v) => v.id === p.serviceId))
              .map((p) => p.serviceId),
          })),
        },
      };
    },
  );

  app.get(
    '/booking/:slug/slots',
    {
      schema: {
        tags,
        summary:
          "A day's free slots for services in a row (service_ids comma-separated), with staff_id or anyone; except: a mail link's token, whose booking's own time is not busy (a reschedule)",
        params: barberSlugParam,
        querystring: publicSlotsQuery,
        response: { 200: dataEnvelope(slotList), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const scope = publicScope(request);
      const { except, ...query } = request.query;
      // A link's token names the one booking left out (404 if none of this shop's): a request
      // cannot free anyone else's time.
      const id = except ? await idOfToken(scope, except) : undefined;
      return { data: await appointments.slots(scope, query, id) };
    },
  );

  app.post(
    '/booking/:slug/appointments',
    {
      schema: {
        tags,
        summary:
          'Book a slot: name, phone and e-mail; a confirmation mail carries the cancel/reschedule link (409 when just taken)',
        params: barberSlugParam,
        body: publicAppointmentBody,
        response: { 201: dataEnvelope(publicAppointment), ...errorResponses(400, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const scope = publicScope(request);
      const body = request.body;
      // The confirmation greets the name typed: a stranger's text, mailed to any address (429).
      await limitPublicMail(request, body.email);
      // The customer of that e-mail (any case), else a new one from what was typed. An existing
      // customer's record is never changed by an anonymous request: the name and phone typed are
      // kept on the appointment (booked_as), which the shop sees where they differ.
      const customerId = await appointments.findOrCreateCustomer(scope, {
        name: body.name,
        phone: body.phone,
        email: body.email,
      });
      // The id is chosen here so that the link's token can be derived from it (booking-links.ts).
      const chosenId = randomUUID();
      const token = links.tokenFor(chosenId);
      const id = await appointments.book(scope, {
        id: chosenId,
        start: new Date(body.start_at),
        serviceIds: body.service_ids,
        staffId: body.staff_id ?? null,
        customerId,
        source: 'public',
        tokenHash: sha256(token),
        bookedAs: { name: body.name, phone: body.phone },
        onGrid: true,
      });
      const booked = await appointments.one(scope, id);
      await mailAbout(scope, booked, 'confirmed', token);
      return reply
        .status(201)
        .send({ message: 'Booked: a confirmation is on its way by e-mail', data: toPublic(booked) });
    },
  );

  app.get(
    '/booking/:slug/manage/:token',
    {
      schema: {
        tags,
        summary: "The booking of a confirmation mail's link",
        params: bookingTokenParam,
        response: { 200: dataEnvelope(publicAppointment), ...errorResponses(400, 404) },
      },
    },
    async (request) => ({ data: toPublic(await byToken(publicScope(request), request.params.token)) }),
  );

  app.post(
    '/booking/:slug/manage/:token/cancel',
    {
      schema: {
        tags,
        summary: "Cancel the booking of a mail's link (a booked appointment that has not started)",
        params: bookingTokenParam,
        response: { 200: dataEnvelope(publicAppointment), ...errorResponses(400, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const scope = publicScope(request);
      const booking = await byToken(scope, request.params.token);
      if (new Date(booking.start_at).getTime() <= now().getTime()) {
        throw conflict('This appointment has already started: call the shop');
      }
      const cancelled = await appointments.step(scope, booking.id, 'cancel');
      await mailAbout(scope, cancelled, 'cancelled', null);
      return { message: 'Your appointment is cancelled', data: toPublic(cancelled) };
    },
  );

  app.post(
    '/booking/:slug/manage/:token/reschedule',
    {
      schema: {
        tags,
        summary: "Move the booking of a mail's link to another free slot (the same checks as booking)",
        params: bookingTokenParam,
        body: publicRescheduleBody,
        response: { 200: dataEnvelope(publicAppointment), ...errorResponses(400, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const scope = publicScope(request);
      const booking = await byToken(scope, request.params.token);
      const moved = await appointments.move(
        scope,
        booking.id,
        { start_at: request.body.start_at, staff_id: request.body.staff_id ?? undefined },
        { onGrid: true },
      );
      await mailAbout(scope, moved, 'moved', request.params.token);
      return { message: 'Your appointment has moved', data: toPublic(moved) };
    },
  );
};
