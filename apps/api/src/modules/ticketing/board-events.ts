import type { BoardState } from '@workhub/shared/schemas/ticketing';
import type { Db } from '../../db/client.ts';
import { outsideRequest, withTenant } from '../../db/tenant-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { boardVersion, readBoard, todayOf } from './board.service.ts';
import type { Tenancy } from './ticketing-tenancy.ts';

/** How often a workspace's board version is read while someone watches it. */
export const BOARD_POLL_MS = 1000;

type Watched = Tenancy & { workspaceName: string };
type Listener = (state: BoardState) => void;

type Entry = {
  scope: Watched;
  listeners: Set<Listener>;
  timer: ReturnType<typeof setInterval>;
  version: string | undefined;
  polling: boolean;
};

let open = 0;
/** Streams open in this process (all hubs): the tests check that a stream ends when its client goes. */
export const openBoardStreams = (): number => open;

/**
 * The live board of each watched workspace, shared by every stream of this process that watches
 * it: one timer per workspace reads the board's version (one aggregate, in a short transaction of
 * its own whose tenant is that workspace) every BOARD_POLL_MS, and only when it changed reads the
 * board once and hands it to every listener. A listener holds no database connection; the
 * database is the one source of truth, so a change made through any instance reaches every
 * instance's boards within a poll. The timer stops with the workspace's last listener.
 */
export function createBoardHub(root: Db, now: Clock) {
  const entries = new Map<string, Entry>();

  async function poll(entry: Entry): Promise<void> {
    if (entry.polling) return;
    entry.polling = true;
    try {
      const tenant = { accountId: entry.scope.accountId, workspaceId: entry.scope.workspaceId, userId: null };
      const state = await withTenant(root, tenant, async (tx) => {
        const at = now();
        const version = await boardVersion(tx, entry.scope, await todayOf(tx, entry.scope, at));
        if (version === entry.version) return undefined;
        return readBoard(tx, entry.scope, entry.scope.workspaceName, at);
      });
      if (!state) return;
      entry.version = state.version;
      for (const listener of entry.listeners) listener(state);
    } catch {
      // A failed poll (the database briefly away) is retried at the next tick.
    } finally {
      entry.polling = false;
    }
  }

  return {
    /** Calls `listener` with each new board of the workspace; returns the unsubscribe. */
    subscribe(scope: Watched, seenVersion: string, listener: Listener): () => void {
      let entry = entries.get(scope.workspaceId);
      if (!entry) {
        const created: Entry = {
          scope,
          listeners: new Set(),
          version: seenVersion,
          polling: false,
          timer: outsideRequest(() =>
            setInterval(() => void outsideRequest(() => poll(created)), BOARD_POLL_MS),
          ),
        };
        entry = created;
        entries.set(scope.workspaceId, entry);
      }
      const watched = entry;
      watched.listeners.add(listener);
      open += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        open -= 1;
        watched.listeners.delete(listener);
        if (watched.listeners.size === 0) {
          clearInterval(watched.timer);
          entries.delete(scope.workspaceId);
        }
      };
    },
    /** Stops every timer (the app is closing). */
    close(): void {
      for (const entry of entries.values()) clearInterval(entry.timer);
      entries.clear();
    },
  };
}

export type BoardHub = ReturnType<typeof createBoardHub>;
