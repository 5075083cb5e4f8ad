import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type Preloadable = {
  /** Starts loading the chunk now (before the page renders); the page then renders with it. */
  preload: () => Promise<unknown>;
};
export type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & Preloadable;

/**
 * React.lazy for a module's named export: every page is its own chunk. `preload()` starts the
 * chunk's download early (main.tsx: while the session is restored); a failed load is tried again
 * on the next call.
 */
export const lazyPage = <K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyPage<P> => {
  let loading: Promise<Record<K, ComponentType<P>>> | undefined;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const page = lazy(async () => ({ default: (await loadOnce())[name] }));
  return Object.assign(page, { preload: loadOnce });
};
