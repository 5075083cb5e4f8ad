import { useState } from 'react';
import { errorMessage } from './api-error.ts';
import { notify } from './notify.tsx';

/**
 * A status switch that asks before it switches a record off (shutting people out, taking a plan
 * off sale) and switches it on at once. `change` makes the request and gives the server's
 * message; success and failure are toasts, and the dialog closes either way.
 */
export function useConfirmedSwitchOff<T>(
  isOn: (row: T) => boolean,
  change: (row: T) => Promise<{ message?: string | null }>,
  doneMessage: string,
) {
  /** The record about to be switched off, while the confirmation is open. */
  const [asking, setAsking] = useState<T | null>(null);

  const run = async (row: T) => {
    try {
      const answer = await change(row);
      notify.success(answer.message || doneMessage);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setAsking(null);
    }
  };

  return {
    asking,
    toggle: (row: T) => {
      if (isOn(row)) setAsking(row);
      else void run(row);
    },
    confirm: () => {
      if (asking) void run(asking);
    },
    cancel: () => setAsking(null),
  };
}
