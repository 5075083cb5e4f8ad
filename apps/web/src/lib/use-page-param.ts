import { INT32_MAX } from '@workhub/shared/text';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** A page as an address writes it: digits only, no sign, point or exponent ('-1', '2.5', '1e3'). */
const WHOLE_PAGE = /^\d+$/;

/**
 * The page an address's `?page=` names: 1 when missing or not a page ('abc', '-1', '0', '1e3');
 * a page beyond any list (99999999999999, past the 2^31 - 1 the API takes) is the largest the API
 * takes, a page past the last, which the list then turns into its last (`usePageInRange`). So a
 * list never asks the server for a page it would refuse, and never shows 'Some fields are not
 * valid' with a Try again that cannot help.
 */
export const pageFromParam = (raw: string | null): number => {
  if (raw === null || !WHOLE_PAGE.test(raw)) return 1;
  const page = Number(raw);
  if (page < 1) return 1;
  return Math.min(page, INT32_MAX);
};

/** The list page in the address (`?page=`), 1 when missing or not a page (`pageFromParam`). */
export const usePageParam = (): [number, (page: number) => void] => {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromParam(searchParams.get('page'));
  const setPage = useCallback(
    (next: number) =>
      setSearchParams(
        (params) => {
          const copy = new URLSearchParams(params);
          if (next <= 1) copy.delete('page');
          else copy.set('page', String(next));
          return copy;
        },
        { replace: false },
      ),
    [setSearchParams],
  );
  return [page, setPage];
};

/** What a page of a list answers of its place (`meta` of the envelope). */
type PageMeta = { page: number; limit: number; total: number };

/**
 * A list whose address names a page past its last (an old link, `?page=99999999999999`, its last
 * rows gone meanwhile) shows its last page instead (page 1 of an empty list), in place of the
 * address's page: the list's answer is empty there, and without this it read 'No … yet' while it
 * had rows. An address whose page is not one (`?page=abc`, read as page 1) is put right too. Call it
 * with the answer's `meta` (undefined while loading).
 */
export const usePageInRange = (meta: PageMeta | undefined): void => {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('page');
  const asked = pageFromParam(raw);
  const last = meta ? Math.max(1, Math.ceil(meta.total / meta.limit)) : null;
  useEffect(() => {
    if (last === null || meta?.page !== asked) return;
    const shown = Math.min(asked, last);
    // The address says the page shown: '?page=abc' (page 1) loses its page, '?page=007' is '?page=7'.
    const wanted = shown <= 1 ? null : String(shown);
    if (raw === wanted) return;
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (wanted === null) copy.delete('page');
        else copy.set('page', wanted);
        return copy;
      },
      { replace: true },
    );
  }, [asked, last, meta?.page, raw, setSearchParams]);
};
