import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The tab a page shows, kept in its address (`?tab=`): one of `tabs`, the first when the address
 * names none or one that is not there. Choosing a tab adds a history entry, so a reload keeps it
 * and Back returns to the tab before; the first tab is the address without `?tab=`.
 */
export const useTabParam = <T extends string>(
  tabs: readonly [T, ...T[]],
): [T, (next: string | null) => void] => {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('tab');
  const tab = tabs.find((t) => t === raw) ?? tabs[0];
  const setTab = useCallback(
    (next: string | null) =>
      setSearchParams((params) => {
        const copy = new URLSearchParams(params);
        if (next === null || next === tabs[0] || !tabs.includes(next as T)) copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      }),
    [setSearchParams, tabs],
  );
  return [tab, setTab];
};
