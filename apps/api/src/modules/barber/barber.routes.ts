import { moduleActions } from '@workhub/shared/modules';
import { can } from '@workhub/shared/permissions';
import {
  APPOINTMENT_STEP_NAMES,
  appointment,
  appointmentBody,
  appointmentExportQuery,
  appointmentListQuery,
  appointmentMoveBody,
  barberCustomer,
  barberCustomerBody,
  barberCustomerExportQuery,
  barberCustomerListQuery,
  barberIdParam,
  barberService,
  barberServiceBody,
  barberServiceExportQuery,
  barberServiceListQuery,
  barberSettings,
  barberSettingsBody,
  barberStaff,
  barberStaffBody,
  barberStaffExportQuery,
  barberStaffListQuery,
  slotList,
  slotsQuery,
  walkInBody,
} from '@workhub/shared/schemas/barber';
import { calendarDate, dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import { moduleAccess } from '@workhub/shared/schemas/modules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { editVersionOf } from '../../lib/edit-version.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import { createAppointmentService } from './appointments.service.ts';
import { createBarberService } from './barber.service.ts';
import { barberDashboardRoutes } from './barber-dashboard.routes.ts';
import { bookingLinks } from './booking-links.ts';
import { linkOfBooking, mailBookingChange } from './booking-mails.ts';
import { createReminderJob } from './reminders.ts';

const tags = ['barber'];
const security = [{ bearerAuth: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The Barber Shop & Spa module's routes (manifest: packages/shared/src/modules.ts), under /api
 * behind the module's gate: services, staff (hours, breaks, days off, services performed),
 * customers, appointments (book, list, export, the status steps, move), walk-ins, the day's
 * calendar, the shop's time zone. docs/api.md 'Barber Shop & Spa'.
 */
export const barberRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  const barber = createBarberService(ctx);
  const appointments = createAppointmentService(ctx);

  // The reminder mails the day before: started once the server listens (never in app.inject
  // tests), stopped when it closes; its state is the database's (reminders.ts).
  const reminders = createReminderJob(ctx);
  const links = bookingLinks(ctx.config.jwtSecret);
  await app.register(barberDashboardRoutes, { ctx });
  app.addHook('onListen', async () => reminders.start());
  app.addHook('onClose', async () => reminders.stop());

  app.get(
    '/barber/access',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: "What the caller's role may do in the salon",
        response: { 200: dataEnvelope(moduleAccess), ...errors },
      },
    },
    async (request) => {
      const { auth } = moduleScope(request);
      return {
        data: { module: 'barber', actions: moduleActions('barber').filter((action) => can(auth, action)) },
      };
    },
  );

  // ---------------------------------------------------------------- settings

  app.get(
    '/barber/settings',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: "The shop's time zone",
        response: { 200: dataEnvelope(barberSettings), ...errors },
      },
    },
    async (request) => ({ data: await barber.settings(moduleScope(request)) }),
  );

  app.put(
    '/barber/settings',
    {
      config: { action: 'barber:manage' },
      schema: {
        tags,
        security,
        summary: "Set the shop's time zone (IANA name)",
        description: EDIT_VERSION_NOTE,
        headers: ifMatchHeader,
        body: barberSettingsBody,
        response: { 200: dataEnvelope(barberSettings), ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => ({
      message: 'Settings saved',
      data: await barber.setTimezone(
        moduleScope(request),
        request.body.timezone,
        editVersionOf((request.headers as Record<string, string | undefined>)['if-match']),
      ),
    }),
  );

  // ---------------------------------------------------------------- services

  app.get(
    '/barber/services',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: 'The services (q: name or category contains; active)',
        querystring: barberServiceListQuery,
        response: { 200: listEnvelope(barberService), ...errors },
      },
    },
    async (request) => barber.listServices(moduleScope(request), request.query),
  );

  app.get(
    '/barber/services/export',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: 'The services (same search and filter) as CSV, up to 10,000 rows',
        querystring: barberServiceExportQuery,
        response: { 200: csvText, ...errors },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await barber.exportServices(moduleScope(request), request.query);
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.post(
    '/barber/services',
    {
      config: { action: 'barber:manage' },
      schema: {
        tags,
        security,
        summary: 'Add a service (name unique in the shop, any case)',
        body: barberServiceBody,
        response: { 201: dataEnvelope(barberService), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Service added',
        data: await barber.createService(moduleScope(request), request.body),
      }),
  );

  app.get(
    '/barber/services/:id',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: 'One service, with its version (updated_at)',
        params: barberIdParam,
        response: { 200: dataEnvelope(barberService), ...errors },
      },
    },
    async (request) => ({ data: await barber.getService(moduleScope(request), request.params.id) }),
  );

  app.patch(
    '/barber/services/:id',
    {
      config: { action: 'barber:manage' },
      schema: {
        tags,
        security,
        summary: 'Edit a service (the whole record)',
        description: EDIT_VERSION_NOTE,
        params: barberIdParam,
        headers: ifMatchHeader,
        body: barberServiceBody,
        response: { 200: dataEnvelope(barberService), ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => ({
      message: 'Service saved',
      data: await barber.updateService(
        moduleScope(request),
        request.params.id,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  // ---------------------------------------------------------------- staff

  app.get(
    '/barber/staff',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary:
          'The staff (q: name contains; active), each with services, working hours, breaks and days off',
        querystring: barberStaffListQuery,
        response: { 200: dataEnvelope(z.array(barberStaff)), ...errors },
      },
    },
    async (request) => ({ data: await barber.listStaff(moduleScope(request), request.query) }),
  );

  app.get(
    '/barber/staff/export',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: 'The staff (same search and filter) as CSV, up to 10,000 rows',
        querystring: barberStaffExportQuery,
        response: { 200: csvText, ...errors },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await barber.exportStaff(moduleScope(request), request.query);
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.post(
    '/barber/staff',
    {
      config: { action: 'barber:manage' },
      schema: {
        tags,
        security,
        summary: 'Add a staff member with services, hours, breaks and days off',
        body: barberStaffBody,
        response: { 201: dataEnvelope(barberStaff), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Staff member added',
        data: await barber.createStaff(moduleScope(request), request.body),
      }),
  );

  app.get(
    '/barber/staff/:id',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: 'One staff member with services, hours, breaks and days off, and its version (updated_at)',
        params: barberIdParam,
        response: { 200: dataEnvelope(barberStaff), ...errors },
      },
    },
    async (request) => ({ data: await barber.getStaff(moduleScope(request), request.params.id) }),
  );

  app.patch(
    '/barber/staff/:id',
    {
      config: { action: 'barber:manage' },
      schema: {
        tags,
        security,
        summary: 'Edit a staff member (the whole record: services, hours, breaks and days off replaced)',
        description: EDIT_VERSION_NOTE,
        params: barberIdParam,
        headers: ifMatchHeader,
        body: barberStaffBody,
        response: { 200: dataEnvelope(barberStaff), ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => ({
      message: 'Staff member saved',
      data: await barber.updateStaff(
        moduleScope(request),
        request.params.id,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  // ---------------------------------------------------------------- customers

  app.get(
    '/barber/customers',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: 'The customers (q: name, phone or e-mail contains), with their visits',
        querystring: barberCustomerListQuery,
        response: { 200: listEnvelope(barberCustomer), ...errors },
      },
    },
    async (request) => barber.listCustomers(moduleScope(request), request.query),
  );

  app.get(
    '/barber/customers/export',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: 'The customers (same search) with their visits as CSV, up to 10,000 rows',
        querystring: barberCustomerExportQuery,
        response: { 200: csvText, ...errors },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await barber.exportCustomers(
        moduleScope(request),
        request.query,
      );
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.post(
    '/barber/customers',
    {
      config: { action: 'barber:book' },
      schema: {
        tags,
        security,
        summary: 'Add a customer',
        body: barberCustomerBody,
        response: { 201: dataEnvelope(barberCustomer), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Customer added',
        data: await barber.createCustomer(moduleScope(request), request.body),
      }),
  );

  // ---------------------------------------------------------------- appointments

  app.get(
    '/barber/slots',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: "A day's free slots for services in a row, with a staff member or anyone",
        querystring: slotsQuery,
        response: { 200: dataEnvelope(slotList), ...errors },
      },
    },
    async (request) => ({ data: await appointments.slots(moduleScope(request), request.query) }),
  );

  app.get(
    '/barber/calendar',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: "A day's appointments (the shop's day, in its time zone)",
        querystring: z.object({ date: calendarDate('A date is required') }),
        response: {
          200: dataEnvelope(
            z.object({ date: z.string(), timezone: z.string(), appointments: z.array(appointment) }),
          ),
          ...errors,
        },
      },
    },
    async (request) => ({ data: await appointments.calendar(moduleScope(request), request.query.date) }),
  );

  app.get(
    '/barber/appointments',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary:
          'The appointments, latest first (q: customer or staff; status, source, staff, customer, from/to days)',
        querystring: appointmentListQuery,
        response: { 200: listEnvelope(appointment), ...errors },
      },
    },
    async (request) => appointments.list(moduleScope(request), request.query),
  );

  app.get(
    '/barber/appointments/export',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: 'The appointments (same filters) as CSV, up to 10,000 rows',
        querystring: appointmentExportQuery,
        response: { 200: csvText, ...errors },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await appointments.exportCsv(
        moduleScope(request),
        request.query,
      );
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.get(
    '/barber/appointments/:id',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: 'One appointment',
        params: barberIdParam,
        response: { 200: dataEnvelope(appointment), ...errors },
      },
    },
    async (request) => ({ data: await appointments.one(moduleScope(request), request.params.id) }),
  );

  app.post(
    '/barber/appointments',
    {
      config: { action: 'barber:book' },
      schema: {
        tags,
        security,
        summary:
          'Book services in a row from a start, with a staff member or anyone (409 when the time is taken)',
        body: appointmentBody,
        response: { 201: dataEnvelope(appointment), ...errors },
      },
    },
    async (request, reply) => {
      const scope = moduleScope(request);
      const data = await appointments.create(scope, request.body, scope.auth.user_id);
      return reply.status(201).send({ message: 'Appointment booked', data });
    },
  );

  app.patch(
    '/barber/appointments/:id',
    {
      config: { action: 'barber:book' },
      schema: {
        tags,
        security,
        summary:
          'Edit a booked appointment: another start, staff member and/or services (the end recomputed; the same checks as booking, 409 on an overlap)',
        description: EDIT_VERSION_NOTE,
        params: barberIdParam,
        headers: ifMatchHeader,
        body: appointmentMoveBody,
        response: { 200: dataEnvelope(appointment), ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => {
      const scope = moduleScope(request);
      const before = await appointments.one(scope, request.params.id);
      const moved = await appointments.move(scope, request.params.id, request.body, {
        expected: editVersionOf(request.headers['if-match']),
      });
      // The customer hears of a new time or staff member (a change of services alone they asked for).
      if (moved.start_at !== before.start_at || moved.staff.id !== before.staff.id) {
        const link = await linkOfBooking(ctx, links, scope, moved.id);
        await mailBookingChange(ctx, scope, moved, 'moved', link);
      }
      return { message: request.body.service_ids ? 'Appointment saved' : 'Appointment moved', data: moved };
    },
  );

  for (const step of APPOINTMENT_STEP_NAMES) {
    app.post(
      `/barber/appointments/:id/${step}`,
      {
        config: { action: 'barber:book' },
        schema: {
          tags,
          security,
          summary: `Appointment status step: ${step} (409 from a status it does not start from)`,
          params: barberIdParam,
          response: { 200: dataEnvelope(appointment), ...errors },
        },
      },
      async (request) => {
        const scope = moduleScope(request);
        const data = await appointments.step(scope, request.params.id, step);
        // A cancellation by the shop is told to the customer; the other steps happen with them there.
        if (step === 'cancel') await mailBookingChange(ctx, scope, data, 'cancelled', null);
        return { message: 'Appointment updated', data };
      },
    );
  }

  app.get(
    '/barber/my-appointments',
    {
      config: { action: 'barber:own' },
      schema: {
        tags,
        security,
        summary: "A customer's own appointments: those booked under their login's e-mail, latest first",
        response: { 200: dataEnvelope(z.array(appointment)), ...errors },
      },
    },
    async (request) => {
      const scope = moduleScope(request);
      return { data: await appointments.mine(scope, scope.auth.user_id) };
    },
  );

  app.post(
    '/barber/my-appointments/:id/cancel',
    {
      config: { action: 'barber:own' },
      schema: {
        tags,
        security,
        summary:
          "A customer cancels their own booked appointment before it starts (someone else's: 404; another status: 409)",
        params: barberIdParam,
        response: { 200: dataEnvelope(appointment), ...errors },
      },
    },
    async (request) => {
      const scope = moduleScope(request);
      return {
        message: 'Your appointment is cancelled',
        data: await appointments.cancelMine(scope, scope.auth.user_id, request.params.id),
      };
    },
  );

  // ---------------------------------------------------------------- walk-ins

  app.get(
    '/barber/walk-ins',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: "Today's walk-in queue (booked or checked in), in serving order",
        response: { 200: dataEnvelope(z.array(appointment)), ...errors },
      },
    },
    async (request) => ({ data: await appointments.walkInQueue(moduleScope(request)) }),
  );

  app.post(
    '/barber/walk-ins',
    {
      config: { action: 'barber:book' },
      schema: {
        tags,
        security,
        summary:
          "A walk-in joins today's queue: the earliest free start from now (409 when nobody can fit it in)",
        body: walkInBody,
        response: { 201: dataEnvelope(appointment), ...errors },
      },
    },
    async (request, reply) => {
      const scope = moduleScope(request);
      const data = await appointments.walkIn(scope, request.body, scope.auth.user_id);
      return reply.status(201).send({ message: 'Walk-in added to the queue', data });
    },
  );
};
