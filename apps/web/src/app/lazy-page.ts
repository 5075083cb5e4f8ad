import { type ComponentType, lazy } from 'react';

/** React.lazy for a module's named export: every page is its own chunk. */
export const lazyPage = <K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) => lazy(async () => ({ default: (await load())[name] }));
