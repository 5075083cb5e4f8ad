import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The list page in the address (`?page=`), 1 when missing or not a positive whole number. */
export const usePageParam = (): [number, (page: number) => void] => {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
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
