import { queryClient } from './query-client.ts';
import { signOut } from './session.ts';

/**
 * The user's own logout: revoke on the server, forget the session and every cached answer, tell
 * the other tabs. The guards then take this tab to the public site (app/guards/access.ts).
 * Imported only by lazy pages, as it carries the query client.
 */
export const logout = async (): Promise<void> => {
  await signOut();
  queryClient.clear();
};
