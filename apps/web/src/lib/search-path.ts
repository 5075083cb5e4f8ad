/** The longest search the lists take (the API's `q`). */
export const SEARCH_MAX = 100;

/** The search page's address for `text`, trimmed; null when there is nothing to search for. */
export const searchPath = (text: string): string | null => {
  const q = text.trim();
  return q === '' ? null : `/search?${new URLSearchParams({ q })}`;
};
