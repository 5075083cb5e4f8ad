import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAuthSession } from '../test/fixtures.ts';
import { holdFirstRender, signedInFirstRender, useFirstPageLoaded } from './first-page.ts';
import { setSignedIn, setSignedOut } from './session-store.ts';

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

/** Whether `promise` has settled once the pending microtasks and a timer turn have run. */
const hasSettled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('signedInFirstRender', () => {
  afterEach(() => setSignedOut('none'));

  it("waits for the page's chunks when the session is restored signed in", async () => {
    const page = deferred();
    const restoring = deferred();
    let signInPageAsked = false;
    const first = signedInFirstRender(page.promise, restoring.promise, () => {
      signInPageAsked = true;
      return Promise.resolve();
    });
    setSignedIn(fakeAuthSession());
    restoring.resolve();
    expect(await hasSettled(first)).toBe(false);
    page.resolve();
    expect(await hasSettled(first)).toBe(true);
    expect(signInPageAsked).toBe(false);
  });

  it("waits for the sign-in page's chunks, not the page's, when the restore finds no session", async () => {
    const page = deferred();
    const restoring = deferred();
    const signInPage = deferred();
    let signInPageAsked = false;
    const first = signedInFirstRender(page.promise, restoring.promise, () => {
      signInPageAsked = true;
      return signInPage.promise;
    });
    expect(await hasSettled(first)).toBe(false);
    setSignedOut('none');
    restoring.resolve();
    expect(await hasSettled(first)).toBe(false);
    expect(signInPageAsked).toBe(true);
    signInPage.resolve();
    expect(await hasSettled(first)).toBe(true);
  });

  it('settles with the page when its chunks come before the restore', async () => {
    const page = deferred();
    const first = signedInFirstRender(page.promise, new Promise(() => {}), () => new Promise(() => {}));
    page.resolve();
    expect(await hasSettled(first)).toBe(true);
  });

  it('treats a failed restore as what the session then says (signed out here)', async () => {
    const restoring = deferred();
    const first = signedInFirstRender(new Promise(() => {}), restoring.promise, () => Promise.resolve());
    setSignedOut('none');
    restoring.reject(new Error('offline'));
    expect(await hasSettled(first)).toBe(true);
  });
});
