import { messages } from '@workhub/shared/messages';
import type { LeftWorkspaceReason } from '@workhub/shared/schemas/auth';
import { useSyncExternalStore } from 'react';

/**
 * The workspace this tab was just put out of: the session, refreshed because an answer said its
 * workspace no longer held (the member was removed, made inactive, or the workspace archived),
 * came back home. `reason` is the refusal's words when a refusal said so. The page then says what
 * happened instead of "Choose a workspace first"; entering a workspace forgets it.
 */
export type LostWorkspace = { name: string; reason: string | null };

/** What a member is told of why they lost a workspace, by the API's reason (X-Session-Stale, left_workspace). */
const WORDS: Record<LeftWorkspaceReason, string> = {
  removed: messages.notAMember,
  inactive: messages.memberInactive,
  archived: messages.workspaceArchivedLost,
  account_inactive: messages.accountInactiveMember,
};

/** The words for a reason the API gave, null for one that puts nobody out (`changed`) or unknown. */
export const lostWorkspaceWords = (reason: string): string | null =>
  Object.hasOwn(WORDS, reason) ? WORDS[reason as LeftWorkspaceReason] : null;

/**
 * Kept for the tab's life in sessionStorage: the page that learnt it may be reloaded at once (the
 * user pressing F5 on the odd page), and its next restore no longer names the workspace.
 */
const KEY = 'workhub.lost-workspace';

const stored = (): LostWorkspace | null => {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (value && typeof value === 'object' && 'name' in value && typeof value.name === 'string') {
      const reason = 'reason' in value && typeof value.reason === 'string' ? value.reason : null;
      return { name: value.name, reason };
    }
  } catch {
    // Storage unavailable or a stray value: nothing was lost that it can tell.
  }
  return null;
};

let lost: LostWorkspace | null = stored();
const listeners = new Set<() => void>();

export const setLostWorkspace = (next: LostWorkspace | null): void => {
  if (lost === next) return;
  lost = next;
  try {
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Kept in memory only.
  }
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
