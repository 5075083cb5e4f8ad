import { MutationObserver, notifyManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';

describe('the query client', () => {
  it("announces a mutation's pending state before the next task (a second click is refused)", async () => {
    const client = createQueryClient();
    const observer = new MutationObserver(client, { mutationFn: () => new Promise<number>(() => {}) });
    const seen: boolean[] = [];
    // As useMutation subscribes: its store's change is a batched call of the notify manager.
    const stop = observer.subscribe(
      notifyManager.batchCalls(() => seen.push(observer.getCurrentResult().isPending)),
    );
    void observer.mutate();
    // Microtasks only: the browser runs a queued click before a timer (its input comes first), so
    // a pending state announced on a setTimeout(0), TanStack's default, came after a double-click.
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    expect(seen).toContain(true);
    stop();
  });
});
