import { screen } from '@testing-library/react';
import type { BoardState } from '@workhub/shared/schemas/ticketing';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { BoardPage } from './board-page.tsx';
import { STREAM_RETRY } from './use-board-events.ts';

const fetchMock = mockFetchPerTest();

/** An EventSource the test drives: `board` sends an event, `refuse` is an answer that is not a stream. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  readonly #listeners: ((event: MessageEvent<string>) => void)[] = [];
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(_type: 'board', listener: (event: MessageEvent<string>) => void) {
    this.#listeners.push(listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  board(state: BoardState) {
    this.readyState = FakeEventSource.OPEN;
    for (const listener of this.#listeners)
      listener(new MessageEvent('board', { data: JSON.stringify(state) }));
  }
  /** As a browser does for a 404, 429 or 502: the stream is closed for good, then onerror. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  /** A dropped connection the browser retries by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}

const board = (counter: string | null): BoardState => ({
  workspace_name: 'Harbour Bank',
  version: counter ?? 'none',
  open_now: true,
  services: [{ id: 's1', name: 'Deposits', prefix: 'D', waiting: 1 }],
  counters: [
    {
      id: 'c1',
      name: 'Window 1',
      ticket: counter ? { number: counter, status: 'called', called_at: null, recall_count: 0 } : null,
    },
  ],
  next: [],
});

const saved = { ...STREAM_RETRY };
beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  STREAM_RETRY.firstMs = 20;
  STREAM_RETRY.maxMs = 40;
});
afterEach(() => {
  Object.assign(STREAM_RETRY, saved);
});

const boardPage = (slug: string) =>
  renderWithData(
    <Routes>
      <Route path="/q/:slug/board" element={<BoardPage />} />
    </Routes>,
    `/q/${slug}/board`,
  );
const stream = (n: number) => {
  const source = FakeEventSource.opened[n];
  if (!source) throw new Error(`stream ${n} was not opened`);
  return source;
};

describe('BoardPage', () => {
  it('shows the board live from its stream, and "Reconnecting…" while the browser retries', async () => {
    boardPage('harbour');
    expect(stream(0).url).toBe('/api/public/queues/harbour/events');
    stream(0).board(board('D-001'));
    expect(await screen.findByText('Live')).toBeTruthy();
    expect(screen.getAllByText('D-001').length).toBeGreaterThan(0);
    stream(0).drop();
    expect(await screen.findByText('Reconnecting…')).toBeTruthy();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the stream again when the server refused it (a 429, a 502), showing the board it reads meanwhile', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: board('D-007') }));
    boardPage('harbour');
    stream(0).refuse();
    // The board is read once and shown, not live; the stream is opened again a moment later.
    expect(await screen.findByText('Reconnecting…')).toBeTruthy();
    expect(screen.getAllByText('D-007').length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    stream(1).board(board('D-008'));
    expect(await screen.findByText('Live')).toBeTruthy();
    expect(screen.getAllByText('D-008').length).toBeGreaterThan(0);
  });

  it('keeps trying while the server does not answer at all, and never says the queue is gone', async () => {
    fetchMock.mockResolvedValue(jsonResponse(502));
    boardPage('harbour');
    stream(0).refuse();
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    stream(1).refuse();
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(3));
    expect(screen.queryByText('This board could not be loaded')).toBeNull();
  });

  it('says the board could not be loaded when the queue is not there (404), and stops', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
    boardPage('gone');
    stream(0).board(board('D-001'));
    expect(await screen.findByText('Live')).toBeTruthy();
    // The queue is deleted while the board is on the wall.
    stream(0).refuse();
    expect(await screen.findByText('This board could not be loaded')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
