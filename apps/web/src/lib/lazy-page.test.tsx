import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as chunkReload from './chunk-reload.ts';
import { lazyPage } from './lazy-page.ts';

const Hello = ({ who }: { who: string }) => <p>Hello {who}</p>;
const fallback = <p>Waiting</p>;

describe('lazyPage', () => {
  it('renders a page whose chunk has loaded at once, without showing the fallback', async () => {
    const Page = lazyPage(async () => ({ Hello }), 'Hello');
    await Page.preload();
    render(
      <Suspense fallback={fallback}>
        <Page who="there" />
      </Suspense>,
    );
    // Synchronously: no fallback was committed, so React has no reveal to hold back.
    expect(screen.getByText('Hello there')).toBeTruthy();
    expect(screen.queryByText('Waiting')).toBeNull();
  });

  it('suspends a page whose chunk has not loaded, then shows it', async () => {
    let arrive: (module: { Hello: typeof Hello }) => void = () => {};
    const Page = lazyPage(
      () => new Promise<{ Hello: typeof Hello }>((resolve) => (arrive = resolve)),
      'Hello',
    );
    render(
      <Suspense fallback={fallback}>
        <Page who="later" />
      </Suspense>,
    );
    expect(screen.getByText('Waiting')).toBeTruthy();
    await act(async () => arrive({ Hello }));
    expect(await screen.findByText('Hello later')).toBeTruthy();
  });

  it('keeps the state of a page that mounted suspended across later renders', async () => {
    let mounts = 0;
    const Counter = () => {
      const [n] = useState(() => ++mounts);
      return <p>Mount {n}</p>;
    };
    let arrive: (module: { Counter: typeof Counter }) => void = () => {};
    const Page = lazyPage(
      () => new Promise<{ Counter: typeof Counter }>((resolve) => (arrive = resolve)),
      'Counter',
    );
    const { rerender } = render(
      <Suspense fallback={fallback}>
        <Page />
      </Suspense>,
    );
    await act(async () => arrive({ Counter }));
    expect(await screen.findByText('Mount 1')).toBeTruthy();
    rerender(
      <Suspense fallback={fallback}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Mount 1')).toBeTruthy();
    expect(mounts).toBe(1);
  });

  it('tries a failed load again on the next preload', async () => {
    let calls = 0;
    const Page = lazyPage(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return { Hello };
    }, 'Hello');
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(calls).toBe(2);
    render(<Page who="again" />);
    expect(screen.getByText('Hello again')).toBeTruthy();
  });

  it("reloads the tab when the page's script is gone (a deploy since it loaded), keeping the fallback", async () => {
    const reload = vi.spyOn(chunkReload, 'reloadForNewBuild').mockReturnValue(true);
    const Page = lazyPage<'Hello', { who: string }>(
      () =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/hello-abc.js')),
      'Hello',
    );
    render(
      <Suspense fallback={fallback}>
        <Page who="gone" />
      </Suspense>,
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Waiting')).toBeTruthy();
    reload.mockRestore();
  });
});
