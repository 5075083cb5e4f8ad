import type { BoardState } from '@workhub/shared/schemas/ticketing';
import { useEffect, useState } from 'react';
import { boardEventsUrl, getBoard } from './api/get-board.ts';
import { isNotFound } from './not-found.tsx';

export type BoardFeed = { board: BoardState | null; live: boolean; failed: boolean };

/** How long a stream the server refused waits before it is opened again: doubling, up to the most. */
export const STREAM_RETRY = { firstMs: 2_000, maxMs: 30_000 };

/**
 * The board, live: an EventSource on the queue's events (the server sends the board at once and
 * within 2 s of every change). `onBoard` hears every new one.
 *
 * The browser reconnects by itself after a dropped connection, but gives up for good when an
 * answer is not a stream: a 404 (no such queue), and as well a 429 (too many boards open from one
 * address) or a proxy's 502 while the server restarts. A board on a wall would then freeze. So a
 * stream that ends closed asks for the board once: a 404 (or 400) says the queue is gone (`failed`);
 * anything else shows the board it read (or keeps the last one) and opens the stream again later.
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
    let delay = STREAM_RETRY.firstMs;
    const openLater = () => {
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, STREAM_RETRY.maxMs);
    };
    const show = (board: BoardState, live: boolean) => {
      setFeed({ board, live, failed: false });
      onBoard?.(board);
    };
    function open() {
      const stream = new EventSource(boardEventsUrl(slug));
      source = stream;
      stream.addEventListener('board', (event) => {
        delay = STREAM_RETRY.firstMs;
        show(JSON.parse((event as MessageEvent<string>).data) as BoardState, true);
      });
      stream.onerror = () => {
        setFeed((f) => ({ ...f, live: false }));
        // CONNECTING: the browser retries by itself. CLOSED: it has given up on this stream.
        if (stream.readyState !== EventSource.CLOSED) return;
        stream.close();
        getBoard(slug).then(
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
    }
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [slug, onBoard]);
  return feed;
}
