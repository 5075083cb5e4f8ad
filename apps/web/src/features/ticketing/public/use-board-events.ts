import type { BoardState } from '@workhub/shared/schemas/ticketing';
import { useEffect, useState } from 'react';
import { boardEventsUrl } from './api/get-board.ts';

export type BoardFeed = { board: BoardState | null; live: boolean; failed: boolean };

/**
 * The board, live: an EventSource on the queue's events (the server sends the board at once and
 * within 2 s of every change; the browser reconnects by itself). `onBoard` hears every new one.
 */
export function useBoardEvents(slug: string, onBoard?: (board: BoardState) => void): BoardFeed {
  const [feed, setFeed] = useState<BoardFeed>({ board: null, live: false, failed: false });
  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setFeed((f) => ({ ...f, failed: true }));
      return;
    }
    const source = new EventSource(boardEventsUrl(slug));
    source.addEventListener('board', (event) => {
      const board = JSON.parse((event as MessageEvent<string>).data) as BoardState;
      setFeed({ board, live: true, failed: false });
      onBoard?.(board);
    });
    source.onerror = () => {
      // CLOSED: the server refused the stream (an unknown queue); else the browser retries.
      setFeed((f) => ({ ...f, live: false, failed: source.readyState === EventSource.CLOSED }));
    };
    return () => source.close();
  }, [slug, onBoard]);
  return feed;
}
