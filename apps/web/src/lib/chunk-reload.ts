/**
 * A tab opened before a deploy asks for page scripts by the names of the build it loaded; the new
 * build has replaced them, and the page crashed ('Failed to fetch dynamically imported module').
 * Reloading the tab loads the new build's names. Once a minute at most: a script that fails for
 * another reason (offline, a bug in the module) must not reload the tab forever.
 */
const KEY = 'workhub.chunk-reload-at';
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

/** Whether `error` is a page script that could not be fetched (Chromium's, Firefox's and Safari's words). */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && CHUNK_ERROR.test(error.message);

/** Reloads the tab unless it did so for this in the last minute: whether it reloads. */
export const reloadForNewBuild = (reload: () => void = () => window.location.reload(), now = Date.now()) => {
  try {
    const last = Number(sessionStorage.getItem(KEY));
    if (last > 0 && now - last < 60_000) return false;
    sessionStorage.setItem(KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
};
