import { screen, within } from '@testing-library/react';
import type { BoardState } from '@workhub/shared/schemas/ticketing';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { BoardPage } from './board-page.tsx';
import { STREAM_RETRY } from './use-board-events.ts';

const fetchMock = mockFetchPerTest();

/**
 * An EventSource the test drives: `board` and `ping` send an event, `refuse` is an answer that is
 * not a stream.
 */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  readonly #listeners: { type: string; listener: (event: MessageEvent<string>) => void }[] = [];
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: 'board' | 'ping', listener: (event: MessageEvent<string>) => void) {
    this.#listeners.push({ type, listener });
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  #send(type: string, data: string) {
    this.readyState = FakeEventSource.OPEN;
    for (const l of this.#listeners) if (l.type === type) l.listener(new MessageEvent(type, { data }));
  }
  board(state: BoardState) {
    this.#send('board', JSON.stringify(state));
  }
  ping() {
    this.#send('ping', '');
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
  opening_hours: [],
  services: [{ id: 's1', name: 'Deposits', prefix: 'D', waiting: 1, counter_open: true }],
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
  STREAM_RETRY.silentMs = 10_000;
  STREAM_RETRY.readMs = 10_000;
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

  it('fills a TV: the whole width, the called and next numbers sized by the screen, not 48 px', async () => {
    boardPage('harbour');
    stream(0).board(board(null));
    expect(await screen.findByText('Live')).toBeTruthy();
    stream(0).board({ ...board('D-001'), next: [{ number: 'D-002', priority: false }] });
    const number = await screen.findByRole('heading', { level: 2, name: 'D-001' });
    // Sized by the screen in board-page.module.css (jsdom reads no clamp()), not Mantine's h2.
    expect(number.className).toMatch(/number/);
    expect(screen.getByTestId('last-call').className).toMatch(/lastCall/);
    expect(
      within(screen.getByTestId('next-tickets')).getByText('D-002').closest('.mantine-Badge-root')?.className,
    ).toMatch(/next/);
    expect(screen.getByRole('main').getAttribute('data-fluid')).toBe('true');
  });

  it('says the last call while its ticket is at the counter, and no longer once it left (done, transferred)', async () => {
    boardPage('harbour');
    stream(0).board(board(null));
    expect(await screen.findByText('Live')).toBeTruthy();
    expect(screen.queryByTestId('last-call')).toBeNull();
    stream(0).board(board('D-001'));
    expect((await screen.findByTestId('last-call')).textContent).toBe('D-001 → Window 1');
    // Transferred back to waiting (or done, or a no-show): Window 1 holds no ticket now.
    stream(0).board(board(null));
    await vi.waitFor(() => expect(screen.queryByTestId('last-call')).toBeNull());
    stream(0).board(board('D-002'));
    expect((await screen.findByTestId('last-call')).textContent).toBe('D-002 → Window 1');
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

  it('takes a stream that hears nothing, not even a ping, for dead: reads the board and opens another', async () => {
    STREAM_RETRY.silentMs = 150;
    fetchMock.mockResolvedValue(jsonResponse(200, { data: board('D-002') }));
    boardPage('harbour');
    stream(0).board(board('D-001'));
    expect(await screen.findByText('Live')).toBeTruthy();
    // The network drops with no close: the stream stays open and says nothing more.
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 2_000 });
    expect(stream(0).readyState).toBe(FakeEventSource.CLOSED);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText('D-002').length).toBeGreaterThan(0);
    stream(1).board(board('D-003'));
    expect(await screen.findByText('Live')).toBeTruthy();
    expect(screen.getAllByText('D-003').length).toBeGreaterThan(0);
  });

  it('opens another stream when the board read after a dead one never answers', async () => {
    STREAM_RETRY.silentMs = 150;
    STREAM_RETRY.readMs = 100;
    // The read goes down a connection that died with the line: no answer, until it is given up.
    fetchMock.mockImplementation(
      (_url: unknown, init?: RequestInit) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    boardPage('harbour');
    stream(0).board(board('D-001'));
    expect(await screen.findByText('Live')).toBeTruthy();
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 2_000 });
    stream(1).board(board('D-004'));
    expect(await screen.findByText('Live')).toBeTruthy();
    expect(screen.getAllByText('D-004').length).toBeGreaterThan(0);
  });

  it('gives up a new stream that sends no first board within the read time', async () => {
    STREAM_RETRY.readMs = 100;
    fetchMock.mockResolvedValue(jsonResponse(200, { data: board('D-005') }));
    boardPage('harbour');
    // Opened down a dead connection: never a word, never an error.
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 2_000 });
    expect(stream(0).readyState).toBe(FakeEventSource.CLOSED);
    expect(screen.getAllByText('D-005').length).toBeGreaterThan(0);
  });

  it('keeps a quiet stream that pings', async () => {
    STREAM_RETRY.silentMs = 400;
    boardPage('harbour');
    stream(0).board(board('D-001'));
    expect(await screen.findByText('Live')).toBeTruthy();
    // Pings far apart from one another less than silentMs, for longer than it.
    for (let i = 0; i < 30; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      stream(0).ping();
    }
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(stream(0).readyState).toBe(FakeEventSource.OPEN);
    expect(screen.getByText('Live')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
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
