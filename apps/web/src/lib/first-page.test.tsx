import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { holdFirstRender, useFirstPageLoaded } from './first-page.ts';

const deferred = () => {
  let settle: { resolve: () => void; reject: (error: Error) => void } = {
    resolve: () => {},
    reject: () => {},
  };
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
};

describe('useFirstPageLoaded', () => {
  it('is true when nothing holds the first render', () => {
    expect(renderHook(() => useFirstPageLoaded()).result.current).toBe(true);
  });

  it("is false while the first page's chunks load, and true once they have", async () => {
    const chunks = deferred();
    holdFirstRender(chunks.promise);
    const { result } = renderHook(() => useFirstPageLoaded());
    expect(result.current).toBe(false);
    await act(async () => chunks.resolve());
    expect(result.current).toBe(true);
  });

  it('lets the app render when they fail (the page then shows the failure)', async () => {
    const chunks = deferred();
    holdFirstRender(chunks.promise);
    const { result } = renderHook(() => useFirstPageLoaded());
    expect(result.current).toBe(false);
    await act(async () => chunks.reject(new Error('offline')));
    expect(result.current).toBe(true);
  });
});
