import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { workspaces } from '../../db/schema/workspaces.ts';
import { crossTenant, withTenant } from '../../db/tenant-context.ts';
import { workspaceConditions } from '../../db/tenant-scope.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../mail/mailer.ts';
import { bookingReminderMail, dayOfAppointment, shopTime } from './barber.mails.ts';
import {
  barberAppointmentServices,
  barberAppointments,
  barberCustomers,
  barberStaff,
  customerOfAppointment,
  staffOfAppointment,
} from './barber.schema.ts';
import { timezoneOf } from './barber.service.ts';
import { bookingLinks, derivedLink } from './booking-links.ts';

/** A reminder goes out once an appointment is this close (the day before). */
export const REMINDER_AHEAD_MS = 24 * 3_600_000;
/** How often the job looks (it also looks once when it starts). */
export const REMINDER_INTERVAL_MS = 5 * 60_000;

export type ReminderDeps = {
  db: Db;
  now: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The links' address and the secret their tokens derive from (booking-links.ts). */
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>;
};

/**
 * The reminder mail the day before (issue 15). Nothing lives in memory: the due appointments are
 * those booked, starting within REMINDER_AHEAD_MS, whose reminder_sent_at is null, so a restart
 * (or a server that was down) picks up where it stopped. Each shop's due appointments are claimed
 * with one atomic `update ... set reminder_sent_at = now where reminder_sent_at is null ...
 * returning`, in the same transaction as their mails' outbox rows: a reminder is sent once even
 * with several instances running the job at the same instant (the second update finds the rows
 * claimed), and a claim whose mail could not be written is rolled back with it. A move clears
 * reminder_sent_at (appointments.service.ts), so the new time is reminded too. A booking made on
 * the public page carries its cancel/reschedule link where its token derives again from its id
 * (booking-links.ts): not a desk booking's (none), a random token's or one made under a secret
 * since rotated (no link, as before).
 */
export function createReminderJob({ db, now, mailer, log, config }: ReminderDeps) {
  const links = bookingLinks(config.jwtSecret);
  /** One pass over every shop; the number of reminders written. */
  async function runOnce(): Promise<number> {
    const at = now();
    const until = new Date(at.getTime() + REMINDER_AHEAD_MS);
    const due = and(
      eq(barberAppointments.status, 'booked'),
      isNull(barberAppointments.reminderSentAt),
      gt(barberAppointments.startAt, at),
      lte(barberAppointments.startAt, until),
    );
    const shops = await crossTenant(db, 'barber reminders: which shops have appointments due', (tx) =>
      tx
        .selectDistinct({
          accountId: barberAppointments.accountId,
          workspaceId: barberAppointments.workspaceId,
        })
        .from(barberAppointments)
        .where(due),
    );
    let sent = 0;
    for (const shop of shops) {
      const scope = workspaceConditions(shop);
      const deliveries = await withTenant(db, { ...shop, userId: null }, async (tx) => {
        const claimed = await tx
          .update(barberAppointments)
          .set({ reminderSentAt: at })
          .where(and(scope.workspace(barberAppointments), due))
          .returning({ id: barberAppointments.id });
        if (claimed.length === 0) return [];
        const ids = claimed.map((c) => c.id);
        const [rows, lines, [workspace], timezone] = await Promise.all([
          tx
            .select({
              id: barberAppointments.id,
              startAt: barberAppointments.startAt,
              customerName: barberCustomers.name,
              bookedName: barberAppointments.bookedName,
              email: barberCustomers.email,
              staffName: barberStaff.name,
              tokenHash: barberAppointments.tokenHash,
            })
            .from(barberAppointments)
            .innerJoin(barberCustomers, customerOfAppointment)
            .innerJoin(barberStaff, staffOfAppointment)
            .where(and(scope.workspace(barberAppointments), inArray(barberAppointments.id, ids))),
          tx
            .select({
              appointmentId: barberAppointmentServices.appointmentId,
              name: barberAppointmentServices.name,
            })
            .from(barberAppointmentServices)
            .where(
              and(
                scope.workspace(barberAppointmentServices),
                inArray(barberAppointmentServices.appointmentId, ids),
              ),
            )
            .orderBy(asc(barberAppointmentServices.position)),
          tx
            .select({ name: workspaces.name, slug: workspaces.publicSlug })
            .from(workspaces)
            .where(and(eq(workspaces.accountId, shop.accountId), eq(workspaces.id, shop.workspaceId))),
          timezoneOf(tx, scope),
        ]);
        const queued = [];
        for (const row of rows) {
          if (!row.email) continue;
          const mail = bookingReminderMail(
            {
              to: row.email,
              // As the booking's confirmation greeted: the name given with it, else the record's.
              customerName: row.bookedName ?? row.customerName,
              shopName: workspace?.name ?? 'the shop',
              when: shopTime(row.startAt, timezone),
              timezone,
              staffName: row.staffName,
              services: lines.filter((l) => l.appointmentId === row.id).map((l) => l.name),
              link: workspace ? derivedLink(links, config.publicUrl, workspace.slug, row) : null,
            },
            dayOfAppointment(row.startAt, at, timezone),
          );
          queued.push(await mailer.queueIn(tx, mail));
        }
        return queued;
      });
      // Committed: the claims and their outbox rows are there; deliver (SMTP) now.
      for (const delivery of deliveries) delivery.deliver();
      sent += deliveries.length;
    }
    return sent;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = runOnce()
      .then((n) => {
        if (n > 0) log.info({ reminders: n }, 'barber reminders written');
      })
      .catch((err: unknown) => log.error({ err }, 'barber reminders failed; the next pass tries again'))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    runOnce,
    /** Looks now and every REMINDER_INTERVAL_MS until stop(). */
    start(intervalMs = REMINDER_INTERVAL_MS) {
      if (timer) return;
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
