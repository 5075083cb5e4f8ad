import { dataEnvelope } from '@workhub/shared/schemas/common';
import {
  BOARD_HEARTBEAT_MS,
  type BoardState,
  boardState,
  type PublicTicket,
  publicTicket,
  publicTicketBody,
  publicTicketParam,
  slugParam,
  type Ticket,
  ticketingMessages,
} from '@workhub/shared/schemas/ticketing';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { publicScope } from '../../plugins/public-gate.ts';
import { readBoard } from './board.service.ts';
import { createBoardHub } from './board-events.ts';
import { ticketingTickets } from './ticketing.schema.ts';
import { createTicketingRecords } from './ticketing-records.service.ts';
import { createTicketsService } from './tickets.service.ts';

const tags = ['ticketing (public)'];
/**
 * How often an idle stream sends a `ping` event: it keeps proxies from closing the stream, and is
 * an event, not a comment, so that the page can see it: a board that hears nothing for two of
 * them knows its line died silently (a dropped network sends no close) and opens another
 * (use-board-events.ts). `ms` is read as each stream opens; the tests shorten it.
 */
export const BOARD_HEARTBEAT = { ms: BOARD_HEARTBEAT_MS };

/**
 * The queue's public pages' API (/q/{slug}/take, /board, /t/{id}), behind the slug gate
 * (plugins/public-gate.ts): the board (numbers only: no names, no members), a ticket from the
 * kiosk, a ticket's live place by its random public id, and the board as server-sent events.
 */
export const ticketingPublicRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  const { db, now } = ctx;
  const records = createTicketingRecords(ctx);
  const tickets = createTicketsService(ctx, records);
  const hub = createBoardHub(db, now);
  const closing = new Set<() => void>();
  // Streams open per client IP in this instance: a stream costs a socket and a subscription for
  // as long as it stays open, so one address may hold at most `publicStreamsPerIp` at once (a
  // venue's screens behind one address stay well under it; a script opening thousands does not).
  const streamsByIp = new Map<string, number>();
  const releaseStream = (ip: string) => {
    const left = (streamsByIp.get(ip) ?? 1) - 1;
    if (left > 0) streamsByIp.set(ip, left);
    else streamsByIp.delete(ip);
  };
  const closeAll = async () => {
    for (const close of [...closing]) close();
    hub.close();
  };
  app.addHook('preClose', closeAll);
  app.addHook('onClose', closeAll);

  /** `transferredFrom`: the number it was issued with, when a transfer gave it `ticket.number`. */
  const toPublic = async (
    scope: ReturnType<typeof publicScope>,
    ticket: Ticket,
    transferredFrom: string | null = null,
  ): Promise<PublicTicket> => {
    const { ahead, minutes, counterOpen } = await tickets.placeOf(scope, ticket);
    return {
      public_id: ticket.public_id,
      number: ticket.number,
      service_name: ticket.service_name,
      priority: ticket.priority,
      status: ticket.status,
      counter_name: ticket.counter_name,
      people_ahead: ahead,
      estimated_wait_minutes: minutes,
      counter_open: counterOpen,
      queued_at: ticket.queued_at,
      // Sent back to its first service on a later day, it may show its first number again.
      transferred_from: transferredFrom === ticket.number ? null : transferredFrom,
    };
  };

  app.get(
    '/queues/:slug',
    {
      schema: {
        tags,
        summary: "The queue's board: open now, services, each counter's ticket, the next numbers",
        params: slugParam,
        response: { 200: dataEnvelope(boardState), ...errorResponses(404, 429) },
      },
    },
    async (request) => {
      const scope = publicScope(request);
      return { data: await readBoard(db, scope, scope.workspaceName, now()) };
    },
  );

  app.post(
    '/queues/:slug/tickets',
    {
      schema: {
        tags,
        summary: 'Take a ticket at the kiosk: its number, the people ahead and its public id',
        params: slugParam,
        body: publicTicketBody,
        response: { 201: dataEnvelope(publicTicket), ...errorResponses(400, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const scope = publicScope(request);
      const ticket = await tickets.issue(scope, request.body, { source: 'kiosk', issuedBy: null });
      return reply
        .status(201)
        .send({ message: ticketingMessages.ticketCreated, data: await toPublic(scope, ticket) });
    },
  );

  app.get(
    '/queues/:slug/tickets/:publicId',
    {
      schema: {
        tags,
        summary:
          "A ticket's live state: status, people ahead, estimated wait, the counter calling it, the number it was issued with if a transfer changed it",
        params: publicTicketParam,
        response: { 200: dataEnvelope(publicTicket), ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const scope = publicScope(request);
      const [found] = await db
        .select({ id: ticketingTickets.id, transferredFrom: ticketingTickets.transferredFrom })
        .from(ticketingTickets)
        .where(
          and(scope.workspace(ticketingTickets), eq(ticketingTickets.publicId, request.params.publicId)),
        );
      if (!found) throw notFound();
      return {
        data: await toPublic(scope, await tickets.ticketById(scope, found.id), found.transferredFrom),
      };
    },
  );

  app.get(
    '/queues/:slug/events',
    {
      schema: {
        tags,
        summary:
          'The board as server-sent events: `board` with the state now, then again within 2 s of any change',
        params: slugParam,
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const scope = publicScope(request);
      const ip = request.ip;
      const open = streamsByIp.get(ip) ?? 0;
      if (open >= ctx.config.publicStreamsPerIp)
        throw new AppError(429, 'RATE_LIMITED', ticketingMessages.tooManyStreams, { retryAfter: 30 });
      // Counted before the first read is awaited, so many opened at once cannot all pass the check.
      streamsByIp.set(ip, open + 1);
      let first: BoardState;
      try {
        first = await readBoard(db, scope, scope.workspaceName, now());
        // The stream holds no transaction (nor its pool connection): the hub's poller reads the board.
        await request.tenantTransaction?.end(true);
        request.tenantTransaction = undefined;
      } catch (err) {
        releaseStream(ip);
        throw err;
      }
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      const send = (state: BoardState) => out.write(`event: board\ndata: ${JSON.stringify(state)}\n\n`);
      out.write('retry: 2000\n\n');
      send(first);
      const unsubscribe = hub.subscribe(scope, first.version, send);
      const heartbeat = setInterval(() => out.write('event: ping\ndata: \n\n'), BOARD_HEARTBEAT.ms);
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        releaseStream(ip);
        clearInterval(heartbeat);
        unsubscribe();
        closing.delete(close);
        if (!out.writableEnded) out.end();
      };
      closing.add(close);
      request.raw.on('close', close);
      out.on('close', close);
      out.on('error', close);
      // A client that left while the first board was read has closed already: no event will come.
      if (request.raw.destroyed || out.destroyed) close();
    },
  );
};
