import { useSyncExternalStore } from 'react';

/**
 * The workspace this tab was just put out of: the session, refreshed because an answer said its
 * workspace no longer held (the member was removed, made inactive, or the workspace archived),
 * came back home. `reason` is the refusal's words when a refusal said so. The page then says what
 * happened instead of "Choose a workspace first"; entering a workspace forgets it.
 */
export type LostWorkspace = { name: string; reason: string | null };

let lost: LostWorkspace | null = null;
const listeners = new Set<() => void>();

export const setLostWorkspace = (next: LostWorkspace | null): void => {
  if (lost === next) return;
  lost = next;
  for (const listener of listeners) listener();
};

export const getLostWorkspace = (): LostWorkspace | null => lost;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useLostWorkspace = (): LostWorkspace | null => useSyncExternalStore(subscribe, getLostWorkspace);
