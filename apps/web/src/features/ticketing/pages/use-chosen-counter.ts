import { useState } from 'react';
import { useSessionScope } from '../../../lib/use-session-scope.ts';

/*
 * The counter a member works at, kept in this browser so that the console opens on it again after
 * a reload or another visit: localStorage `workhub.ticketing.counter:<user>/<account>/<workspace>`
 * (the session's place: a new role keeps it), so that another user, or the same user in another workspace, on this
 * browser never lands on it. Storage can be unavailable (private mode, quota): the choice then
 * lasts until the page is left, as if nothing had been stored.
 */
const keyOf = (scope: string) => `workhub.ticketing.counter:${scope}`;

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, id: string | null): void => {
  try {
    if (id === null) localStorage.removeItem(key);
    else localStorage.setItem(key, id);
  } catch {
    // Nothing to do: the choice is simply not kept.
  }
};

/**
 * The id of the counter this user last chose in this workspace on this browser (or null), and the
 * function that chooses another (null: none). The caller checks that the counter still exists and
 * is active: a stored id is only a hint.
 */
export const useChosenCounter = (): [string | null, (id: string | null) => void] => {
  const key = keyOf(useSessionScope('place'));
  // The choice made on this page, for its scope: it holds even where storage is unavailable.
  const [made, setMade] = useState<{ key: string; id: string | null } | null>(null);
  const choose = (id: string | null) => {
    write(key, id);
    setMade({ key, id });
  };
  return [made?.key === key ? made.id : read(key), choose];
};
