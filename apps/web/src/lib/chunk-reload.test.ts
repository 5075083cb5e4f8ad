import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForNewBuild } from './chunk-reload.ts';

afterEach(() => sessionStorage.clear());

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://x/assets/students-page-BDpT9QPa.js',
    'error loading dynamically imported module: http://x/assets/a.js',
    'Importing a module script failed.',
  ])('knows a page script that could not be fetched: %s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('reloadForNewBuild', () => {
  it('reloads once, and not again within a minute (a script that stays missing does not loop)', () => {
    const reload = vi.fn();
    expect(reloadForNewBuild(reload, 1_000_000)).toBe(true);
    expect(reloadForNewBuild(reload, 1_030_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForNewBuild(reload, 1_061_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
