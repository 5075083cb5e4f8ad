import { vi } from 'vitest';
import { PHONE_QUERY } from '../components/filter-fold.tsx';

/**
 * Makes `matchMedia` answer the phone query as a screen that is (or is not) a phone would; every
 * other query does not match. Undone by `vi.restoreAllMocks()`.
 */
export const onPhone = (phone: boolean) => {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...original(query),
    matches: query === PHONE_QUERY ? phone : false,
  }));
};
