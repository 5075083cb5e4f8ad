import { BOARD_HEARTBEAT_MS, type BoardState } from '@workhub/shared/schemas/ticketing';
import { useEffect, useState } from 'react';
import { boardEventsUrl, getBoard } from './api/get-board.ts';
import { isNotFound } from './not-found.tsx';

export type BoardFeed = { board: BoardState | null; live: boolean; failed: boolean };

/**
 * How long a stream the server refused waits before it is opened again: doubling, up to the most;
 * how long a stream may stay silent (no board, no ping: the server pings every
 * BOARD_HEARTBEAT_MS) before it is taken for dead and opened again; and how long the board read
 * between two streams may take (on a dropped line it may never answer).
 */
export const STREAM_RETRY = {
  firstMs: 2_000,
  maxMs: 30_000,
  silentMs: 2 * BOARD_HEARTBEAT_MS + 5_000,
  readMs: 10_000,
};

/**
 * The board, live: an EventSource on the queue's events (the server sends the board at once and
 * within 2 s of every change). `onBoard` hears every new one.
 *
 * The browser reconnects by itself after a dropped connection, but gives up for good when an
 * answer is not a stream: a 404 (no such queue), and as well a 429 (too many boards open from one
 * address) or a proxy's 502 while the server restarts. A board on a wall would then freeze. So a
 * stream that ends closed asks for the board once: a 404 (or 400) says the queue is gone (`failed`);
 * anything else shows the board it read (or keeps the last one) and opens the stream again later.
 *
 * A line that dies silently (the network drops: no close ever arrives) leaves the stream open and
 * quiet, and the board would say Live over old numbers for good. The server pings every
 * BOARD_HEARTBEAT_MS, so a stream that hears nothing for STREAM_RETRY.silentMs is closed and
 * treated as one the browser gave up on; the board read then, and a new stream's first board
 * (sent at once), are given up after readMs (the browser may send them down a kept-alive
 * connection that died with the line).
 */
export function useBoardEvents(slug: string, onBoard?: (board: BoardState) => void): BoardFeed {
  const [feed, setFeed] = useState<BoardFeed>({ board: null, live: false, failed: false });
  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setFeed((f) => ({ ...f, failed: true }));
      return;
    }
    let stopped = false;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    let delay = STREAM_RETRY.firstMs;
    const openLater = () => {
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, STREAM_RETRY.maxMs);
    };
    const show = (board: BoardState, live: boolean) => {
      setFeed({ board, live, failed: false });
      onBoard?.(board);
    };
    /** The stream is over: read the board once, then open another later (or stop on a 404). */
    const reopen = (stream: EventSource) => {
      clearTimeout(watchdog);
      stream.close();
      setFeed((f) => ({ ...f, live: false }));
      getBoard(slug, AbortSignal.timeout(STREAM_RETRY.readMs)).then(
        (board) => {
          if (stopped) return;
          show(board, false);
          openLater();
        },
        (error: unknown) => {
          if (stopped) return;
          if (isNotFound(error)) setFeed({ board: null, live: false, failed: true });
          else openLater();
        },
      );
    };
    function open() {
      const stream = new EventSource(boardEventsUrl(slug));
      source = stream;
      // Heard from: the line is alive for another silentMs. Just opened: the server sends the
      // board at once, so one that says nothing within readMs went down a dead connection.
      const alive = (ms = STREAM_RETRY.silentMs) => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => reopen(stream), ms);
      };
      alive(STREAM_RETRY.readMs);
      stream.addEventListener('ping', () => alive());
      stream.addEventListener('board', (event) => {
        alive();
        delay = STREAM_RETRY.firstMs;
        show(JSON.parse((event as MessageEvent<string>).data) as BoardState, true);
      });
      stream.onerror = () => {
        setFeed((f) => ({ ...f, live: false }));
        // CONNECTING: the browser retries by itself. CLOSED: it has given up on this stream.
        if (stream.readyState === EventSource.CLOSED) reopen(stream);
      };
    }
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(watchdog);
      source?.close();
    };
  }, [slug, onBoard]);
  return feed;
}
