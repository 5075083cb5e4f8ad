/** What the screens that send a code hand to the code screens through history state. */
export type CodeScreenState = { resendAvailableAt?: number };

export const readCodeScreenState = (state: unknown): CodeScreenState => {
  if (typeof state !== 'object' || state === null) return {};
  const value = (state as { resendAvailableAt?: unknown }).resendAvailableAt;
  return typeof value === 'number' ? { resendAvailableAt: value } : {};
};

/** Where the guard sent the user from (`{ from }` in history state), to return there after sign-in. */
export const readReturnPath = (state: unknown): string | null => {
  if (typeof state !== 'object' || state === null) return null;
  const from = (state as { from?: unknown }).from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
};
