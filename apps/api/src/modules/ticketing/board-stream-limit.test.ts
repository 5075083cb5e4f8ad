import { ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { describe, expect, it } from 'vitest';
import { eventually, listenOnLoopback, useTestApp } from '../../test/helpers.ts';
import { newTenant } from '../../test/tenants.ts';
import { openBoardStreams } from './board-events.ts';

// Three streams per address here (PUBLIC_STREAMS_PER_IP; 50 by default).
const t = useTestApp({ PUBLIC_STREAMS_PER_IP: '3' });
const base = listenOnLoopback(t);

/** Opens the board's stream; an open one is read (and dropped) until its controller aborts it. */
async function open(slug: string) {
  const controller = new AbortController();
  const response = await fetch(`${base()}/api/public/queues/${slug}/events`, { signal: controller.signal });
  if (response.status === 200) {
    const reader = response.body?.getReader();
    void (async () => {
      try {
        while (reader && !(await reader.read()).done);
      } catch {
        // aborted
      }
    })();
  }
  return { response, close: () => controller.abort() };
}

describe('live board streams per address', () => {
  it('refuses a stream past the limit with 429 and a retry time; one closed makes room again', async () => {
    const { workspace } = await newTenant(t, 'ticketing');
    const slug = workspace.public_slug;
    const before = openBoardStreams();
    const streams = [await open(slug), await open(slug), await open(slug)];
    expect(streams.map((s) => s.response.status)).toEqual([200, 200, 200]);

    const refused = await open(slug);
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toBe('30');
    const body = (await refused.response.json()) as { error: unknown };
    expect(body.error).toMatchObject({
      code: 'RATE_LIMITED',
      message: ticketingMessages.tooManyStreams,
      retry_after: 30,
    });
    expect(openBoardStreams()).toBe(before + 3);

    // Another workspace's board counts against the same address.
    const other = await newTenant(t, 'ticketing');
    expect((await open(other.workspace.public_slug)).response.status).toBe(429);

    streams[0]?.close();
    expect(await eventually(() => openBoardStreams() === before + 2, 2000)).toBe(true);
    const again = await open(slug);
    expect(again.response.status).toBe(200);
    for (const s of [...streams, again]) s.close();
    expect(await eventually(() => openBoardStreams() === before, 2000)).toBe(true);
  });

  it('lets exactly the limit through when many are opened at the same instant', async () => {
    const { workspace } = await newTenant(t, 'ticketing');
    const before = openBoardStreams();
    const streams = await Promise.all(Array.from({ length: 8 }, () => open(workspace.public_slug)));
    const statuses = streams.map((s) => s.response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    for (const s of streams) s.close();
    expect(await eventually(() => openBoardStreams() === before, 2000)).toBe(true);
  });

  it('counts no place for a board that does not exist (404)', async () => {
    for (let i = 0; i < 5; i += 1) {
      const missing = await open('no-such-board');
      expect(missing.response.status).toBe(404);
    }
    const { workspace } = await newTenant(t, 'ticketing');
    const streams = [await open(workspace.public_slug), await open(workspace.public_slug)];
    expect(streams.map((s) => s.response.status)).toEqual([200, 200]);
    for (const s of streams) s.close();
  });
});
