import { beforeEach, vi } from 'vitest';

/**
 * jsdom lays nothing out, so recharts warns that every chart has no size; that is expected in unit
 * tests. Silences that one warning for each test of the calling file, and lets any other through.
 */
export const quietChartSizeWarnings = () =>
  beforeEach(() => {
    const warn = console.warn;
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (String(args[0]).startsWith('The width(0) and height(0) of chart')) return;
      warn(...args);
    });
    return () => vi.mocked(console.warn).mockRestore();
  });
