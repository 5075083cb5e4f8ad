import { type ComponentType, createElement, lazy, useState } from 'react';
import { isChunkLoadError, reloadForNewBuild } from './chunk-reload.ts';

export type Preloadable = {
  /** Starts loading the chunk now (before the page renders); the page then renders with it. */
  preload: () => Promise<unknown>;
};
export type LazyPage<P extends object = object> = ComponentType<P> & Preloadable;

/**
 * React.lazy for a module's named export: every page is its own chunk. `preload()` starts the
 * chunk's download early (main.tsx: while the session is restored); a failed load is tried again
 * on the next call.
 *
 * A page whose chunk has loaded when it mounts renders at once, without suspending: React.lazy
 * suspends on its first render even then (its promise is read in a later microtask), and React
 * shows the fallback and then holds the page back until 300 ms after it (its throttle of Suspense
 * reveals): the largest paint of a first visit came ~300 ms after its scripts (docs/performance.md).
 * Which of the two a mount renders is chosen once: switching would mount the page anew.
 */
export const lazyPage = <K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyPage<P> => {
  let loading: Promise<Record<K, ComponentType<P>>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (module) => {
        loaded = module[name];
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => {
    try {
      return { default: (await loadOnce())[name] };
    } catch (error) {
      // A deploy since the tab loaded replaced the page's script: the tab reloads (at most once a
      // minute) and the fallback stays meanwhile, instead of a crash screen.
      if (isChunkLoadError(error) && reloadForNewBuild()) return new Promise<never>(() => {});
      throw error;
    }
  });
  const Page = (props: P) => {
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return createElement(Shown, props);
  };
  return Object.assign(Page, { preload: loadOnce });
};
