/** `{ data, message? }`: what the API answers for one object (docs/api.md, 'Envelopes'). */
export type Envelope<T> = { data: T; message?: string };

/** `{ data: [...], meta }`: one page of a list; `capped`: there are more than `total` (the ticket list). */
export type ListPage<T> = {
  data: T[];
  meta: { page: number; limit: number; total: number; capped?: boolean };
};

/** The query string of a list call; empty and undefined values are left out. */
export const listQuery = (params: Record<string, string | number | boolean | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};
